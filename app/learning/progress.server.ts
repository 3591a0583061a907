// What each learner has watched: the learn page, its beacon route and the progress API all record and read
// progress here. Who may record is the access module's rule (app/access/policy.ts, mayRecordProgress):
// enrolled learners, the course's trainer and admins; a free preview records nothing. The trainer's and admins' progress is recorded like anyone's, so a trainer
// previewing their course sees ticks and resume work; certificates decide eligibility on enrollment, not on
// progress rows.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { accessToLesson } from "../access/access.server";
import { mayRecordProgress } from "../access/policy";
import { issueCertificateOnCompletion } from "../certificates/certificates.server";
import type { Database } from "../db/client.server";
import { courseSections, lessonProgress, lessons, type User, videos } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { isRowId } from "../lib/validation";
import {
  checkPosition,
  mayMarkComplete,
  type PositionCheck,
  plausibleWatch,
  progressPercent,
  reachesCompletion,
} from "./policy";

export type LessonProgressView = {
  lessonId: number;
  positionSeconds: number;
  completed: boolean;
  completedAt: string | null;
  updatedAt: string | null;
};

export type CourseProgress = {
  completedLessons: number;
  totalLessons: number;
  percent: number;
  /** The lesson the learner touched last (progress saved or completion changed), or null. */
  lastLessonId: number | null;
  lessons: { id: number; completed: boolean; positionSeconds: number }[];
};

/** Why a viewer cannot reach a course's lesson; the page and the API turn it into 404, 401 or 403. */
export type LessonRefusal = "not_found" | "sign_in" | "forbidden";

export type ProgressChange = {
  positionSeconds?: number;
  completed?: boolean;
  /** When the learner opened the lesson page this change comes from (a verified app/learning/opened-token). */
  openedAt?: Date;
};

export type RecordOutcome =
  | {
      ok: true;
      progress: LessonProgressView;
      /** The certificate this change earned: it completed the course's last lesson (issue 50). */
      certificateIssued?: { id: string; code: string };
    }
  | { ok: false; reason: LessonRefusal }
  | { ok: false; reason: "invalid_position"; check: Exclude<PositionCheck, { ok: true }> }
  | { ok: false; reason: "not_watched" }
  /** A quiz lesson completes only by passing its quiz (app/quizzes/attempts.server.ts): never by a mark. */
  | { ok: false; reason: "quiz_lesson" };

/**
 * Saves a learner's position in a lesson and/or its completion, after checking access.
 *
 * A position outside 0…the lesson's length is refused and changes nothing. What counts as watched is never
 * taken on the client's word (app/learning/policy.ts): the furthest point plausibly reached only grows as
 * fast as the wall clock since the learner began the lesson. Completion is monotonic: reaching 90 % of the
 * video's measured length completes it; "mark as complete" completes a video lesson only once that much
 * could have been watched (any other lesson at once); only `completed: false` clears it. A quiz lesson is
 * complete once its quiz is passed, in the submit's transaction: marking it (complete or not) is refused.
 */
export async function recordProgress(
  db: Database,
  user: Pick<User, "id" | "role">,
  courseId: number,
  lessonId: number,
  change: ProgressChange,
  now = new Date(),
): Promise<RecordOutcome> {
  const access = await accessToLesson(db, user, courseId, lessonId);
  if (!access.ok) return access;
  // A free preview opens for anyone, but records nothing: progress is for those who hold the course.
  if (!mayRecordProgress(access)) return { ok: false, reason: "forbidden" };
  const [lesson] = await db
    .select({
      kind: lessons.kind,
      durationMinutes: lessons.durationMinutes,
      videoSeconds: videos.durationSeconds,
    })
    .from(lessons)
    .leftJoin(videos, eq(videos.id, lessons.videoId))
    .where(eq(lessons.id, lessonId));
  if (!lesson) return { ok: false, reason: "not_found" };
  if (lesson.kind === "quiz" && change.completed !== undefined) return { ok: false, reason: "quiz_lesson" };

  let position: number | undefined;
  if (change.positionSeconds !== undefined) {
    const check = checkPosition(change.positionSeconds, {
      videoSeconds: lesson.videoSeconds,
      durationMinutes: lesson.durationMinutes,
    });
    if (!check.ok) return { ok: false, reason: "invalid_position", check };
    position = check.seconds;
  }

  const outcome = await db.transaction(async (tx) => {
    // The learner's row, locked, so parallel saves (a beacon and a click) each see the other's watching.
    await tx
      .insert(lessonProgress)
      .values({ userId: user.id, lessonId, courseId })
      .onConflictDoNothing({ target: [lessonProgress.userId, lessonProgress.lessonId] });
    const [current] = await tx
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.lessonId, lessonId)))
      .for("update");
    if (!current) throw new Error("recordProgress: the learner's row vanished under its lock");

    // Begun at the first position reported, or earlier if the page it was marked on was opened earlier.
    const candidates = [current.startedAt, change.openedAt, position !== undefined ? now : undefined];
    const starts = candidates.filter((time): time is Date => time instanceof Date);
    const startedAt = starts.length > 0 ? new Date(Math.min(...starts.map((time) => time.getTime()))) : null;
    const watchedSeconds =
      position !== undefined && startedAt
        ? Math.max(current.watchedSeconds, plausibleWatch(position, startedAt, now))
        : current.watchedSeconds;

    if (change.completed === true && !mayMarkComplete(lesson, { watchedSeconds, startedAt }, now))
      return { ok: false as const, reason: "not_watched" as const };
    const completes =
      change.completed === true ||
      (change.completed === undefined && reachesCompletion(watchedSeconds, lesson.videoSeconds));
    const completedAt = change.completed === false ? null : (current.completedAt ?? (completes ? now : null));

    const [row] = await tx
      .update(lessonProgress)
      .set({
        positionSeconds: position ?? current.positionSeconds,
        startedAt,
        watchedSeconds,
        completedAt,
        updatedAt: now,
      })
      .where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.lessonId, lessonId)))
      .returning();
    if (!row) throw new Error("recordProgress: the update returned no row");
    return { ok: true as const, progress: toView(row), completedNow: !current.completedAt && !!completedAt };
  });
  if (!outcome.ok) return outcome;
  const { completedNow, progress } = outcome;
  // Completing the last lesson issues the certificate at once, after the completion committed (issue 50):
  // issueCertificate checks the course is complete and inserts once, whichever of two tabs comes first.
  const issued = completedNow ? await issueCertificateOnCompletion(db, user.id, courseId) : null;
  return issued ? { ok: true, progress, certificateIssued: issued } : { ok: true, progress };
}

function toView(row: typeof lessonProgress.$inferSelect): LessonProgressView {
  return {
    lessonId: row.lessonId,
    positionSeconds: row.positionSeconds,
    completed: row.completedAt !== null,
    completedAt: row.completedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One lesson's saved progress for a learner (position 0, not completed when nothing was saved). */
export async function getLessonProgress(
  db: Database,
  userId: string,
  lessonId: number,
): Promise<LessonProgressView> {
  const [row] = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
  return row
    ? toView(row)
    : { lessonId, positionSeconds: 0, completed: false, completedAt: null, updatedAt: null };
}

/**
 * A learner's progress through a course in one query: every lesson in order with its position and tick,
 * the counts, and the lesson touched last (window functions over the lessons joined with progress).
 * Access is the caller's to check.
 */
export async function courseProgress(
  db: Database,
  userId: string,
  courseId: number,
): Promise<CourseProgress> {
  if (!isRowId(courseId))
    return { completedLessons: 0, totalLessons: 0, percent: 0, lastLessonId: null, lessons: [] };
  const rows = await db
    .select({
      id: lessons.id,
      positionSeconds: sql<number>`coalesce(${lessonProgress.positionSeconds}, 0)`,
      completed: sql<boolean>`${lessonProgress.completedAt} is not null`,
      totalLessons: sql<number>`count(*) over ()`,
      completedLessons: sql<number>`count(${lessonProgress.completedAt}) over ()`,
      lastLessonId: sql<number | null>`case when max(${lessonProgress.updatedAt}) over () is null then null
        else first_value(${lessons.id}) over (order by ${lessonProgress.updatedAt} desc nulls last, ${lessons.position}) end`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position), asc(lessons.id));
  const first = rows[0];
  const totalLessons = Number(first?.totalLessons ?? 0);
  const completedLessons = Number(first?.completedLessons ?? 0);
  return {
    completedLessons,
    totalLessons,
    percent: progressPercent(completedLessons, totalLessons),
    lastLessonId: first?.lastLessonId == null ? null : Number(first.lastLessonId),
    lessons: rows.map((row) => ({
      id: row.id,
      completed: Boolean(row.completed),
      positionSeconds: Number(row.positionSeconds),
    })),
  };
}

export type CourseSummary = Omit<CourseProgress, "lessons">;

/** Progress summaries for several courses of one learner (for /my-enrollments), in one grouped query. */
export async function progressByCourse(
  db: Database,
  userId: string,
  courseIds: number[],
): Promise<Map<number, CourseSummary>> {
  const ids = courseIds.filter(isRowId);
  const result = new Map<number, CourseSummary>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      courseId: lessons.courseId,
      totalLessons: sql<number>`count(*)::int`,
      completedLessons: sql<number>`count(${lessonProgress.completedAt})::int`,
      lastLessonId: sql<
        number | null
      >`(array_agg(${lessons.id} order by ${lessonProgress.updatedAt} desc nulls last, ${lessons.position}) filter (where ${lessonProgress.updatedAt} is not null))[1]`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(inArray(lessons.courseId, ids))
    .groupBy(lessons.courseId);
  for (const id of ids)
    result.set(id, { completedLessons: 0, totalLessons: 0, percent: 0, lastLessonId: null });
  for (const row of rows) {
    const completedLessons = Number(row.completedLessons);
    const totalLessons = Number(row.totalLessons);
    result.set(row.courseId, {
      completedLessons,
      totalLessons,
      percent: progressPercent(completedLessons, totalLessons),
      lastLessonId: row.lastLessonId == null ? null : Number(row.lastLessonId),
    });
  }
  return result;
}

export type SectionProgress = { id: number; title: string; completedLessons: number; totalLessons: number };

/**
 * Each section's done and total lessons, for several courses of one learner (/my-enrollments, issue 32), in
 * one grouped query. Sections without lessons are left out: there is nothing in them to do.
 */
export async function sectionProgressByCourse(
  db: Database,
  userId: string,
  courseIds: number[],
  locale: Locale,
): Promise<Map<number, SectionProgress[]>> {
  const ids = courseIds.filter(isRowId);
  const result = new Map<number, SectionProgress[]>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      courseId: courseSections.courseId,
      id: courseSections.id,
      title: courseSections.title,
      titleAr: courseSections.titleAr,
      totalLessons: sql<number>`count(*)::int`,
      completedLessons: sql<number>`count(${lessonProgress.completedAt})::int`,
    })
    .from(courseSections)
    .innerJoin(lessons, eq(lessons.sectionId, courseSections.id))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(inArray(courseSections.courseId, ids))
    .groupBy(courseSections.id)
    .orderBy(asc(courseSections.courseId), asc(courseSections.position));
  for (const row of rows) {
    const list = result.get(row.courseId) ?? [];
    list.push({
      id: row.id,
      title: pick(locale, row.title, row.titleAr),
      completedLessons: Number(row.completedLessons),
      totalLessons: Number(row.totalLessons),
    });
    result.set(row.courseId, list);
  }
  return result;
}
