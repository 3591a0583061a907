// The instructor studio's rules for courses: listing, creating, changing, publishing and deleting them.
// Every function takes the db first, asks the policy module who may act, and answers with an
// { ok: false, reason } union instead of a Response. Changes lock the course row first (course-lock.server.ts);
// sections and lessons one at a time are curriculum.server.ts's, the API's whole-list PUT is here.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { type Actor, canUseStudio, courseEditorAccess, type EditorAccess } from "../access/editing";
import { isAdmin } from "../access/roles";
import type { CourseCategory } from "../courses/categories";
import type { Database, Queryable, Transaction } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import {
  type Course,
  type CourseSection,
  courseSections,
  courses,
  enrollments,
  type Lesson,
  lessons,
  quizQuestions,
  users,
} from "../db/schema";
import { renderMarkdown } from "../lib/markdown.server";
import { Rollback } from "../lib/rollback";
import { isRowId } from "../lib/validation";
import { releaseMedia } from "../media/media.server";
import type { MediaStore } from "../media/store.server";
import { releaseOrphanVideos } from "../video/videos.server";
import { findAttachable } from "./attachable.server";
import { lockEditable, type Refusal, rollbackAnswer } from "./course-lock.server";
import { lastSectionId, readLayout, writeLayout } from "./curriculum.server";
import { type CourseDecisionFields, type CourseLanding, MAX_LESSONS } from "./inputs";
import { canDeleteCourse, missingForPublish, type PublishRequirement } from "./policy";

export type StudioCourse = Course & {
  /** In order; each section's lessons are a contiguous run of `lessons` (decision 051). */
  sections: CourseSection[];
  lessons: Lesson[];
  /** Quiz lessons without a question: publishing waits for them (policy.ts missingForPublish). */
  emptyQuizCount: number;
  enrollmentCount: number;
  trainerName: string;
};

export type { Refusal };

// ── Reading ────────────────────────────────────────────────────────────────────────────────────────────

export type StudioListItem = {
  id: number;
  title: string;
  titleAr: string | null;
  isPublished: boolean;
  imageUrl: string | null;
  imagePublicId: string | null;
  trainerId: string;
  trainerName: string;
  lessonCount: number;
  enrollmentCount: number;
  updatedAt: Date;
};

/** The studio's course list: a trainer's own courses, or for an admin every course (optionally one trainer's). */
export async function listStudioCourses(
  db: Database,
  actor: Actor,
  { limit, offset, trainerId }: { limit: number; offset: number; trainerId?: string },
): Promise<{ items: StudioListItem[]; total: number }> {
  if (!canUseStudio(actor)) return { items: [], total: 0 };
  const owner = isAdmin(actor) ? trainerId : actor.id;
  const where = owner ? eq(courses.trainerId, owner) : undefined;
  const lessonCount = sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${courses.id})`;
  const enrollmentCount = sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.courseId} = ${courses.id})`;
  const [items, total] = await Promise.all([
    db
      .select({
        id: courses.id,
        title: courses.title,
        titleAr: courses.titleAr,
        isPublished: courses.isPublished,
        imageUrl: courses.imageUrl,
        imagePublicId: courses.imagePublicId,
        trainerId: courses.trainerId,
        trainerName: users.name,
        lessonCount,
        enrollmentCount,
        updatedAt: courses.updatedAt,
      })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.trainerId))
      .where(where)
      .orderBy(desc(courses.updatedAt), desc(courses.id))
      .limit(limit)
      .offset(offset),
    db.$count(courses, where),
  ]);
  return {
    items: items.map((item) => ({
      ...item,
      lessonCount: Number(item.lessonCount),
      enrollmentCount: Number(item.enrollmentCount),
    })),
    total,
  };
}

/** Trainers (and admins, who also teach) for the admin's filter. */
export async function listTrainers(db: Database) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.role, ["trainer", "admin"]))
    .orderBy(asc(users.name))
    .limit(200);
}

async function loadCourse(db: Queryable, id: number): Promise<StudioCourse | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select({ course: courses, trainerName: users.name })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.trainerId))
    .where(eq(courses.id, id));
  if (!row) return null;
  const [sectionRows, lessonRows, [enrolled], emptyQuizzes] = await Promise.all([
    db
      .select()
      .from(courseSections)
      .where(eq(courseSections.courseId, id))
      .orderBy(asc(courseSections.position)),
    db.select().from(lessons).where(eq(lessons.courseId, id)).orderBy(asc(lessons.position)),
    db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, id)),
    emptyQuizCount(db, id),
  ]);
  return {
    ...row.course,
    trainerName: row.trainerName,
    sections: sectionRows,
    lessons: lessonRows,
    emptyQuizCount: emptyQuizzes,
    enrollmentCount: enrolled?.n ?? 0,
  };
}

/** A course for its editor, with how the editor must answer when the actor may not edit it. */
export async function getCourseForEditor(
  db: Database,
  actor: Actor | null,
  id: number,
): Promise<
  { access: "edit"; course: StudioCourse } | { access: Exclude<EditorAccess, "edit">; course?: never }
> {
  const course = await loadCourse(db, id);
  const access = courseEditorAccess(actor, course);
  if (access === "edit" && course) return { access, course };
  return { access: access === "edit" ? "not_found" : access };
}

// ── Courses ───────────────────────────────────────────────────────────────────────────────────────────

function renderedDescriptions(fields: { description?: string; descriptionAr?: string | null }) {
  const out: { descriptionHtml?: string; descriptionArHtml?: string | null } = {};
  if (fields.description !== undefined) out.descriptionHtml = renderMarkdown(fields.description);
  if (fields.descriptionAr !== undefined)
    out.descriptionArHtml = fields.descriptionAr ? renderMarkdown(fields.descriptionAr) : null;
  return out;
}

export type LessonDraft = {
  id?: number;
  title: string;
  titleAr: string | null;
  durationMinutes: number | null;
  pdfUrl?: string | null;
};

export type CourseChanges = Partial<CourseLanding> & {
  image?: { publicId: string | null } | null;
  isPublished?: boolean;
  /** The whole ordered curriculum: entries with an id are kept and updated, new ones created, missing ones removed. */
  lessons?: LessonDraft[];
};

export type CourseOutcome = { ok: true; course: StudioCourse } | Refusal;

const slugFor = () => `course-${crypto.randomUUID()}`;

const DECISION_KEYS = [
  "outcomes",
  "outcomesAr",
  "requirements",
  "requirementsAr",
  "audience",
  "audienceAr",
  "languages",
] as const satisfies readonly (keyof CourseDecisionFields)[];

/** The decision fields given (a field left out stays as it is, or takes the column's default). */
function decisionFields(fields: Partial<CourseDecisionFields>): Partial<CourseDecisionFields> {
  const given: Partial<CourseDecisionFields> = {};
  for (const key of DECISION_KEYS)
    if (fields[key] !== undefined) Object.assign(given, { [key]: fields[key] });
  return given;
}

/** A new course owned by the actor. It starts as a draft unless `isPublished` is asked and allowed. */
export async function createCourse(
  db: Database,
  actor: Actor,
  fields: Omit<CourseLanding, keyof CourseDecisionFields> &
    Partial<CourseDecisionFields> &
    Omit<CourseChanges, keyof CourseLanding>,
): Promise<CourseOutcome> {
  if (!canUseStudio(actor)) return { ok: false, reason: "forbidden" };
  const created = await db
    .transaction(async (tx): Promise<CourseOutcome | { ok: true; id: number }> => {
      const image = fields.image?.publicId
        ? await findAttachable(tx, actor, "image", { publicId: fields.image.publicId })
        : null;
      if (fields.image?.publicId && !image) return { ok: false, reason: "media_not_found", field: "image" };
      const [course] = await tx
        .insert(courses)
        .values({
          slug: slugFor(),
          title: fields.title,
          titleAr: fields.titleAr,
          description: fields.description,
          descriptionAr: fields.descriptionAr,
          ...renderedDescriptions(fields),
          category: fields.category,
          price: fields.price,
          ...decisionFields(fields),
          imageUrl: image?.url ?? null,
          imagePublicId: image?.publicId ?? null,
          isPublished: false,
          trainerId: actor.id,
        })
        .returning();
      if (!course) throw new Error("course not inserted");
      // Every course starts with one section, as migration 0018 gave every existing course.
      await lastSectionId(tx, course.id);
      if (fields.lessons) {
        const replaced = await replaceCurriculum(tx, actor, course.id, fields.lessons);
        if (!replaced.ok) return replaced;
      }
      if (fields.isPublished) {
        const published = await publishLocked(tx, course.id, true);
        if (!published.ok) return published;
      }
      return { ok: true, id: course.id };
    })
    .catch(rollbackAnswer);
  if (!created.ok) return created;
  const course = "id" in created ? await loadCourse(db, created.id) : null;
  if (!course) throw new Error("created course vanished");
  return { ok: true, course };
}

/**
 * Changes a course. Fields left out stay as they are. A new price applies to future purchases only:
 * enrollments keep what was paid. Replaced images and PDFs are deleted after the change commits.
 */
export async function updateCourse(
  db: Database,
  store: MediaStore,
  actor: Actor,
  id: number,
  changes: CourseChanges,
): Promise<CourseOutcome> {
  const released: (string | null)[] = [];
  const outcome = await db
    .transaction(async (tx): Promise<CourseOutcome | { ok: true }> => {
      const locked = await lockEditable(tx, actor, id);
      if (locked.refusal) return locked.refusal;
      const { course } = locked;
      const set: Partial<typeof courses.$inferInsert> = {};
      if (changes.title !== undefined) set.title = changes.title;
      if (changes.titleAr !== undefined) set.titleAr = changes.titleAr;
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.descriptionAr !== undefined) set.descriptionAr = changes.descriptionAr;
      Object.assign(set, renderedDescriptions(changes), decisionFields(changes));
      if (changes.category !== undefined) set.category = changes.category as CourseCategory;
      if (changes.price !== undefined) set.price = changes.price;
      if (changes.image !== undefined) {
        const publicId = changes.image?.publicId ?? null;
        if (publicId !== course.imagePublicId) {
          const image = publicId ? await findAttachable(tx, actor, "image", { publicId }) : null;
          if (publicId && !image) return { ok: false, reason: "media_not_found", field: "image" };
          set.imageUrl = image?.url ?? null;
          set.imagePublicId = image?.publicId ?? null;
          released.push(course.imagePublicId);
        }
      }
      set.updatedAt = new Date();
      await tx.update(courses).set(set).where(eq(courses.id, id));
      await announcePublicChange(tx, "catalog");
      if (changes.lessons) {
        const replaced = await replaceCurriculum(tx, actor, id, changes.lessons);
        if (!replaced.ok) return replaced;
        released.push(...replaced.released);
      }
      if (changes.isPublished !== undefined) {
        const published = await publishLocked(tx, id, changes.isPublished);
        if (!published.ok) return published;
      } else if (course.isPublished) {
        // Edits may not leave a published course incomplete (e.g. its last lesson removed by the API). A
        // quiz just added to a live course has no question yet: that waits for the trainer, not this edit.
        const missing = (await missingNow(tx, id)).filter((item) => item !== "quizzes");
        if (missing.length > 0) return { ok: false, reason: "cannot_publish", missing };
      }
      return { ok: true };
    })
    .catch(rollbackAnswer);
  if (!outcome.ok) return outcome;
  await releaseMedia(db, store, released);
  if (changes.lessons) await releaseOrphanVideos(db);
  const course = await loadCourse(db, id);
  if (!course) return { ok: false, reason: "not_found" };
  return { ok: true, course };
}

/** A course's quiz lessons that have no question (archived ones do not count). */
async function emptyQuizCount(db: Queryable, courseId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lessons)
    .where(
      and(
        eq(lessons.courseId, courseId),
        eq(lessons.kind, "quiz"),
        sql`not exists (select 1 from ${quizQuestions} where ${quizQuestions.lessonId} = ${lessons.id} and ${quizQuestions.archivedAt} is null)`,
      ),
    );
  return row?.n ?? 0;
}

async function missingNow(tx: Transaction, id: number): Promise<PublishRequirement[]> {
  const [course] = await tx.select().from(courses).where(eq(courses.id, id));
  const lessonCount = await tx.$count(lessons, eq(lessons.courseId, id));
  if (!course) return [];
  return missingForPublish({ ...course, lessonCount, emptyQuizCount: await emptyQuizCount(tx, id) });
}

/** Publishes or unpublishes inside a transaction that holds the course lock. */
async function publishLocked(tx: Transaction, id: number, publish: boolean): Promise<{ ok: true } | Refusal> {
  if (publish) {
    const missing = await missingNow(tx, id);
    if (missing.length > 0) throw new Rollback({ ok: false, reason: "cannot_publish", missing });
  }
  await tx.update(courses).set({ isPublished: publish, updatedAt: new Date() }).where(eq(courses.id, id));
  await announcePublicChange(tx, "catalog");
  return { ok: true };
}

/**
 * Publishing needs a title and description (English at least), a category, a price and one lesson.
 * Unpublishing hides the course from the catalog; enrolled learners keep it.
 */
export async function setPublished(db: Database, actor: Actor, id: number, publish: boolean) {
  return db
    .transaction(async (tx): Promise<{ ok: true } | Refusal> => {
      const locked = await lockEditable(tx, actor, id);
      if (locked.refusal) return locked.refusal;
      return publishLocked(tx, id, publish);
    })
    .catch(rollbackAnswer);
}

/** Deletes a course nobody is enrolled in, with its lessons and files. One with enrollments is refused. */
export async function deleteCourse(
  db: Database,
  store: MediaStore,
  actor: Actor,
  id: number,
): Promise<{ ok: true } | Refusal> {
  const released: (string | null)[] = [];
  const outcome = await db.transaction(async (tx): Promise<{ ok: true } | Refusal> => {
    const locked = await lockEditable(tx, actor, id);
    if (locked.refusal) return locked.refusal;
    const enrollmentCount = await tx.$count(enrollments, eq(enrollments.courseId, id));
    if (!canDeleteCourse({ enrollmentCount })) return { ok: false, reason: "has_enrollments" };
    const pdfs = await tx
      .select({ publicId: lessons.pdfPublicId })
      .from(lessons)
      .where(eq(lessons.courseId, id));
    released.push(locked.course.imagePublicId, ...pdfs.map((row) => row.publicId));
    await tx.delete(courses).where(eq(courses.id, id));
    await announcePublicChange(tx, "catalog");
    return { ok: true };
  });
  if (outcome.ok) await releaseMedia(db, store, released);
  // The course's lessons are gone, so their videos have no lesson: remove them (locally or on Vimeo).
  if (outcome.ok) await releaseOrphanVideos(db);
  return outcome;
}

/** The API's PUT with `lessons`: the given list becomes the whole curriculum, in its order. */
async function replaceCurriculum(
  tx: Transaction,
  actor: Actor,
  courseId: number,
  drafts: LessonDraft[],
): Promise<{ ok: true; released: (string | null)[] } | Refusal> {
  if (drafts.length > MAX_LESSONS) throw new Rollback({ ok: false, reason: "too_many_lessons" });
  const existing = await tx.select().from(lessons).where(eq(lessons.courseId, courseId));
  const byId = new Map(existing.map((lesson) => [lesson.id, lesson]));
  const keptIds = new Set<number>();
  for (const draft of drafts) {
    if (draft.id === undefined) continue;
    if (!byId.has(draft.id) || keptIds.has(draft.id))
      throw new Rollback({ ok: false, reason: "lesson_not_found" });
    keptIds.add(draft.id);
  }
  const released: (string | null)[] = [];
  const removed = existing.filter((lesson) => !keptIds.has(lesson.id));
  if (removed.length > 0) {
    await tx.delete(lessons).where(
      inArray(
        lessons.id,
        removed.map((lesson) => lesson.id),
      ),
    );
    released.push(...removed.map((lesson) => lesson.pdfPublicId));
  }
  // New rows start far past any existing position and join the last section; writeLayout then gives every
  // row its final place. The list's order is kept within each section; sections keep their order, so each
  // stays one contiguous run (decision 051).
  const ordered: number[] = [];
  const newLessonsSection = drafts.some((draft) => draft.id === undefined)
    ? await lastSectionId(tx, courseId)
    : null;
  for (const [index, draft] of drafts.entries()) {
    let pdf: { pdfUrl: string | null; pdfPublicId: string | null } | undefined;
    if (draft.pdfUrl !== undefined) {
      const upload = draft.pdfUrl ? await findAttachable(tx, actor, "raw", { url: draft.pdfUrl }) : null;
      if (draft.pdfUrl && !upload)
        throw new Rollback({ ok: false, reason: "media_not_found", field: `lessons.${index}.pdfUrl` });
      pdf = { pdfUrl: upload?.url ?? null, pdfPublicId: upload?.publicId ?? null };
    }
    const fields = {
      title: draft.title,
      titleAr: draft.titleAr,
      durationMinutes: draft.durationMinutes,
      ...pdf,
    };
    if (draft.id !== undefined) {
      const before = byId.get(draft.id);
      if (pdf && before?.pdfPublicId && before.pdfPublicId !== pdf.pdfPublicId)
        released.push(before.pdfPublicId);
      await tx.update(lessons).set(fields).where(eq(lessons.id, draft.id));
      ordered.push(draft.id);
    } else {
      const [row] = await tx
        .insert(lessons)
        .values({
          courseId,
          sectionId: newLessonsSection ?? (await lastSectionId(tx, courseId)),
          position: 100_000 + index,
          ...fields,
        })
        .returning({ id: lessons.id });
      if (row) ordered.push(row.id);
    }
  }
  const layout = (await readLayout(tx, courseId)).map((section) => ({
    sectionId: section.sectionId,
    lessonIds: [] as number[],
  }));
  const sectionOfLesson = new Map(
    (
      await tx
        .select({ id: lessons.id, sectionId: lessons.sectionId })
        .from(lessons)
        .where(eq(lessons.courseId, courseId))
    ).map((row) => [row.id, row.sectionId]),
  );
  for (const id of ordered)
    layout.find((section) => section.sectionId === sectionOfLesson.get(id))?.lessonIds.push(id);
  await writeLayout(tx, courseId, layout);
  return { ok: true, released };
}

/** Sets or removes a course's cover; the replaced image is deleted. */
export async function setCourseImage(
  db: Database,
  store: MediaStore,
  actor: Actor,
  courseId: number,
  publicId: string | null,
): Promise<CourseOutcome> {
  return updateCourse(db, store, actor, courseId, { image: publicId ? { publicId } : null });
}
