// The course page reads a signed-in visitor's standing in one statement (app/courses/course-viewer.server.ts).
// Its answers must be the domains' own, for every kind of visitor: each fact below is compared with the
// function of the domain that owns it, over learners in different states, the trainer, an admin and a stranger.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCourseStanding } from "../../app/access/access.server";
import { certificateProgress } from "../../app/certificates/certificates.server";
import { certificateStatusOf } from "../../app/certificates/status";
import { certificateStatus } from "../../app/certificates/status.server";
import { readCourseViewerFacts } from "../../app/courses/course-viewer.server";
import { isFavorite } from "../../app/courses/favorites.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  cartItems,
  certificates,
  courseReviews,
  courses,
  enrollments,
  favorites,
  lessonProgress,
  lessons,
  type User,
} from "../../app/db/schema";
import { courseProgress as learnerProgress, progressByCourse } from "../../app/learning/progress.server";
import { getOwnReview } from "../../app/reviews/reviews.server";
import { createUser } from "./auth-helpers";
import { withSection } from "./section-rows";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
const people: Record<string, User> = {};
let courseId = 0;
let emptyDraftId = 0;
const lessonIds: number[] = [];

beforeAll(async () => {
  process.env.DATA_DIR ??= "./data";
  handle = await createTestDatabase();
  const db = handle.db;
  for (const [name, role] of [
    ["trainer", "trainer"],
    ["admin", "admin"],
    ["stranger", "user"],
    ["started", "user"],
    ["finished", "user"],
    ["revoked", "user"],
    ["shopper", "user"],
  ] as const) {
    people[name] = await createUser(db, role);
  }
  const trainerId = people.trainer?.id ?? "";
  const base = { description: "d", category: "data-science" as const, price: 1000, trainerId };
  const rows = await db
    .insert(courses)
    .values([
      { ...base, slug: "viewer-a", title: "Course A", isPublished: true },
      { ...base, slug: "viewer-draft", title: "Empty draft" },
    ])
    .returning({ id: courses.id, slug: courses.slug });
  courseId = rows.find((row) => row.slug === "viewer-a")?.id ?? 0;
  emptyDraftId = rows.find((row) => row.slug === "viewer-draft")?.id ?? 0;
  const inserted = await db
    .insert(lessons)
    .values(
      await withSection(
        db,
        [1, 2, 3].map((position) => ({ courseId, position, title: `Lesson ${position}` })),
      ),
    )
    .returning({ id: lessons.id, position: lessons.position });
  lessonIds.push(...inserted.sort((a, b) => a.position - b.position).map((row) => row.id));

  const id = (name: string) => people[name]?.id ?? "";
  await db
    .insert(enrollments)
    .values(
      ["started", "finished", "revoked"].map((name) => ({ userId: id(name), courseId, pricePaid: 1000 })),
    );
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));
  await db.insert(lessonProgress).values([
    // "started" touched lesson 3 last, without finishing it, after completing lesson 1.
    { userId: id("started"), courseId, lessonId: lessonIds[0] ?? 0, completedAt: at(1), updatedAt: at(1) },
    { userId: id("started"), courseId, lessonId: lessonIds[2] ?? 0, positionSeconds: 40, updatedAt: at(5) },
    // Two lessons touched at the same moment: the earlier lesson in the course is the last one.
    ...lessonIds.map((lessonId, index) => ({
      userId: id("finished"),
      courseId,
      lessonId,
      completedAt: at(10),
      updatedAt: index === 0 ? at(3) : at(10),
    })),
    ...lessonIds.map((lessonId) => ({
      userId: id("revoked"),
      courseId,
      lessonId,
      completedAt: at(2),
      updatedAt: at(2),
    })),
  ]);
  const certificate = { courseTitle: "Course A", trainerName: "T", holderName: "H", courseId };
  await db.insert(certificates).values([
    { ...certificate, userId: id("finished"), code: "VIEWER-FINISHED" },
    {
      ...certificate,
      userId: id("revoked"),
      code: "VIEWER-REVOKED",
      revokedAt: at(30),
      revokedReason: "refund",
    },
  ]);
  await db.insert(courseReviews).values([
    { courseId, userId: id("finished"), rating: 5, comment: "Clear" },
    { courseId, userId: id("revoked"), rating: 2, comment: null, hiddenAt: at(31), hiddenReason: "refund" },
  ]);
  await db.insert(favorites).values([
    { userId: id("started"), courseId },
    { userId: id("shopper"), courseId },
  ]);
  await db.insert(cartItems).values({ userId: id("shopper"), courseId });
});

afterAll(async () => {
  await handle?.close();
});

describe("a signed-in visitor's standing in a course, in one statement", () => {
  const names = ["trainer", "admin", "stranger", "started", "finished", "revoked", "shopper"];

  it.each(names)("equals the domains' own answers for the %s", async (name) => {
    const db = handle.db;
    const user = people[name] as User;
    for (const id of [courseId, emptyDraftId]) {
      const facts = await readCourseViewerFacts(db, user.id, id);
      if (!facts) throw new Error(`no facts for course ${id}`);
      const progress = await certificateProgress(db, user.id, id);
      const summary = (await progressByCourse(db, user.id, [id])).get(id);
      const cart = await db.select().from(cartItems);
      expect(facts.standing).toEqual(await loadCourseStanding(db, user, id));
      expect(facts.favorite).toBe(await isFavorite(db, user.id, id));
      expect(facts.inCart).toBe(cart.some((row) => row.userId === user.id && row.courseId === id));
      const { completedLessonIds, ...counts } = facts.completion;
      expect({ enrolled: facts.standing.enrolled, ...counts }).toEqual({
        ...progress,
        lastLessonId: summary?.lastLessonId,
      });
      const ticks = (await learnerProgress(db, user.id, id)).lessons;
      expect(completedLessonIds).toEqual(
        ticks.filter((lesson) => lesson.completed).map((lesson) => lesson.id),
      );
      expect(facts.completion.completedLessons).toBe(summary?.completedLessons);
      expect(facts.completion.totalLessons).toBe(summary?.totalLessons);
      expect(facts.ownReview).toEqual(await getOwnReview(db, id, user.id));
      expect(
        certificateStatusOf(id, facts.certificate, {
          enrolled: facts.standing.enrolled,
          ...facts.completion,
        }),
      ).toEqual(await certificateStatus(db, user, id));
    }
  });

  it("tells the states apart (the comparison above is not between empty answers)", async () => {
    const db = handle.db;
    const facts = async (name: string) => readCourseViewerFacts(db, people[name]?.id ?? "", courseId);
    expect((await facts("started"))?.completion).toEqual({
      totalLessons: 3,
      completedLessons: 1,
      lastLessonId: lessonIds[2],
      completedLessonIds: [lessonIds[0]],
    });
    expect((await facts("finished"))?.completion.lastLessonId).toBe(lessonIds[1]);
    expect((await facts("finished"))?.certificate).toMatchObject({
      code: "VIEWER-FINISHED",
      revokedAt: null,
    });
    expect((await facts("revoked"))?.certificate?.revokedAt).toBeInstanceOf(Date);
    expect((await facts("revoked"))?.ownReview).toMatchObject({ rating: 2, comment: null, hidden: true });
    expect(await facts("shopper")).toMatchObject({
      favorite: true,
      inCart: true,
      standing: { enrolled: false },
    });
    expect(await facts("stranger")).toMatchObject({
      favorite: false,
      inCart: false,
      certificate: null,
      ownReview: null,
    });
  });

  it("is null for a course that does not exist, and for an id that cannot name one", async () => {
    const user = people.started as User;
    expect(await readCourseViewerFacts(handle.db, user.id, 2_000_000_000)).toBeNull();
    expect(await readCourseViewerFacts(handle.db, user.id, 2 ** 31)).toBeNull();
  });
});
