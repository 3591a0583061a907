// The instructor studio's rules for courses and their curriculum. Every function takes the db first, asks
// the policy module who may act, and answers with an { ok: false, reason } union instead of a Response.
// Curriculum changes lock the course row first, so concurrent edits of one course (two tabs, the API)
// queue up and the lesson order stays dense (1..n) and unique.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { isAdmin } from "../access/roles";
import type { CourseCategory } from "../courses/categories";
import type { Database, Queryable, Transaction } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import {
  type Course,
  courseSections,
  courses,
  enrollments,
  type Lesson,
  lessons,
  mediaUploads,
  users,
} from "../db/schema";
import { renderMarkdown } from "../lib/markdown.server";
import { isRowId } from "../lib/validation";
import { releaseMedia } from "../media/media.server";
import type { MediaStore } from "../media/store.server";
import { releaseOrphanVideos } from "../video/videos.server";
import { type CourseLanding, DEFAULT_SECTION_TITLE, type LessonFields, MAX_LESSONS } from "./inputs";
import {
  type Actor,
  canAttachMedia,
  canDeleteCourse,
  canEditCourse,
  canUseStudio,
  courseEditorAccess,
  type EditorAccess,
  missingForPublish,
  type PublishRequirement,
} from "./policy";

export type StudioCourse = Course & { lessons: Lesson[]; enrollmentCount: number; trainerName: string };

export type Refusal =
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "forbidden" }
  | { ok: false; reason: "cannot_publish"; missing: PublishRequirement[] }
  | { ok: false; reason: "has_enrollments" }
  | { ok: false; reason: "media_not_found"; field: string }
  | { ok: false; reason: "lesson_not_found" }
  | { ok: false; reason: "too_many_lessons" };

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
  const [lessonRows, [enrolled]] = await Promise.all([
    db.select().from(lessons).where(eq(lessons.courseId, id)).orderBy(asc(lessons.position)),
    db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, id)),
  ]);
  return {
    ...row.course,
    trainerName: row.trainerName,
    lessons: lessonRows,
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

function refusalFor(actor: Actor, course: { trainerId: string; isPublished: boolean } | null): Refusal {
  const access = courseEditorAccess(actor, course);
  return access === "not_found" ? { ok: false, reason: "not_found" } : { ok: false, reason: "forbidden" };
}

/** Locks a course row for the rest of the transaction and checks the actor may edit it. */
async function lockEditable(tx: Transaction, actor: Actor, id: number) {
  if (!isRowId(id)) return { refusal: { ok: false, reason: "not_found" } as Refusal };
  const [course] = await tx.select().from(courses).where(eq(courses.id, id)).for("update");
  if (!course || !canEditCourse(actor, course)) return { refusal: refusalFor(actor, course ?? null) };
  return { course };
}

// ── Media references ───────────────────────────────────────────────────────────────────────────────────

/** An uploaded image or PDF the actor may attach, found by public id or by the URL the upload returned. */
async function findAttachable(
  db: Queryable,
  actor: Actor,
  resourceType: "image" | "raw",
  by: { publicId?: string | null; url?: string | null },
) {
  const where = by.publicId
    ? eq(mediaUploads.publicId, by.publicId)
    : by.url
      ? eq(mediaUploads.url, by.url)
      : null;
  if (!where) return null;
  const [upload] = await db.select().from(mediaUploads).where(where);
  if (!upload || upload.resourceType !== resourceType || !canAttachMedia(actor, upload)) return null;
  return upload;
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

/** A new course owned by the actor. It starts as a draft unless `isPublished` is asked and allowed. */
export async function createCourse(
  db: Database,
  actor: Actor,
  fields: CourseLanding & Omit<CourseChanges, keyof CourseLanding>,
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
      Object.assign(set, renderedDescriptions(changes));
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
        // Edits may not leave a published course incomplete (e.g. its last lesson removed by the API).
        const missing = await missingNow(tx, id);
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

/** drizzle rolls a transaction back when its callback throws; refusals are thrown to get that. */
class Rollback extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
}
function rollbackAnswer(error: unknown): Refusal {
  if (error instanceof Rollback) return error.refusal;
  throw error;
}

async function missingNow(tx: Transaction, id: number): Promise<PublishRequirement[]> {
  const [course] = await tx.select().from(courses).where(eq(courses.id, id));
  const lessonCount = await tx.$count(lessons, eq(lessons.courseId, id));
  if (!course) return [];
  return missingForPublish({ ...course, lessonCount });
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

// ── Curriculum ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * Gives the course's lessons the positions 1..n in the order of `orderedIds` (which must be exactly its
 * lessons). The unique (course, position) index is checked row by row, so rows are first parked at
 * negative positions; the caller holds the course lock, so no one else writes this course meanwhile.
 */
async function writeOrder(tx: Transaction, courseId: number, orderedIds: number[]) {
  if (orderedIds.length === 0) return;
  await tx
    .update(lessons)
    .set({ position: sql`-${lessons.position}` })
    .where(eq(lessons.courseId, courseId));
  const values = sql.join(
    orderedIds.map((lessonId, index) => sql`(${lessonId}::int, ${index + 1}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${lessons} set position = v.position from (values ${values}) as v(id, position) where ${lessons.id} = v.id and ${lessons.courseId} = ${courseId}`,
  );
}

/** The course's last section, where a lesson added without one goes; created if the course has none. */
async function lastSectionId(tx: Transaction, courseId: number): Promise<number> {
  const [last] = await tx
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(desc(courseSections.position))
    .limit(1);
  if (last) return last.id;
  const [created] = await tx
    .insert(courseSections)
    .values({ courseId, position: 1, title: DEFAULT_SECTION_TITLE.en, titleAr: DEFAULT_SECTION_TITLE.ar })
    .returning({ id: courseSections.id });
  if (!created) throw new Error("section not inserted");
  return created.id;
}

async function lessonIds(tx: Transaction, courseId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
  return rows.map((row) => row.id);
}

/** Every change to a course's content goes through here or `publishLocked`: the catalog shows it. */
async function touch(tx: Transaction, courseId: number) {
  await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));
  await announcePublicChange(tx, "catalog");
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
  // New rows start far past any existing position; writeOrder then gives every row its final place.
  const ordered: number[] = [];
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
          sectionId: await lastSectionId(tx, courseId),
          position: 100_000 + index,
          ...fields,
        })
        .returning({ id: lessons.id });
      if (row) ordered.push(row.id);
    }
  }
  await writeOrder(tx, courseId, ordered);
  return { ok: true, released };
}

export type LessonOutcome = { ok: true; lessonId: number } | Refusal;

/** Adds a lesson at the end of the curriculum. */
export async function addLesson(
  db: Database,
  actor: Actor,
  courseId: number,
  fields: LessonFields,
): Promise<LessonOutcome> {
  return db.transaction(async (tx): Promise<LessonOutcome> => {
    const locked = await lockEditable(tx, actor, courseId);
    if (locked.refusal) return locked.refusal;
    const ids = await lessonIds(tx, courseId);
    if (ids.length >= MAX_LESSONS) return { ok: false, reason: "too_many_lessons" };
    const [row] = await tx
      .insert(lessons)
      .values({ courseId, sectionId: await lastSectionId(tx, courseId), position: ids.length + 1, ...fields })
      .returning({ id: lessons.id });
    await touch(tx, courseId);
    if (!row) throw new Error("lesson not inserted");
    return { ok: true, lessonId: row.id };
  });
}

async function lockLesson(tx: Transaction, actor: Actor, courseId: number, lessonId: number) {
  const locked = await lockEditable(tx, actor, courseId);
  if (locked.refusal) return { refusal: locked.refusal };
  if (!isRowId(lessonId)) return { refusal: { ok: false, reason: "lesson_not_found" } as Refusal };
  const [lesson] = await tx
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)));
  if (!lesson) return { refusal: { ok: false, reason: "lesson_not_found" } as Refusal };
  return { lesson, course: locked.course };
}

export async function updateLesson(
  db: Database,
  actor: Actor,
  courseId: number,
  lessonId: number,
  fields: LessonFields,
): Promise<LessonOutcome> {
  return db.transaction(async (tx): Promise<LessonOutcome> => {
    const locked = await lockLesson(tx, actor, courseId, lessonId);
    if (locked.refusal) return locked.refusal;
    await tx.update(lessons).set(fields).where(eq(lessons.id, lessonId));
    await touch(tx, courseId);
    return { ok: true, lessonId };
  });
}

/** Removes a lesson and closes the gap. A published course keeps at least one lesson. */
export async function deleteLesson(
  db: Database,
  store: MediaStore,
  actor: Actor,
  courseId: number,
  lessonId: number,
): Promise<LessonOutcome> {
  let released: string | null = null;
  const outcome = await db.transaction(async (tx): Promise<LessonOutcome> => {
    const locked = await lockLesson(tx, actor, courseId, lessonId);
    if (locked.refusal) return locked.refusal;
    const ids = await lessonIds(tx, courseId);
    if (locked.course.isPublished && ids.length <= 1)
      return { ok: false, reason: "cannot_publish", missing: ["lessons"] };
    await tx.delete(lessons).where(eq(lessons.id, lessonId));
    await writeOrder(
      tx,
      courseId,
      ids.filter((id) => id !== lessonId),
    );
    await touch(tx, courseId);
    released = locked.lesson.pdfPublicId;
    return { ok: true, lessonId };
  });
  if (outcome.ok) await releaseMedia(db, store, [released]);
  // The lesson's videos lost their lesson: remove them (locally or on Vimeo).
  if (outcome.ok) await releaseOrphanVideos(db);
  return outcome;
}

/** Moves a lesson one place up or down; at either end it stays where it is. */
export async function moveLesson(
  db: Database,
  actor: Actor,
  courseId: number,
  lessonId: number,
  direction: "up" | "down",
): Promise<LessonOutcome> {
  return db.transaction(async (tx): Promise<LessonOutcome> => {
    const locked = await lockLesson(tx, actor, courseId, lessonId);
    if (locked.refusal) return locked.refusal;
    const ids = await lessonIds(tx, courseId);
    const from = ids.indexOf(lessonId);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= ids.length) return { ok: true, lessonId };
    [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
    await writeOrder(tx, courseId, ids);
    await touch(tx, courseId);
    return { ok: true, lessonId };
  });
}

/** Puts the lessons in the given order (drag and drop); the list must name exactly the course's lessons. */
export async function reorderLessons(
  db: Database,
  actor: Actor,
  courseId: number,
  orderedIds: number[],
): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx): Promise<{ ok: true } | Refusal> => {
    const locked = await lockEditable(tx, actor, courseId);
    if (locked.refusal) return locked.refusal;
    const ids = await lessonIds(tx, courseId);
    const same =
      ids.length === orderedIds.length &&
      new Set(orderedIds).size === ids.length &&
      orderedIds.every((id) => ids.includes(id));
    if (!same) return { ok: false, reason: "lesson_not_found" };
    await writeOrder(tx, courseId, orderedIds);
    await touch(tx, courseId);
    return { ok: true };
  });
}

/** Attaches an uploaded PDF to a lesson (or removes it with null); the replaced file is deleted. */
export async function setLessonPdf(
  db: Database,
  store: MediaStore,
  actor: Actor,
  courseId: number,
  lessonId: number,
  publicId: string | null,
): Promise<LessonOutcome> {
  let released: string | null = null;
  const outcome = await db.transaction(async (tx): Promise<LessonOutcome> => {
    const locked = await lockLesson(tx, actor, courseId, lessonId);
    if (locked.refusal) return locked.refusal;
    const upload = publicId ? await findAttachable(tx, actor, "raw", { publicId }) : null;
    if (publicId && !upload) return { ok: false, reason: "media_not_found", field: "pdf" };
    await tx
      .update(lessons)
      .set({ pdfUrl: upload?.url ?? null, pdfPublicId: upload?.publicId ?? null })
      .where(eq(lessons.id, lessonId));
    await touch(tx, courseId);
    if (locked.lesson.pdfPublicId !== (upload?.publicId ?? null)) released = locked.lesson.pdfPublicId;
    return { ok: true, lessonId };
  });
  if (outcome.ok) await releaseMedia(db, store, [released]);
  return outcome;
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
