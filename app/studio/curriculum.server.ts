// A course's curriculum in the studio: its sections and their lessons (issue 32, decision 051). Every change
// locks the course row first (course-lock.server.ts), reads the layout, changes it with a pure function of
// layout.ts and writes it back whole, so the lesson order stays dense (1..n), unique, and each section's
// lessons a contiguous run of it, however many edits race. Answers are { ok: false, reason } refusals.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Actor } from "../access/editing";
import type { Database, Transaction } from "../db/client.server";
import {
  type CourseSection,
  courseSections,
  type Lesson,
  type LessonKind,
  lessons,
  quizzes,
} from "../db/schema";
import { renderMarkdown } from "../lib/markdown.server";
import { isRowId } from "../lib/validation";
import { releaseMedia } from "../media/media.server";
import type { MediaStore } from "../media/store.server";
import { releaseOrphanVideos } from "../video/videos.server";
import { findAttachable } from "./attachable.server";
import { lockEditable, type Refusal, touch } from "./course-lock.server";
import { DEFAULT_SECTION_TITLE, MAX_LESSONS, MAX_SECTIONS } from "./inputs";
import {
  isRearrangement,
  type Layout,
  lessonCount,
  lessonPositions,
  moveLessonTo,
  sectionDeletionRefusal,
  stepLesson,
  stepSection,
  withLesson,
  withoutLesson,
} from "./layout";

// ── The layout in the database ────────────────────────────────────────────────────────────────────────

/** The course's sections in order, each with its lessons in order. The caller holds the course lock. */
export async function readLayout(tx: Transaction, courseId: number): Promise<Layout> {
  const [sections, rows] = await Promise.all([
    tx
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId))
      .orderBy(asc(courseSections.position)),
    tx
      .select({ id: lessons.id, sectionId: lessons.sectionId })
      .from(lessons)
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(lessons.position)),
  ]);
  const layout: Layout = sections.map((section) => ({ sectionId: section.id, lessonIds: [] }));
  const bySection = new Map(layout.map((section) => [section.sectionId, section]));
  for (const row of rows) bySection.get(row.sectionId)?.lessonIds.push(row.id);
  return layout;
}

/**
 * Writes a layout back: section positions 1..k and, for every lesson, its section and course-wide position.
 * The unique (course, position) indexes are checked row by row, so rows are first parked at negative
 * positions; the caller holds the course lock, so no one else writes this course meanwhile.
 */
export async function writeLayout(tx: Transaction, courseId: number, layout: Layout) {
  if (layout.length > 0) {
    await tx
      .update(courseSections)
      .set({ position: sql`-${courseSections.position}` })
      .where(eq(courseSections.courseId, courseId));
    const sectionValues = sql.join(
      layout.map((section, index) => sql`(${section.sectionId}::int, ${index + 1}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${courseSections} set position = v.position from (values ${sectionValues}) as v(id, position) where ${courseSections.id} = v.id and ${courseSections.courseId} = ${courseId}`,
    );
  }
  const placed = lessonPositions(layout);
  if (placed.length === 0) return;
  await tx
    .update(lessons)
    .set({ position: sql`-${lessons.position}` })
    .where(eq(lessons.courseId, courseId));
  const lessonValues = sql.join(
    placed.map((entry) => sql`(${entry.lessonId}::int, ${entry.sectionId}::int, ${entry.position}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${lessons} set position = v.position, section_id = v.section_id from (values ${lessonValues}) as v(id, section_id, position) where ${lessons.id} = v.id and ${lessons.courseId} = ${courseId}`,
  );
}

/** The course's last section, where a lesson added without one goes; created if the course has none. */
export async function lastSectionId(tx: Transaction, courseId: number): Promise<number> {
  const layout = await readLayout(tx, courseId);
  const last = layout.at(-1);
  if (last) return last.sectionId;
  const [created] = await tx
    .insert(courseSections)
    .values({ courseId, position: 1, title: DEFAULT_SECTION_TITLE.en, titleAr: DEFAULT_SECTION_TITLE.ar })
    .returning({ id: courseSections.id });
  if (!created) throw new Error("section not inserted");
  return created.id;
}

// ── Sections ──────────────────────────────────────────────────────────────────────────────────────────

export type SectionFields = { title: string; titleAr?: string | null | undefined };
export type SectionOutcome = { ok: true; sectionId: number; courseId: number } | Refusal;

/** A new section at the end of the course. */
export async function addSection(
  db: Database,
  actor: Actor,
  courseId: number,
  fields: SectionFields,
): Promise<SectionOutcome> {
  return db.transaction(async (tx): Promise<SectionOutcome> => {
    const locked = await lockEditable(tx, actor, courseId);
    if (locked.refusal) return locked.refusal;
    const layout = await readLayout(tx, courseId);
    if (layout.length >= MAX_SECTIONS) return { ok: false, reason: "too_many_sections" };
    const [row] = await tx
      .insert(courseSections)
      .values({ courseId, position: layout.length + 1, ...fields })
      .returning({ id: courseSections.id });
    if (!row) throw new Error("section not inserted");
    await touch(tx, courseId);
    return { ok: true, sectionId: row.id, courseId };
  });
}

/** A lock taken, with what was read under it, or the refusal. */
type Locked<Found> = { refusal: Refusal } | ({ refusal?: undefined } & Found);
type LockedCourse = Awaited<ReturnType<typeof lockEditable>>["course"] & {};

/** Finds a section's course, locks the course, and checks the section is still there. */
async function lockSection(
  tx: Transaction,
  actor: Actor,
  sectionId: number,
  courseId?: number,
): Promise<Locked<{ section: CourseSection; course: LockedCourse }>> {
  const notFound = { refusal: { ok: false, reason: "section_not_found" } as Refusal };
  if (!isRowId(sectionId)) return notFound;
  const [found] = await tx
    .select({ courseId: courseSections.courseId })
    .from(courseSections)
    .where(eq(courseSections.id, sectionId));
  if (!found || (courseId !== undefined && found.courseId !== courseId)) return notFound;
  const locked = await lockEditable(tx, actor, found.courseId);
  // Another trainer learns nothing of a section by its id: the course's answer is "not found" for it too.
  if (locked.refusal) return locked.refusal.reason === "forbidden" ? { refusal: locked.refusal } : notFound;
  const [section] = await tx.select().from(courseSections).where(eq(courseSections.id, sectionId));
  if (!section) return notFound;
  return { section, course: locked.course };
}

export async function renameSection(
  db: Database,
  actor: Actor,
  sectionId: number,
  fields: SectionFields,
  courseId?: number,
): Promise<SectionOutcome> {
  return db.transaction(async (tx): Promise<SectionOutcome> => {
    const locked = await lockSection(tx, actor, sectionId, courseId);
    if (locked.refusal) return locked.refusal;
    await tx.update(courseSections).set(fields).where(eq(courseSections.id, sectionId));
    await touch(tx, locked.section.courseId);
    return { ok: true, sectionId, courseId: locked.section.courseId };
  });
}

/** Deletes an empty section that is not the course's only one (decision 051: never a block of lessons). */
export async function deleteSection(
  db: Database,
  actor: Actor,
  sectionId: number,
  courseId?: number,
): Promise<SectionOutcome> {
  return db.transaction(async (tx): Promise<SectionOutcome> => {
    const locked = await lockSection(tx, actor, sectionId, courseId);
    if (locked.refusal) return locked.refusal;
    const owner = locked.section.courseId;
    const layout = await readLayout(tx, owner);
    const refusal = sectionDeletionRefusal(layout, sectionId);
    if (refusal) return { ok: false, reason: refusal };
    await tx.delete(courseSections).where(eq(courseSections.id, sectionId));
    await writeLayout(
      tx,
      owner,
      layout.filter((section) => section.sectionId !== sectionId),
    );
    await touch(tx, owner);
    return { ok: true, sectionId, courseId: owner };
  });
}

/** A section one place up or down, with its lessons. */
export async function moveSection(
  db: Database,
  actor: Actor,
  sectionId: number,
  direction: "up" | "down",
  courseId?: number,
): Promise<SectionOutcome> {
  return db.transaction(async (tx): Promise<SectionOutcome> => {
    const locked = await lockSection(tx, actor, sectionId, courseId);
    if (locked.refusal) return locked.refusal;
    const owner = locked.section.courseId;
    const next = stepSection(await readLayout(tx, owner), sectionId, direction);
    if (!next) return { ok: false, reason: "section_not_found" };
    await writeLayout(tx, owner, next);
    await touch(tx, owner);
    return { ok: true, sectionId, courseId: owner };
  });
}

/** Drag and drop: the whole layout at once; it must name exactly the course's sections and lessons. */
export async function rearrangeCurriculum(
  db: Database,
  actor: Actor,
  courseId: number,
  proposed: Layout,
): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx): Promise<{ ok: true } | Refusal> => {
    const locked = await lockEditable(tx, actor, courseId);
    if (locked.refusal) return locked.refusal;
    if (!isRearrangement(await readLayout(tx, courseId), proposed))
      return { ok: false, reason: "lesson_not_found" };
    await writeLayout(tx, courseId, proposed);
    await touch(tx, courseId);
    return { ok: true };
  });
}

// ── Lessons ───────────────────────────────────────────────────────────────────────────────────────────

/** What a lesson's form or the API sets. The body is an article's (Markdown), ignored for other kinds. */
export type LessonChanges = {
  title: string;
  titleAr?: string | null | undefined;
  durationMinutes?: number | null | undefined;
  body?: string | null | undefined;
  bodyAr?: string | null | undefined;
};
export type NewLesson = LessonChanges & { kind?: LessonKind | undefined; sectionId?: number | undefined };
export type LessonOutcome = { ok: true; lessonId: number; courseId: number } | Refusal;

/** An article's Markdown and its HTML, rendered and sanitized once, here (as course descriptions are). */
function articleColumns(kind: LessonKind, changes: LessonChanges) {
  if (kind !== "article") return {};
  const out: Partial<typeof lessons.$inferInsert> = {};
  if (changes.body !== undefined) {
    out.body = changes.body ?? "";
    out.bodyHtml = renderMarkdown(changes.body ?? "");
  }
  if (changes.bodyAr !== undefined) {
    out.bodyAr = changes.bodyAr || null;
    out.bodyArHtml = changes.bodyAr ? renderMarkdown(changes.bodyAr) : null;
  }
  return out;
}

/** Adds a lesson at the end of a section (the last one when none is named). A quiz starts with its settings row. */
export async function addLesson(
  db: Database,
  actor: Actor,
  courseId: number,
  fields: NewLesson,
): Promise<LessonOutcome> {
  return db.transaction(async (tx): Promise<LessonOutcome> => {
    const locked = await lockEditable(tx, actor, courseId);
    if (locked.refusal) return locked.refusal;
    const layout = await readLayout(tx, courseId);
    if (lessonCount(layout) >= MAX_LESSONS) return { ok: false, reason: "too_many_lessons" };
    const sectionId = fields.sectionId ?? layout.at(-1)?.sectionId ?? (await lastSectionId(tx, courseId));
    if (!layout.some((section) => section.sectionId === sectionId) && fields.sectionId !== undefined)
      return { ok: false, reason: "section_not_found" };
    const kind = fields.kind ?? "video";
    const [row] = await tx
      .insert(lessons)
      .values({
        courseId,
        sectionId,
        // Parked past any position; writeLayout gives it its place at the section's end.
        position: 100_000 + lessonCount(layout),
        kind,
        title: fields.title,
        titleAr: fields.titleAr,
        durationMinutes: fields.durationMinutes ?? null,
        ...articleColumns(kind, { ...fields, body: fields.body ?? "" }),
      })
      .returning({ id: lessons.id });
    if (!row) throw new Error("lesson not inserted");
    if (kind === "quiz") await tx.insert(quizzes).values({ lessonId: row.id });
    const current = layout.length > 0 ? layout : [{ sectionId, lessonIds: [] }];
    await writeLayout(tx, courseId, withLesson(current, sectionId, row.id) ?? current);
    await touch(tx, courseId);
    return { ok: true, lessonId: row.id, courseId };
  });
}

/** Finds a lesson's course (or checks it is `courseId`'s), locks the course, and reads the lesson. */
async function lockLesson(
  tx: Transaction,
  actor: Actor,
  lessonId: number,
  courseId?: number,
): Promise<Locked<{ lesson: Lesson; course: LockedCourse }>> {
  const notFound = { refusal: { ok: false, reason: "lesson_not_found" } as Refusal };
  if (!isRowId(lessonId)) return notFound;
  const [found] = await tx
    .select({ courseId: lessons.courseId })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  if (!found || (courseId !== undefined && found.courseId !== courseId)) return notFound;
  const locked = await lockEditable(tx, actor, found.courseId);
  if (locked.refusal) return locked.refusal.reason === "forbidden" ? { refusal: locked.refusal } : notFound;
  const [lesson] = await tx
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, found.courseId)));
  if (!lesson) return notFound;
  return { lesson, course: locked.course };
}

/** Changes a lesson's title, duration and (an article's) body. Its kind never changes. */
export async function updateLesson(
  db: Database,
  actor: Actor,
  lessonId: number,
  changes: LessonChanges,
  courseId?: number,
): Promise<LessonOutcome> {
  return db.transaction(async (tx): Promise<LessonOutcome> => {
    const locked = await lockLesson(tx, actor, lessonId, courseId);
    if (locked.refusal) return locked.refusal;
    const { lesson } = locked;
    const set: Partial<typeof lessons.$inferInsert> = { title: changes.title, titleAr: changes.titleAr };
    if (changes.durationMinutes !== undefined) set.durationMinutes = changes.durationMinutes;
    Object.assign(set, articleColumns(lesson.kind, changes));
    await tx.update(lessons).set(set).where(eq(lessons.id, lessonId));
    await touch(tx, lesson.courseId);
    return { ok: true, lessonId, courseId: lesson.courseId };
  });
}

/** Removes a lesson and closes the gap. A published course keeps at least one lesson. */
export async function deleteLesson(
  db: Database,
  store: MediaStore,
  actor: Actor,
  lessonId: number,
  courseId?: number,
): Promise<LessonOutcome> {
  let released: string | null = null;
  const outcome = await db.transaction(async (tx): Promise<LessonOutcome> => {
    const locked = await lockLesson(tx, actor, lessonId, courseId);
    if (locked.refusal) return locked.refusal;
    const owner = locked.lesson.courseId;
    const layout = await readLayout(tx, owner);
    if (locked.course.isPublished && lessonCount(layout) <= 1)
      return { ok: false, reason: "cannot_publish", missing: ["lessons"] };
    await tx.delete(lessons).where(eq(lessons.id, lessonId));
    await writeLayout(tx, owner, withoutLesson(layout, lessonId));
    await touch(tx, owner);
    released = locked.lesson.pdfPublicId;
    return { ok: true, lessonId, courseId: owner };
  });
  if (outcome.ok) await releaseMedia(db, store, [released]);
  // The lesson's videos lost their lesson: remove them (locally or on Vimeo).
  if (outcome.ok) await releaseOrphanVideos(db);
  return outcome;
}

/**
 * Moves a lesson one place up or down, crossing into the neighbouring section at a section's ends (so the
 * plain form reaches any arrangement); at the course's ends it stays where it is.
 */
export async function moveLesson(
  db: Database,
  actor: Actor,
  lessonId: number,
  direction: "up" | "down",
  courseId?: number,
): Promise<LessonOutcome> {
  return db.transaction(async (tx): Promise<LessonOutcome> => {
    const locked = await lockLesson(tx, actor, lessonId, courseId);
    if (locked.refusal) return locked.refusal;
    const owner = locked.lesson.courseId;
    const next = stepLesson(await readLayout(tx, owner), lessonId, direction);
    if (!next) return { ok: false, reason: "lesson_not_found" };
    await writeLayout(tx, owner, next);
    await touch(tx, owner);
    return { ok: true, lessonId, courseId: owner };
  });
}

/** Puts a lesson into a section of its course at a 1-based position there (clamped to the section's ends). */
export async function placeLesson(
  db: Database,
  actor: Actor,
  lessonId: number,
  target: { sectionId: number; position: number },
  courseId?: number,
): Promise<LessonOutcome> {
  return db.transaction(async (tx): Promise<LessonOutcome> => {
    const locked = await lockLesson(tx, actor, lessonId, courseId);
    if (locked.refusal) return locked.refusal;
    const owner = locked.lesson.courseId;
    const next = moveLessonTo(await readLayout(tx, owner), lessonId, target.sectionId, target.position);
    if (!next) return { ok: false, reason: "section_not_found" };
    await writeLayout(tx, owner, next);
    await touch(tx, owner);
    return { ok: true, lessonId, courseId: owner };
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
    const locked = await lockLesson(tx, actor, lessonId, courseId);
    if (locked.refusal) return locked.refusal;
    const upload = publicId ? await findAttachable(tx, actor, "raw", { publicId }) : null;
    if (publicId && !upload) return { ok: false, reason: "media_not_found", field: "pdf" };
    await tx
      .update(lessons)
      .set({ pdfUrl: upload?.url ?? null, pdfPublicId: upload?.publicId ?? null })
      .where(eq(lessons.id, lessonId));
    await touch(tx, courseId);
    if (locked.lesson.pdfPublicId !== (upload?.publicId ?? null)) released = locked.lesson.pdfPublicId;
    return { ok: true, lessonId, courseId };
  });
  if (outcome.ok) await releaseMedia(db, store, [released]);
  return outcome;
}

// ── Reading one back (the API answers with what it changed) ───────────────────────────────────────────

export async function findSection(db: Database, id: number): Promise<CourseSection | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(courseSections).where(eq(courseSections.id, id));
  return row ?? null;
}

export async function findLesson(db: Database, id: number): Promise<Lesson | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(lessons).where(eq(lessons.id, id));
  return row ?? null;
}
