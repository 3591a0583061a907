// Upvotes under parallel requests on real PostgreSQL (issue 35): one person's toggles queue up on the
// question row, so an even number of them leaves no vote and an odd number one; many people voting at once
// count exactly; the (question, user) primary key keeps a vote single whatever happens.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../../app/db/client.server";
import { courses, enrollments, lessonQuestions, lessons, questionVotes } from "../../app/db/schema";
import { askQuestion } from "../../app/qa/qa.server";
import { action as voteApi } from "../../app/routes/api/question-vote";
import { addLesson } from "../../app/studio/curriculum.server";
import { bearerFor, createUser } from "./auth-helpers";
import { runRoute } from "./route-context";
import { createTestDatabase } from "./test-database";

const VOTERS = 12;

let handle: DatabaseHandle;
let wide: DatabaseHandle;
let questionId = 0;
let courseId = 0;

async function setUp() {
  handle = await createTestDatabase();
  const { rows } = await handle.db.execute<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${rows[0]?.name}`;
  wide = await openPostgres(url.toString(), { max: VOTERS });
  const trainer = await createUser(handle.db, "trainer");
  const [course] = await handle.db
    .insert(courses)
    .values({
      slug: "voted",
      title: "Voted",
      description: "Everyone votes at once",
      category: "web-development",
      isPublished: true,
      trainerId: trainer.id,
    })
    .returning({ id: courses.id });
  courseId = course?.id ?? 0;
  await addLesson(handle.db, trainer, courseId, { title: "L", titleAr: null, durationMinutes: 1 });
  const [lesson] = await handle.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, courseId));
  const asked = await askQuestion(handle.db, trainer, courseId, lesson?.id ?? 0, {
    title: "Vote",
    body: "x",
  });
  if (!asked.ok) throw new Error(asked.reason);
  questionId = asked.questionId;
}

async function voter() {
  const user = await createUser(handle.db, "user");
  await handle.db.insert(enrollments).values({ userId: user.id, courseId, pricePaid: 0 });
  return bearerFor(handle.db, user.id);
}

function vote(authorization: string) {
  return runRoute<Response>(
    wide.db,
    new Request(`http://test/api/questions/${questionId}/vote`, {
      method: "POST",
      headers: { Authorization: authorization },
    }),
    voteApi as never,
    { id: String(questionId) },
  );
}

async function state() {
  const [row] = await handle.db
    .select({ voteCount: lessonQuestions.voteCount })
    .from(lessonQuestions)
    .where(eq(lessonQuestions.id, questionId));
  const rows = await handle.db.$count(questionVotes, eq(questionVotes.questionId, questionId));
  return { voteCount: row?.voteCount, rows };
}

// PGlite serves one connection, so a real race needs PostgreSQL; CI sets TEST_DATABASE_URL.
describe("parallel upvotes (PostgreSQL)", () => {
  if (process.env.TEST_DATABASE_URL) {
    beforeAll(setUp);
    afterAll(async () => {
      await wide?.close();
      await handle?.close();
    });

    it("one person's parallel toggles: even leaves none, odd leaves one, and the count agrees", async () => {
      const auth = await voter();
      const even = await Promise.all(Array.from({ length: 8 }, () => vote(auth)));
      expect(even.map((response) => response.status)).toEqual(even.map(() => 200));
      expect(await state()).toEqual({ voteCount: 0, rows: 0 });
      await Promise.all(Array.from({ length: 5 }, () => vote(auth)));
      expect(await state()).toEqual({ voteCount: 1, rows: 1 });
      await vote(auth);
      expect(await state()).toEqual({ voteCount: 0, rows: 0 });
    }, 60_000);

    it(`${VOTERS} people voting at once (then three more toggles each, in parallel) count exactly`, async () => {
      const voters = await Promise.all(Array.from({ length: VOTERS }, () => voter()));
      const first = await Promise.all(voters.map((auth) => vote(auth)));
      expect(first.every((response) => response.status === 200)).toBe(true);
      expect(await state()).toEqual({ voteCount: VOTERS, rows: VOTERS });
      // A second and third toggle each, all at once: net one more toggle each → none left.
      await Promise.all(voters.flatMap((auth) => [vote(auth), vote(auth), vote(auth)]));
      expect(await state()).toEqual({ voteCount: 0, rows: 0 });
    }, 60_000);

    it("the primary key refuses a second vote row for one person, whatever the code does", async () => {
      const [user] = await handle.db.select({ id: enrollments.userId }).from(enrollments).limit(1);
      await handle.db.insert(questionVotes).values({ questionId, userId: user?.id ?? "" });
      await expect(
        handle.db.insert(questionVotes).values({ questionId, userId: user?.id ?? "" }),
      ).rejects.toThrow();
    });
  } else if (process.env.CI === "true") {
    it("needs TEST_DATABASE_URL in CI: the vote race cannot run on PGlite", () => {
      expect(process.env.TEST_DATABASE_URL, "set TEST_DATABASE_URL").toBeTruthy();
    });
  } else {
    it.skip("runs on PostgreSQL only (set TEST_DATABASE_URL)", () => {});
  }
});
