// Sections and lesson kinds in the studio (issue 32, decision 051): what each curriculum function does and
// refuses, and what readers see of it. The parallel-edit race is tests/integration/studio-concurrency.test.ts.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCurriculumForViewer } from "../../app/courses/curriculum.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courseSections, lessonProgress, lessons, quizzes, type User } from "../../app/db/schema";
import { setPublished } from "../../app/studio/courses.server";
import {
  addLesson,
  addSection,
  deleteSection,
  moveLesson,
  moveSection,
  placeLesson,
  renameSection,
  updateLesson,
} from "../../app/studio/curriculum.server";
import { createUploadLink } from "../../app/video/videos.server";
import { createUser } from "./auth-helpers";
import { createCourseFor, enroll } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let otherTrainer: User;
let admin: User;
let learner: User;

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  otherTrainer = await createUser(handle.db, "trainer");
  admin = await createUser(handle.db, "admin");
  learner = await createUser(handle.db, "user");
});
afterAll(() => handle?.close());

async function layout(courseId: number) {
  const sections = await handle.db
    .select()
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position));
  const rows = await handle.db
    .select()
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
  expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
  expect(sections.map((row) => row.position)).toEqual(sections.map((_, index) => index + 1));
  return sections.map((section) => ({
    title: section.title,
    lessons: rows.filter((row) => row.sectionId === section.id).map((row) => row.title),
  }));
}

describe("sections", () => {
  it("adds, renames, moves and deletes sections, keeping each section's lessons one contiguous run", async () => {
    const course = await createCourseFor(handle.db, trainer, { lessons: 3 });
    const second = await addSection(handle.db, trainer, course.id, { title: "Second", titleAr: "الثاني" });
    if (!second.ok) throw new Error("section not added");
    expect(await layout(course.id)).toEqual([
      { title: "Course content", lessons: ["Lesson 1", "Lesson 2", "Lesson 3"] },
      { title: "Second", lessons: [] },
    ]);
    const [lesson1, lesson2, lesson3] = (
      await handle.db
        .select()
        .from(lessons)
        .where(eq(lessons.courseId, course.id))
        .orderBy(asc(lessons.position))
    ).map((row) => row.id);
    // "Down" from a section's last place crosses into the next section, as the plain form's arrow does.
    await moveLesson(handle.db, trainer, lesson3 ?? 0, "down");
    expect(await layout(course.id)).toEqual([
      { title: "Course content", lessons: ["Lesson 1", "Lesson 2"] },
      { title: "Second", lessons: ["Lesson 3"] },
    ]);
    await placeLesson(handle.db, trainer, lesson1 ?? 0, { sectionId: second.sectionId, position: 1 });
    await moveSection(handle.db, trainer, second.sectionId, "up");
    await renameSection(handle.db, trainer, second.sectionId, { title: "First now", titleAr: null });
    expect(await layout(course.id)).toEqual([
      { title: "First now", lessons: ["Lesson 1", "Lesson 3"] },
      { title: "Course content", lessons: ["Lesson 2"] },
    ]);
    // A section with lessons is not deleted; an empty one is, but never the course's only one.
    expect(await deleteSection(handle.db, trainer, second.sectionId)).toEqual({
      ok: false,
      reason: "section_not_empty",
    });
    const [original] = await handle.db
      .select()
      .from(courseSections)
      .where(eq(courseSections.courseId, course.id))
      .orderBy(asc(courseSections.position))
      .offset(1);
    await placeLesson(handle.db, trainer, lesson2 ?? 0, { sectionId: second.sectionId, position: 99 });
    expect(await deleteSection(handle.db, trainer, original?.id ?? 0)).toMatchObject({ ok: true });
    expect(await layout(course.id)).toEqual([
      { title: "First now", lessons: ["Lesson 1", "Lesson 3", "Lesson 2"] },
    ]);
    expect(await deleteSection(handle.db, trainer, second.sectionId)).toEqual({
      ok: false,
      reason: "section_not_empty",
    });
    const empty = await createCourseFor(handle.db, trainer);
    const only = await addSection(handle.db, trainer, empty.id, { title: "Only" });
    if (!only.ok) throw new Error("section not added");
    expect(await deleteSection(handle.db, trainer, only.sectionId)).toEqual({
      ok: false,
      reason: "last_section",
    });
  });

  it("refuses other people's sections: another trainer's draft does not exist for them, a published one is forbidden", async () => {
    const draft = await createCourseFor(handle.db, trainer, { lessons: 1 });
    const published = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    const [draftSection] = await handle.db
      .select()
      .from(courseSections)
      .where(eq(courseSections.courseId, draft.id));
    const [publishedSection] = await handle.db
      .select()
      .from(courseSections)
      .where(eq(courseSections.courseId, published.id));
    expect(await renameSection(handle.db, otherTrainer, draftSection?.id ?? 0, { title: "Mine" })).toEqual({
      ok: false,
      reason: "section_not_found",
    });
    expect(
      await renameSection(handle.db, otherTrainer, publishedSection?.id ?? 0, { title: "Mine" }),
    ).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await addSection(handle.db, otherTrainer, draft.id, { title: "Mine" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await renameSection(handle.db, admin, draftSection?.id ?? 0, { title: "Admin's" })).toMatchObject({
      ok: true,
    });
    // A lesson cannot be placed into another course's section.
    const [draftLesson] = await handle.db.select().from(lessons).where(eq(lessons.courseId, draft.id));
    expect(
      await placeLesson(handle.db, trainer, draftLesson?.id ?? 0, {
        sectionId: publishedSection?.id ?? 0,
        position: 1,
      }),
    ).toEqual({ ok: false, reason: "section_not_found" });
  });
});

describe("lesson kinds", () => {
  it("renders an article's Markdown once on save, sanitized, and keeps the kind fixed", async () => {
    const course = await createCourseFor(handle.db, trainer);
    const added = await addLesson(handle.db, trainer, course.id, {
      kind: "article",
      title: "Read",
      body: "# Title\n\n<script>alert(1)</script>\n\n**bold**",
    });
    if (!added.ok) throw new Error("article not added");
    const [row] = await handle.db.select().from(lessons).where(eq(lessons.id, added.lessonId));
    expect(row?.kind).toBe("article");
    expect(row?.bodyHtml).toContain("<strong>bold</strong>");
    expect(row?.bodyHtml).not.toContain("<script");
    await updateLesson(handle.db, trainer, added.lessonId, { title: "Read", bodyAr: "**عريض**" });
    const [after] = await handle.db.select().from(lessons).where(eq(lessons.id, added.lessonId));
    expect(after?.bodyArHtml).toContain("<strong>عريض</strong>");
    expect(after?.bodyHtml).toBe(row?.bodyHtml);
    // A video's lesson never gets an article body, whatever is sent.
    const video = await addLesson(handle.db, trainer, course.id, { title: "Watch", body: "ignored" });
    if (!video.ok) throw new Error("video not added");
    const [videoRow] = await handle.db.select().from(lessons).where(eq(lessons.id, video.lessonId));
    expect(videoRow).toMatchObject({ kind: "video", body: null, bodyHtml: null });
  });

  it("gives a new quiz its settings row, and refuses an upload link for a lesson that is not a video", async () => {
    const course = await createCourseFor(handle.db, trainer);
    const quiz = await addLesson(handle.db, trainer, course.id, { kind: "quiz", title: "Check" });
    if (!quiz.ok) throw new Error("quiz not added");
    const [settings] = await handle.db.select().from(quizzes).where(eq(quizzes.lessonId, quiz.lessonId));
    expect(settings).toMatchObject({ passPercent: 70, maxAttempts: 0, shuffle: false, reveal: "after_pass" });
    expect(
      await createUploadLink(handle.db, trainer, {
        fileSize: 1000,
        fileName: "clip.mp4",
        description: "",
        lessonId: quiz.lessonId,
      }),
    ).toEqual({ ok: false, reason: "not_video_lesson" });
  });
});

describe("the curriculum readers see", () => {
  it("groups lessons by section, and says what was completed only to an enrolled learner", async () => {
    const course = await createCourseFor(handle.db, trainer, { lessons: 2, published: true });
    const part = await addSection(handle.db, trainer, course.id, {
      title: "Part two",
      titleAr: "الجزء الثاني",
    });
    if (!part.ok) throw new Error("section not added");
    const article = await addLesson(handle.db, trainer, course.id, {
      kind: "article",
      title: "Notes",
      titleAr: "ملاحظات",
      sectionId: part.sectionId,
    });
    if (!article.ok) throw new Error("article not added");
    await enroll(handle.db, learner.id, course.id);
    await handle.db.insert(lessonProgress).values({
      userId: learner.id,
      lessonId: article.lessonId,
      courseId: course.id,
      completedAt: new Date(),
    });

    const guest = await getCurriculumForViewer(handle.db, "ar", course.id, null);
    expect(guest?.sections.map((section) => section.title)).toEqual(["محتوى الدورة", "الجزء الثاني"]);
    expect(guest?.sections[1]?.lessons).toEqual([
      {
        id: article.lessonId,
        kind: "article",
        title: "ملاحظات",
        position: 3,
        durationMinutes: null,
        isFreePreview: false,
      },
    ]);
    expect(JSON.stringify(guest)).not.toContain("completed");
    const other = await getCurriculumForViewer(handle.db, "en", course.id, otherTrainer);
    expect(JSON.stringify(other)).not.toContain("completed");

    const mine = await getCurriculumForViewer(handle.db, "en", course.id, learner);
    expect(mine?.sections.flatMap((section) => section.lessons.map((lesson) => lesson.completed))).toEqual([
      false,
      false,
      true,
    ]);
    const draft = await createCourseFor(handle.db, trainer);
    expect(await getCurriculumForViewer(handle.db, "en", draft.id, learner)).toBeNull();
  });
});

describe("publishing with quizzes", () => {
  it("waits for every quiz to have a question, but lets a live course take a new, empty quiz", async () => {
    const course = await createCourseFor(handle.db, trainer, { lessons: 1 });
    const quiz = await addLesson(handle.db, trainer, course.id, { kind: "quiz", title: "Check" });
    if (!quiz.ok) throw new Error("quiz not added");
    expect(await setPublished(handle.db, trainer, course.id, true)).toEqual({
      ok: false,
      reason: "cannot_publish",
      missing: ["quizzes"],
    });
    const live = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    expect(await addLesson(handle.db, trainer, live.id, { kind: "quiz", title: "New check" })).toMatchObject({
      ok: true,
    });
    expect(await setPublished(handle.db, trainer, live.id, true)).toMatchObject({
      ok: false,
      missing: ["quizzes"],
    });
  });
});
