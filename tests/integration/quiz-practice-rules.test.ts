// What the probe of issue 43 found in quizzes, each reproduced here first (items 1, 2, 3 and 6): a practice
// that graded answers for a learner who holds the course (an oracle before their one real attempt), a practice
// page whose GET started real attempts, a free-preview practice that graded one question at a time without
// limit, and saves and submits of real attempts that outlived a refund. The API and the page are asked alike.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../app/auth/rate-limit.server";
import { refundEnrollment } from "../../app/commerce/refunds.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { enrollments, quizAttempts, rateLimits, type User } from "../../app/db/schema";
import { saveAnswers, startAttempt, submitAttempt } from "../../app/quizzes/attempts.server";
import { action as saveAnswersApi } from "../../app/routes/api/attempt-answers";
import { action as submitApi } from "../../app/routes/api/attempt-submit";
import { action as practiceAction, loader as practicePage } from "../../app/routes/quiz-practice";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { createQuizCourse, type QuizCourse, rightAnswers, sampleQuiz, wrongAnswers } from "./quiz-fixtures";
import { fromAddress, runRoute } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let admin: User;

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  admin = await createUser(handle.db, "admin");
});
afterAll(async () => {
  await handle?.close();
});

async function api(
  handler: unknown,
  { as, attemptId, body, address }: { as?: User; attemptId: string; body?: unknown; address?: string },
  method = "POST",
) {
  const headers = new Headers();
  if (as) headers.set("Authorization", await bearerFor(handle.db, as.id));
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request("http://test/api/attempts/x/submit", {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (address) fromAddress(request, address);
  const response = (await runRoute(handle.db, request, handler as never, { attemptId })) as Response;
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: the tests read answers' JSON by path.
    json: JSON.parse(text) as Record<string, any>,
  };
}

/** Runs a page route's loader or action; a thrown Response (a redirect, a 404) is the answer. */
async function page(
  handler: unknown,
  course: QuizCourse,
  { as, method = "GET", form }: { as?: User; method?: string; form?: URLSearchParams } = {},
): Promise<{ status: number; location: string | null; body: unknown }> {
  const path = `/courses/${course.courseId}/learn/${course.quizLessonId}/practice`;
  const headers = new Headers({ origin: "http://test" });
  if (as) headers.set("Cookie", await cookieFor(handle.db, as.id));
  if (form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  const request = new Request(`http://test${path}`, { method, headers, body: form?.toString() });
  let result: unknown;
  try {
    result = await runRoute(handle.db, request, handler as never, {
      id: String(course.courseId),
      lessonId: String(course.quizLessonId),
    });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("location"), body: null };
  // `data(...)` from an action: its status and payload.
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
  return { status: 200, location: null, body: result };
}

const practiceId = (course: QuizCourse) => `practice-${course.courseId}-${course.quizLessonId}`;
const attemptsOf = async (user: User) => handle.db.$count(quizAttempts, eq(quizAttempts.userId, user.id));

describe("a learner who holds the course (item 1)", () => {
  it("gets no graded practice from the API: 409 practice_unavailable, nothing recorded", async () => {
    const learner = await createUser(handle.db, "user");
    const course = await createQuizCourse(handle.db, trainer, {
      learners: [learner],
      input: sampleQuiz({ maxAttempts: 1, reveal: "never" }),
    });
    for (const answers of [rightAnswers(course.quiz), wrongAnswers(course.quiz)]) {
      const answer = await api(submitApi, { as: learner, attemptId: practiceId(course), body: { answers } });
      expect(answer.status).toBe(409);
      expect(answer.json.error.code).toBe("practice_unavailable");
      expect(JSON.stringify(answer.json)).not.toContain("scorePercent");
    }
    const saved = await api(
      saveAnswersApi,
      { as: learner, attemptId: practiceId(course), body: { answers: [] } },
      "PUT",
    );
    expect(saved.status).toBe(409);
    expect(await attemptsOf(learner)).toBe(0);
    // The one real attempt is still there to take.
    const started = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en");
    expect(started.ok && started.attempt.practice).toBe(false);
  });

  it("gets no graded practice from the page's action either: sent to the lesson", async () => {
    const learner = await createUser(handle.db, "user");
    const course = await createQuizCourse(handle.db, trainer, {
      learners: [learner],
      input: sampleQuiz({ maxAttempts: 1, reveal: "never" }),
    });
    const shown = course.quiz.questions.map((question) => ["shown", `${question.id}:${question.kind}`]);
    const answered = await page(practiceAction, course, {
      as: learner,
      method: "POST",
      form: new URLSearchParams(shown as [string, string][]),
    });
    expect(answered.status).toBe(302);
    expect(answered.location).toBe(`/courses/${course.courseId}/learn/${course.quizLessonId}`);
    expect(JSON.stringify(answered.body ?? "")).not.toContain("scorePercent");
  });
});

describe("opening the practice page (item 2)", () => {
  it("starts no attempt for an enrolled learner, however often it is opened", async () => {
    const learner = await createUser(handle.db, "user");
    const course = await createQuizCourse(handle.db, trainer, {
      learners: [learner],
      input: sampleQuiz({ maxAttempts: 1 }),
    });
    for (let visit = 0; visit < 3; visit++) {
      const opened = await page(practicePage, course, { as: learner });
      expect(opened.status).toBe(302);
      expect(opened.location).toBe(`/courses/${course.courseId}/learn/${course.quizLessonId}`);
    }
    expect(await attemptsOf(learner)).toBe(0);
  });
});

describe("a free-preview practice (item 3)", () => {
  it("grades only a complete submission", async () => {
    const course = await createQuizCourse(handle.db, trainer, {
      preview: true,
      input: sampleQuiz({ reveal: "after_pass" }),
    });
    const right = rightAnswers(course.quiz);
    // One question answered right: under after_pass this was a pass that revealed its answer.
    const single = await api(submitApi, {
      attemptId: practiceId(course),
      body: { answers: right.slice(0, 1) },
    });
    expect(single.status).toBe(422);
    expect(single.json.error.code).toBe("practice_incomplete");
    expect(JSON.stringify(single.json)).not.toContain("correctOptionIds");
    // A question of no bank counts as not answering one of the quiz's.
    const stray = await api(submitApi, {
      attemptId: practiceId(course),
      body: { answers: [...right.slice(0, 3), { questionId: "999999999", optionIds: [] }] },
    });
    expect(stray.status).toBe(422);
    // Every question, some left unanswered: graded like an attempt, reviewed as the setting says.
    const whole = await api(submitApi, {
      attemptId: practiceId(course),
      body: {
        answers: right.map((answer, index) => (index === 0 ? { questionId: answer.questionId } : answer)),
      },
    });
    expect(whole.status).toBe(200);
    expect(whole.json.attempt).toMatchObject({ scorePercent: 75, passed: true, practice: true });
    expect(whole.json.attempt.review).toHaveLength(4);
  });

  it("with drawCount, asks for as many questions as an attempt draws", async () => {
    const course = await createQuizCourse(handle.db, trainer, {
      preview: true,
      input: sampleQuiz({ drawCount: 2, reveal: "never" }),
    });
    const right = rightAnswers(course.quiz);
    const two = await api(submitApi, { attemptId: practiceId(course), body: { answers: right.slice(1, 3) } });
    expect(two.status).toBe(200);
    expect(two.json.attempt.review).toBeUndefined();
    const all = await api(submitApi, { attemptId: practiceId(course), body: { answers: right } });
    expect(all.status).toBe(422);
  });

  it("reveals nothing under reveal: never, and is limited per address and per account (429 + Retry-After)", async () => {
    const course = await createQuizCourse(handle.db, trainer, {
      preview: true,
      input: sampleQuiz({ reveal: "never" }),
    });
    const body = { answers: rightAnswers(course.quiz) };
    const limit = RATE_LIMITS.quizPracticePerAddress.limit;
    for (let tried = 0; tried < limit; tried++) {
      const graded = await api(submitApi, { attemptId: practiceId(course), body, address: "203.0.113.7" });
      expect(graded.status).toBe(200);
      expect(graded.json.attempt.review).toBeUndefined();
    }
    const refused = await api(submitApi, { attemptId: practiceId(course), body, address: "203.0.113.7" });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(JSON.stringify(refused.json)).not.toContain("scorePercent");
    // Another address is a visitor of its own...
    expect(
      (await api(submitApi, { attemptId: practiceId(course), body, address: "203.0.113.8" })).status,
    ).toBe(200);
    // ...but an account is one visitor whatever address it comes from.
    const visitor = await createUser(handle.db, "user");
    const accountLimit = RATE_LIMITS.quizPracticePerAccount.limit;
    for (let tried = 0; tried < accountLimit; tried++) {
      const address = `198.51.100.${tried + 1}`;
      expect(
        (await api(submitApi, { as: visitor, attemptId: practiceId(course), body, address })).status,
      ).toBe(200);
    }
    const rotated = await api(submitApi, {
      as: visitor,
      attemptId: practiceId(course),
      body,
      address: "198.51.100.200",
    });
    expect(rotated.status).toBe(429);
  });

  it("does not ration the course's own trainer and admins, who may read the answers anyway", async () => {
    const course = await createQuizCourse(handle.db, trainer, { input: sampleQuiz({ reveal: "never" }) });
    const body = { answers: rightAnswers(course.quiz) };
    for (const person of [trainer, admin]) {
      for (let tried = 0; tried <= RATE_LIMITS.quizPracticePerAccount.limit; tried++) {
        const graded = await api(submitApi, {
          as: person,
          attemptId: practiceId(course),
          body,
          address: "::1",
        });
        expect(graded.status).toBe(200);
      }
    }
    const counters = await handle.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `quiz-practice:user:${trainer.id}`));
    expect(counters).toHaveLength(0);
  });

  it("says a page's visitor to wait, in their language, past the limit", async () => {
    const course = await createQuizCourse(handle.db, trainer, { preview: true });
    const shown = course.quiz.questions.map((question): [string, string] => [
      "shown",
      `${question.id}:${question.kind}`,
    ]);
    const visitor = await createUser(handle.db, "user");
    for (let tried = 0; tried < RATE_LIMITS.quizPracticePerAccount.limit; tried++)
      await submitAttempt(handle.db, visitor, practiceId(course), rightAnswers(course.quiz), "en", {
        clientAddress: `192.0.2.${tried + 1}`,
      });
    const refused = await page(practiceAction, course, {
      as: visitor,
      method: "POST",
      form: new URLSearchParams(shown),
    });
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toMatch(/Try again in \d+ minute/);
  });
});

describe("a real attempt after a refund (item 6)", () => {
  it("can be neither saved nor submitted, through the API or the domain", async () => {
    const learner = await createUser(handle.db, "user");
    const course = await createQuizCourse(handle.db, trainer, { learners: [learner] });
    const started = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en");
    if (!started.ok) throw new Error(started.reason);
    const [enrollment] = await handle.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, learner.id), eq(enrollments.courseId, course.courseId)));
    const refunded = await refundEnrollment(handle.db, admin.id, enrollment?.id ?? 0, {
      reason: "asked",
      override: true,
    });
    expect(refunded.ok).toBe(true);
    const answers = rightAnswers(course.quiz);
    const saved = await api(
      saveAnswersApi,
      { as: learner, attemptId: started.attempt.id, body: { answers } },
      "PUT",
    );
    expect(saved.status).toBe(403);
    const submitted = await api(submitApi, { as: learner, attemptId: started.attempt.id, body: { answers } });
    expect(submitted.status).toBe(403);
    expect(await saveAnswers(handle.db, learner, started.attempt.id, answers)).toEqual({
      ok: false,
      reason: "forbidden",
    });
    const [attempt] = await handle.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.id, started.attempt.id));
    expect(attempt?.submittedAt).toBeNull();
  });

  it("on a free-preview quiz is not graded for the record either (the preview is a practice now)", async () => {
    const learner = await createUser(handle.db, "user");
    const course = await createQuizCourse(handle.db, trainer, { learners: [learner], preview: true });
    const started = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en");
    if (!started.ok) throw new Error(started.reason);
    await handle.db
      .delete(enrollments)
      .where(and(eq(enrollments.userId, learner.id), eq(enrollments.courseId, course.courseId)));
    const submitted = await submitAttempt(
      handle.db,
      learner,
      started.attempt.id,
      rightAnswers(course.quiz),
      "en",
    );
    expect(submitted).toEqual({ ok: false, reason: "forbidden" });
  });
});
