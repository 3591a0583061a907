// A learner's home (issue 50, items 1 and 3): /my-enrollments and GET /api/me/learning arrange the courses
// into continue, in progress and completed, list the quizzes waiting for a retry, read it all in two
// statements whatever the number of courses, and find the certificate that completing the last lesson (or
// passing the last quiz) issued without any other call. On PostgreSQL, two tabs completing the last two
// lessons at once issue exactly one certificate.
import type { PGlite } from "@electric-sql/pglite";
import { and, eq, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, openPostgres } from "../../app/db/client.server";
import * as schema from "../../app/db/schema";
import { certificates, lessons, notifications, type User } from "../../app/db/schema";
import { learnerHome } from "../../app/learning/home.server";
import { recordProgress } from "../../app/learning/progress.server";
import { startAttempt, submitAttempt } from "../../app/quizzes/attempts.server";
import { loader as certificatesApi } from "../../app/routes/api/certificates";
import { loader as meLearning } from "../../app/routes/api/me-learning";
import { loader as myLearning } from "../../app/routes/my-enrollments";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { createQuizCourse, rightAnswers, wrongAnswers } from "./quiz-fixtures";
import { runRoute, settle } from "./route-context";
import { createCourseFor, enroll } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
});
afterAll(() => handle?.close());

async function api(handler: unknown, path: string, user: User | null) {
  const headers = new Headers({ "Accept-Language": "en" });
  if (user) headers.set("Authorization", await bearerFor(handle.db, user.id));
  return (await settle(
    runRoute(handle.db, new Request(`http://test${path}`, { headers }), handler as never),
  )) as Response;
}

async function page(path: string, user: User) {
  const headers = new Headers({ Cookie: await cookieFor(handle.db, user.id) });
  return (await settle(
    runRoute(handle.db, new Request(`http://test${path}`, { headers }), myLearning as never),
  )) as Awaited<ReturnType<typeof myLearning>>;
}

async function lessonIdsOf(courseId: number) {
  const rows = await handle.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(lessons.position);
  return rows.map((row) => row.id);
}

async function submit(learner: User, courseId: number, lessonId: number, answers: unknown) {
  const started = await startAttempt(handle.db, learner, courseId, lessonId, "en");
  if (!started.ok) throw new Error(`attempt not started: ${started.reason}`);
  const submitted = await submitAttempt(handle.db, learner, started.attempt.id, answers as never, "en");
  if (!submitted.ok) throw new Error(`attempt not submitted: ${submitted.reason}`);
  return submitted.attempt;
}

describe("the learner's home", () => {
  it("continues the lesson touched last, lists a failed quiz to retry, and finds the certificate a pass issued", async () => {
    const learner = await createUser(handle.db, "user");
    const quizCourse = await createQuizCourse(handle.db, trainer, { learners: [learner] });
    const other = await createCourseFor(handle.db, trainer, { lessons: 3, published: true });
    await enroll(handle.db, learner.id, other.id);
    const otherLessons = await lessonIdsOf(other.id);

    // Nothing begun: every course in progress, nothing to continue.
    let home = await learnerHome(handle.db, "en", learner.id);
    expect(home.continue).toBeNull();
    expect(home.inProgress.map((course) => course.courseId).sort()).toEqual(
      [quizCourse.courseId, other.id].sort(),
    );
    expect(home.completed).toEqual([]);

    // The video lesson of the quiz course, then a lesson of the other course: the other one is continued.
    const first = await recordProgress(handle.db, learner, quizCourse.courseId, quizCourse.videoLessonId, {
      completed: true,
    });
    expect(first).toMatchObject({ ok: true });
    expect(first.ok && first.certificateIssued).toBeFalsy();
    await recordProgress(handle.db, learner, other.id, otherLessons[1] ?? 0, { completed: true });
    home = await learnerHome(handle.db, "en", learner.id);
    expect(home.continue).toEqual({
      courseId: other.id,
      courseTitle: "Test course",
      lessonId: otherLessons[1],
      lessonTitle: "Lesson 2",
      progressPercent: 33,
    });
    expect(home.inProgress[0]?.courseId).toBe(other.id);

    // A failed quiz waits for a retry, with its attempts left (2 allowed, 1 used).
    await submit(learner, quizCourse.courseId, quizCourse.quizLessonId, wrongAnswers(quizCourse.quiz));
    home = await learnerHome(handle.db, "en", learner.id);
    expect(home.retryQuizzes).toEqual([
      {
        courseId: quizCourse.courseId,
        courseTitle: "Test course",
        lessonId: quizCourse.quizLessonId,
        lessonTitle: "Quiz",
        scorePercent: 0,
        passPercent: 70,
        attemptsLeft: 1,
      },
    ]);

    // Passing it completes the course's last lesson: the certificate is issued at once, announced once.
    const passed = await submit(
      learner,
      quizCourse.courseId,
      quizCourse.quizLessonId,
      rightAnswers(quizCourse.quiz),
    );
    expect(passed.passed).toBe(true);
    const held = await handle.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, learner.id), eq(certificates.courseId, quizCourse.courseId)));
    expect(held).toHaveLength(1);
    expect(
      await handle.db.$count(
        notifications,
        and(eq(notifications.userId, learner.id), eq(notifications.type, "certificate_issued")),
      ),
    ).toBe(1);
    home = await learnerHome(handle.db, "en", learner.id);
    expect(home.retryQuizzes).toEqual([]);
    expect(home.completed.map((course) => course.courseId)).toEqual([quizCourse.courseId]);
    expect(home.completed[0]?.certificate).toMatchObject({ id: held[0]?.id, revoked: false });
    expect(home.continue?.courseId).toBe(other.id);

    // The page and the API say the same, without any other call.
    const data = await page("/ar/my-enrollments", learner);
    expect(data.completed[0]?.certificate?.pdfPath).toBe(`/certificates/${held[0]?.id}/pdf`);
    expect(data.meta.title).toContain("تعلّمي");
    const response = await api(meLearning, "/api/me/learning", learner);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.continue).toMatchObject({
      courseId: other.id,
      lessonId: otherLessons[1],
      progressPercent: 33,
    });
    expect(body.inProgress.map((course: { courseId: number }) => course.courseId)).toEqual([other.id]);
    expect(body.completed[0]).toMatchObject({
      courseId: quizCourse.courseId,
      progressPercent: 100,
      certificate: { id: held[0]?.id, code: held[0]?.code, revoked: false },
    });
    const listed = await (await api(certificatesApi, "/api/certificates", learner)).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([held[0]?.id]);
  });

  it("issues the certificate when the last lesson is marked complete, and says so only once", async () => {
    const learner = await createUser(handle.db, "user");
    const course = await createCourseFor(handle.db, trainer, { lessons: 2, published: true });
    await enroll(handle.db, learner.id, course.id);
    const [one, two] = await lessonIdsOf(course.id);
    const firstMark = await recordProgress(handle.db, learner, course.id, one ?? 0, { completed: true });
    expect(firstMark.ok && firstMark.certificateIssued).toBeFalsy();
    const last = await recordProgress(handle.db, learner, course.id, two ?? 0, { completed: true });
    expect(last.ok && last.certificateIssued?.code).toMatch(/\S/);
    // Marking it again (another tab) issues nothing new.
    const again = await recordProgress(handle.db, learner, course.id, two ?? 0, { completed: true });
    expect(again.ok && again.certificateIssued).toBeFalsy();
    expect(await handle.db.$count(certificates, eq(certificates.userId, learner.id))).toBe(1);
  });

  it("answers 401 to the API without a token, and a new learner an empty home", async () => {
    expect((await api(meLearning, "/api/me/learning", null)).status).toBe(401);
    const fresh = await createUser(handle.db, "user");
    expect(await (await api(meLearning, "/api/me/learning", fresh)).json()).toEqual({
      continue: null,
      inProgress: [],
      completed: [],
      retryQuizzes: [],
    });
  });

  it("reads the home in two statements, whatever the number of courses", async () => {
    const learner = await createUser(handle.db, "user");
    const statementsFor = async () => {
      const statements: string[] = [];
      const logger = { logQuery: (query: string) => void statements.push(query) };
      const client = (handle.db as unknown as { $client: unknown }).$client;
      const db =
        handle.driver === "pglite"
          ? drizzlePglite(client as PGlite, { schema, logger })
          : drizzleNodePg(client as pg.Pool, { schema, logger });
      await learnerHome(db as unknown as Database, "en", learner.id);
      return statements.length;
    };
    for (let index = 0; index < 4; index++) {
      const course = await createCourseFor(handle.db, trainer, { lessons: 2, published: true });
      await enroll(handle.db, learner.id, course.id);
      const [lesson] = await lessonIdsOf(course.id);
      await recordProgress(handle.db, learner, course.id, lesson ?? 0, { completed: true });
    }
    const withFour = await statementsFor();
    const more = await createCourseFor(handle.db, trainer, { lessons: 5, published: true });
    await enroll(handle.db, learner.id, more.id);
    expect(withFour).toBe(2);
    expect(await statementsFor()).toBe(2);
  });
});

// PGlite serves one connection, so a real race needs PostgreSQL; CI sets TEST_DATABASE_URL.
describe("completing the last two lessons from two tabs at once (PostgreSQL)", () => {
  if (process.env.TEST_DATABASE_URL) {
    let wide: DatabaseHandle;
    beforeAll(async () => {
      const { rows } = await handle.db.execute<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${rows[0]?.name}`;
      wide = await openPostgres(url.toString(), { max: 8 });
    });
    afterAll(() => wide?.close());
    it("issues exactly one certificate, whichever tab finishes last", async () => {
      for (let round = 0; round < 5; round++) {
        const learner = await createUser(handle.db, "user");
        const course = await createCourseFor(handle.db, trainer, { lessons: 3, published: true });
        await enroll(handle.db, learner.id, course.id);
        const [one, two, three] = await lessonIdsOf(course.id);
        await recordProgress(handle.db, learner, course.id, one ?? 0, { completed: true });
        const outcomes = await Promise.all(
          [two, three, two, three].map((lessonId) =>
            recordProgress(wide.db, learner, course.id, lessonId ?? 0, { completed: true }),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.ok && outcome.certificateIssued)).toHaveLength(1);
        expect(await handle.db.$count(certificates, eq(certificates.userId, learner.id))).toBe(1);
      }
    }, 60_000);
  } else if (process.env.CI === "true") {
    it("needs TEST_DATABASE_URL in CI: the completion race cannot run on PGlite", () => {
      throw new Error(
        "TEST_DATABASE_URL is unset, but CI must run the concurrency tests against PostgreSQL.",
      );
    });
  } else {
    it.skip("the completion race — skipped because TEST_DATABASE_URL is unset (PGlite has one connection)", () => {});
  }
});
