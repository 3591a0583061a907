// The studio's domain rules on a real database: ownership, publishing, deleting, the curriculum's order
// and what happens to media when it is replaced.
import { existsSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courseSections, courses, enrollments, lessons, mediaUploads, type User } from "../../app/db/schema";
import { storeUpload } from "../../app/media/media.server";
import {
  createCourse,
  deleteCourse,
  getCourseForEditor,
  listStudioCourses,
  setCourseImage,
  setPublished,
  updateCourse,
} from "../../app/studio/courses.server";
import {
  addLesson,
  deleteLesson,
  moveLesson,
  rearrangeCurriculum,
  updateLesson,
} from "../../app/studio/curriculum.server";
import { createUser } from "./auth-helpers";
import { createCourseFor, enroll, imageBytes, tempMediaStore } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let otherTrainer: User;
let admin: User;
let learner: User;
const store = tempMediaStore();

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  otherTrainer = await createUser(handle.db, "trainer");
  admin = await createUser(handle.db, "admin");
  learner = await createUser(handle.db, "user");
});
afterAll(() => handle?.close());

const landing = {
  title: "Data with SQL",
  titleAr: "البيانات مع SQL",
  category: "data-science" as const,
  description: "Learn **SQL**.\n\n[docs](javascript:alert(1))",
  descriptionAr: null,
  price: 2500,
};

async function positions(courseId: number) {
  const rows = await handle.db
    .select({ id: lessons.id, position: lessons.position, title: lessons.title })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
  return rows;
}

describe("creating and editing courses", () => {
  it("creates a draft owned by the trainer, with the description rendered once and sanitized", async () => {
    const outcome = await createCourse(handle.db, trainer, landing);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.course).toMatchObject({ trainerId: trainer.id, isPublished: false, price: 2500 });
    expect(outcome.course.descriptionHtml).toContain("<strong>SQL</strong>");
    expect(outcome.course.descriptionHtml).not.toContain("javascript");
  });

  it("refuses learners", async () => {
    expect(await createCourse(handle.db, learner, landing)).toEqual({ ok: false, reason: "forbidden" });
  });

  it("lets only the owner and admins edit: another trainer gets not_found for a draft, forbidden for a published course", async () => {
    const draft = await createCourseFor(handle.db, trainer);
    const published = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    expect(await updateCourse(handle.db, store, otherTrainer, draft.id, { title: "x" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await updateCourse(handle.db, store, otherTrainer, published.id, { title: "x" })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect((await getCourseForEditor(handle.db, otherTrainer, draft.id)).access).toBe("not_found");
    expect((await getCourseForEditor(handle.db, learner, published.id)).access).toBe("forbidden");
    expect((await getCourseForEditor(handle.db, null, published.id)).access).toBe("sign_in");
    const byAdmin = await updateCourse(handle.db, store, admin, draft.id, { title: "Renamed by admin" });
    expect(byAdmin.ok && byAdmin.course.title).toBe("Renamed by admin");
    expect(byAdmin.ok && byAdmin.course.trainerId).toBe(trainer.id);
  });

  it("bumps updatedAt on every change", async () => {
    const course = await createCourseFor(handle.db, trainer);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const outcome = await updateCourse(handle.db, store, trainer, course.id, { price: 0 });
    expect(outcome.ok && outcome.course.updatedAt.getTime()).toBeGreaterThan(course.updatedAt.getTime());
  });

  it("changes the price for future buyers only: enrollments keep what was paid", async () => {
    const course = await createCourseFor(handle.db, trainer, { lessons: 1, published: true, price: 1000 });
    await enroll(handle.db, learner.id, course.id, 1000);
    const outcome = await updateCourse(handle.db, store, trainer, course.id, { price: 4200 });
    expect(outcome.ok && outcome.course.price).toBe(4200);
    const [row] = await handle.db.select().from(enrollments).where(eq(enrollments.courseId, course.id));
    expect(row?.pricePaid).toBe(1000);
  });

  it("lists a trainer's own courses, and every course (or one trainer's) for an admin", async () => {
    const mine = await listStudioCourses(handle.db, otherTrainer, { limit: 10, offset: 0 });
    expect(mine.total).toBe(0);
    const own = await createCourseFor(handle.db, otherTrainer, { lessons: 2 });
    await enroll(handle.db, learner.id, own.id);
    const after = await listStudioCourses(handle.db, otherTrainer, { limit: 10, offset: 0 });
    expect(after.items).toEqual([
      expect.objectContaining({ id: own.id, lessonCount: 2, enrollmentCount: 1, isPublished: false }),
    ]);
    const all = await listStudioCourses(handle.db, admin, { limit: 100, offset: 0 });
    expect(all.items.some((item) => item.trainerId === trainer.id)).toBe(true);
    expect(all.items.some((item) => item.trainerId === otherTrainer.id)).toBe(true);
    const filtered = await listStudioCourses(handle.db, admin, {
      limit: 100,
      offset: 0,
      trainerId: otherTrainer.id,
    });
    expect(filtered.items.map((item) => item.id)).toEqual([own.id]);
    // A trainer's filter is ignored: they only ever see their own.
    const sneaky = await listStudioCourses(handle.db, otherTrainer, {
      limit: 10,
      offset: 0,
      trainerId: trainer.id,
    });
    expect(sneaky.items.map((item) => item.id)).toEqual([own.id]);
  });
});

describe("publishing", () => {
  it("lists what is missing, then publishes once it is complete, and unpublishes", async () => {
    const course = await createCourseFor(handle.db, trainer, { description: "" });
    expect(await setPublished(handle.db, trainer, course.id, true)).toEqual({
      ok: false,
      reason: "cannot_publish",
      missing: ["description", "lessons"],
    });
    await updateCourse(handle.db, store, trainer, course.id, { description: "Now described" });
    await addLesson(handle.db, trainer, course.id, { title: "One", titleAr: null, durationMinutes: 5 });
    expect(await setPublished(handle.db, trainer, course.id, true)).toEqual({ ok: true });
    expect(await setPublished(handle.db, trainer, course.id, false)).toEqual({ ok: true });
    const [row] = await handle.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.isPublished).toBe(false);
  });

  it("rolls back an edit that would publish an incomplete course", async () => {
    const course = await createCourseFor(handle.db, trainer, { description: "" });
    const outcome = await updateCourse(handle.db, store, trainer, course.id, {
      title: "Changed",
      isPublished: true,
    });
    expect(outcome).toMatchObject({ ok: false, reason: "cannot_publish" });
    const [row] = await handle.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.title).toBe("Test course");
  });

  it("keeps a published course's last lesson", async () => {
    const course = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    const [lesson] = await positions(course.id);
    const outcome = await deleteLesson(handle.db, store, trainer, lesson?.id ?? 0, course.id);
    expect(outcome).toMatchObject({ ok: false, reason: "cannot_publish", missing: ["lessons"] });
  });
});

describe("deleting", () => {
  it("deletes a course nobody bought, refuses one with enrollments", async () => {
    const unsold = await createCourseFor(handle.db, trainer, { lessons: 2 });
    expect(await deleteCourse(handle.db, store, otherTrainer, unsold.id)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await deleteCourse(handle.db, store, trainer, unsold.id)).toEqual({ ok: true });
    expect(await handle.db.$count(lessons, eq(lessons.courseId, unsold.id))).toBe(0);
    const sold = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    await enroll(handle.db, learner.id, sold.id);
    expect(await deleteCourse(handle.db, store, trainer, sold.id)).toEqual({
      ok: false,
      reason: "has_enrollments",
    });
    expect(await deleteCourse(handle.db, store, admin, sold.id)).toEqual({
      ok: false,
      reason: "has_enrollments",
    });
  });
});

describe("the curriculum", () => {
  it("adds at the end, moves up and down, deletes and keeps positions dense", async () => {
    const course = await createCourseFor(handle.db, trainer);
    for (const title of ["A", "B", "C", "D"]) {
      const added = await addLesson(handle.db, trainer, course.id, {
        title,
        titleAr: null,
        durationMinutes: null,
      });
      expect(added.ok).toBe(true);
    }
    const [a, b, c, d] = await positions(course.id);
    await moveLesson(handle.db, trainer, c?.id ?? 0, "up", course.id);
    expect((await positions(course.id)).map((row) => row.title)).toEqual(["A", "C", "B", "D"]);
    await moveLesson(handle.db, trainer, a?.id ?? 0, "up", course.id); // already first: stays
    await moveLesson(handle.db, trainer, d?.id ?? 0, "down", course.id); // already last: stays
    await moveLesson(handle.db, trainer, a?.id ?? 0, "down", course.id);
    expect((await positions(course.id)).map((row) => row.title)).toEqual(["C", "A", "B", "D"]);
    await deleteLesson(handle.db, store, trainer, a?.id ?? 0, course.id);
    const after = await positions(course.id);
    expect(after.map((row) => [row.title, row.position])).toEqual([
      ["C", 1],
      ["B", 2],
      ["D", 3],
    ]);
    await updateLesson(handle.db, trainer, b?.id ?? 0, {
      title: "B2",
      titleAr: "ب",
      durationMinutes: 7,
    });
    expect((await positions(course.id)).map((row) => row.title)).toEqual(["C", "B2", "D"]);
    const [section] = await handle.db
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.courseId, course.id));
    const sectionId = section?.id ?? 0;
    expect(
      await rearrangeCurriculum(handle.db, trainer, course.id, [
        { sectionId, lessonIds: [d?.id ?? 0, c?.id ?? 0, b?.id ?? 0] },
      ]),
    ).toEqual({ ok: true });
    expect((await positions(course.id)).map((row) => row.position)).toEqual([1, 2, 3]);
    expect((await positions(course.id)).map((row) => row.title)).toEqual(["D", "C", "B2"]);
    // A list that is not exactly the course's lessons is refused.
    expect(
      await rearrangeCurriculum(handle.db, trainer, course.id, [
        { sectionId, lessonIds: [d?.id ?? 0, c?.id ?? 0] },
      ]),
    ).toMatchObject({
      ok: false,
    });
  });

  it("refuses lessons of another course and other people's courses", async () => {
    const mine = await createCourseFor(handle.db, trainer, { lessons: 1 });
    const theirs = await createCourseFor(handle.db, otherTrainer, { lessons: 1 });
    const [theirLesson] = await positions(theirs.id);
    expect(await moveLesson(handle.db, trainer, theirLesson?.id ?? 0, "up", mine.id)).toEqual({
      ok: false,
      reason: "lesson_not_found",
    });
    expect(
      await addLesson(handle.db, trainer, theirs.id, { title: "x", titleAr: null, durationMinutes: null }),
    ).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  it("replaces the whole curriculum from an ordered list (the API's PUT)", async () => {
    const course = await createCourseFor(handle.db, trainer, { lessons: 3 });
    const [first, second, third] = await positions(course.id);
    const outcome = await updateCourse(handle.db, store, trainer, course.id, {
      lessons: [
        { id: third?.id, title: "Third first", titleAr: null, durationMinutes: 3 },
        { title: "Brand new", titleAr: "جديد", durationMinutes: null },
        { id: first?.id, title: "First last", titleAr: null, durationMinutes: 1 },
      ],
    });
    expect(outcome.ok).toBe(true);
    const after = await positions(course.id);
    expect(after.map((row) => [row.title, row.position])).toEqual([
      ["Third first", 1],
      ["Brand new", 2],
      ["First last", 3],
    ]);
    expect(after.some((row) => row.id === second?.id)).toBe(false);
    // An id from elsewhere rolls everything back.
    const refused = await updateCourse(handle.db, store, trainer, course.id, {
      title: "Should not stick",
      lessons: [{ id: 999_999, title: "Ghost", titleAr: null, durationMinutes: null }],
    });
    expect(refused).toEqual({ ok: false, reason: "lesson_not_found" });
    const [row] = await handle.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.title).toBe("Test course");
  });
});

describe("course images", () => {
  it("replacing or removing a cover deletes the old file; another trainer's upload cannot be attached", async () => {
    const course = await createCourseFor(handle.db, trainer);
    const first = await storeUpload(handle.db, store, trainer, {
      bytes: await imageBytes("png"),
      kind: "png",
    });
    const second = await storeUpload(handle.db, store, trainer, {
      bytes: await imageBytes("jpeg"),
      kind: "jpeg",
    });
    const foreign = await storeUpload(handle.db, store, otherTrainer, {
      bytes: await imageBytes("png"),
      kind: "png",
    });
    if (!first.ok || !second.ok || !foreign.ok) throw new Error("upload failed");
    const file = (publicId: string) => path.join(store.root, "images", `${publicId}.webp`);

    expect((await setCourseImage(handle.db, store, trainer, course.id, first.media.publicId)).ok).toBe(true);
    expect(existsSync(file(first.media.publicId))).toBe(true);
    const replaced = await setCourseImage(handle.db, store, trainer, course.id, second.media.publicId);
    expect(replaced.ok && replaced.course.imageUrl).toBe(second.media.url);
    expect(existsSync(file(first.media.publicId))).toBe(false);
    expect(await handle.db.$count(mediaUploads, eq(mediaUploads.publicId, first.media.publicId))).toBe(0);

    expect(await setCourseImage(handle.db, store, trainer, course.id, foreign.media.publicId)).toEqual({
      ok: false,
      reason: "media_not_found",
      field: "image",
    });
    const removed = await setCourseImage(handle.db, store, trainer, course.id, null);
    expect(removed.ok && removed.course.imageUrl).toBeNull();
    expect(existsSync(file(second.media.publicId))).toBe(false);
  });
});
