// The quiz API (issue 32, item 8) through its route modules: the trainer's PUT and GET of a quiz, the
// statistics, and a learner's start, saves, list and submit — with the no-leak rule checked on the raw text of
// every learner's answer before submit: no `correct`, no accepted answer, no explanation.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { quizAttempts, type User } from "../../app/db/schema";
import { QuizInput } from "../../app/quizzes/inputs";
import { getQuizForTrainer, saveQuiz } from "../../app/quizzes/quizzes.server";
import { action as saveAnswersApi } from "../../app/routes/api/attempt-answers";
import { action as submitApi } from "../../app/routes/api/attempt-submit";
import { loader as quizGet, action as quizPut } from "../../app/routes/api/instructor-lesson-quiz";
import { loader as statsApi } from "../../app/routes/api/instructor-quiz-stats";
import { loader as listApi, action as startApi } from "../../app/routes/api/lesson-attempts";
import { action as progressApi } from "../../app/routes/api/lesson-progress";
import { bearerFor, createUser } from "./auth-helpers";
import { createQuizCourse, type QuizCourse, rightAnswers, sampleQuiz } from "./quiz-fixtures";
import { runRoute } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let learner: User;
let stranger: User;
let course: QuizCourse;

/** Words that exist only on the grading side of the quiz below. */
const SECRET_ANSWER = "zebracrossing";
const SECRET_EXPLANATION = "Explained-only-after-review";

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  learner = await createUser(handle.db, "user");
  stranger = await createUser(handle.db, "user");
  const input = sampleQuiz();
  course = await createQuizCourse(handle.db, trainer, {
    learners: [learner],
    input: {
      ...input,
      questions: input.questions.map((question) =>
        question.kind === "short_text"
          ? { ...question, acceptedAnswers: [SECRET_ANSWER], explanation: SECRET_EXPLANATION }
          : { ...question, explanation: SECRET_EXPLANATION },
      ),
    },
  });
});
afterAll(async () => {
  await handle?.close();
});

async function call(
  handler: unknown,
  {
    method = "GET",
    path,
    as,
    body,
    params = {},
    language,
  }: {
    method?: string;
    path: string;
    as?: User | null;
    body?: unknown;
    params?: Record<string, string>;
    language?: string;
  },
) {
  const headers = new Headers();
  if (as) headers.set("Authorization", await bearerFor(handle.db, as.id));
  if (body !== undefined) headers.set("Content-Type", "application/json");
  if (language) headers.set("Accept-Language", language);
  const request = new Request(`http://test${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let result: unknown;
  try {
    result = await runRoute(handle.db, request, handler as never, params);
  } catch (error) {
    result = error;
  }
  if (!(result instanceof Response)) throw new Error(`not a response: ${String(result)}`);
  const text = await result.text();
  // biome-ignore lint/suspicious/noExplicitAny: the tests read answers' JSON by path.
  return { status: result.status, text, json: text ? (JSON.parse(text) as Record<string, any>) : {} };
}

/** One paragraph of sanitized HTML holding exactly `text`. */
const paragraph = (text: string) =>
  expect.stringMatching(new RegExp(`^<p[^>]*>${text.replace(/[.*?]/g, "\\$&")}</p>\\s*$`));

/** Nothing that grades, not even a question marked right or wrong: what an attempt shows before its submit. */
function expectNoLeak(text: string) {
  expect(text).not.toMatch(/"correct"/);
  expectNoAnswers(text);
}

/** No right answer and no explanation: what a submitted attempt shows when the setting does not reveal them. */
function expectNoAnswers(text: string) {
  expect(text).not.toContain("correctOptionIds");
  expect(text).not.toContain("acceptedAnswers");
  expect(text).not.toContain(SECRET_ANSWER);
  expect(text).not.toContain(SECRET_EXPLANATION);
  expect(text).not.toContain("explanation");
}

const attemptsPath = () => ({
  path: `/api/courses/${course.courseId}/lessons/${course.quizLessonId}/attempts`,
  params: { courseId: String(course.courseId), lessonId: String(course.quizLessonId) },
});

describe("the trainer's quiz", () => {
  it("reads and saves the quiz with the correct answers, refusing others", async () => {
    const params = { id: String(course.quizLessonId) };
    const read = await call(quizGet, {
      path: `/api/instructor/lessons/${course.quizLessonId}/quiz`,
      as: trainer,
      params,
    });
    expect(read.status).toBe(200);
    expect(read.text).toContain('"correct":true');
    // Each text as typed and as rendered on save, the way a course has description and descriptionHtml.
    expect(read.json.quiz.questions[0]).toMatchObject({
      prompt: "Capital of **Egypt**?",
      promptAr: "ما عاصمة مصر؟",
      promptHtml: expect.stringContaining("<strong>Egypt</strong>"),
      promptArHtml: expect.stringContaining("ما عاصمة مصر؟"),
      explanation: SECRET_EXPLANATION,
      explanationHtml: paragraph(SECRET_EXPLANATION),
      explanationAr: null,
      explanationArHtml: null,
    });
    expect(read.json.quiz.questions[0].options[0]).toMatchObject({
      text: "Cairo",
      textAr: "القاهرة",
      textHtml: expect.stringContaining("Cairo"),
      textArHtml: expect.stringContaining("القاهرة"),
    });
    const saved = await call(quizPut, {
      method: "PUT",
      path: `/api/instructor/lessons/${course.quizLessonId}/quiz`,
      as: trainer,
      params,
      body: { ...read.json.quiz, lessonId: undefined, courseId: undefined },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.quiz.questions.map((q: { id: number }) => q.id)).toEqual(
      read.json.quiz.questions.map((q: { id: number }) => q.id),
    );
    const other = await createUser(handle.db, "trainer");
    const forbidden = await call(quizPut, {
      method: "PUT",
      path: "/api/x",
      as: other,
      params,
      body: sampleQuiz(),
    });
    expect([forbidden.status, forbidden.json.error.code]).toEqual([403, "forbidden"]);
    const invalid = await call(quizPut, {
      method: "PUT",
      path: "/api/x",
      as: trainer,
      params,
      body: { passPercent: 500 },
    });
    expect([invalid.status, invalid.json.error.code]).toEqual([422, "validation_failed"]);
    const unknown = await call(quizPut, {
      method: "PUT",
      path: "/api/x",
      as: trainer,
      params,
      body: { ...sampleQuiz(), questions: [{ ...sampleQuiz().questions[0], id: 2_000_000_000 }] },
      language: "ar",
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.fields["questions.0.id"]).toMatch(/[\u0600-\u06FF]/);
    const notQuiz = await call(quizPut, {
      method: "PUT",
      path: "/api/x",
      as: trainer,
      params: { id: String(course.videoLessonId) },
      body: sampleQuiz(),
    });
    expect([notQuiz.status, notQuiz.json.error.code]).toEqual([409, "not_a_quiz"]);
    const learnerRead = await call(quizGet, { path: "/api/x", as: learner, params });
    expect(learnerRead.status).toBe(403);
  });
});

describe("a learner's attempt", () => {
  it("never carries what grades before submit, then submits once with the review the setting allows", async () => {
    const { path, params } = attemptsPath();
    const started = await call(startApi, { method: "POST", path, as: learner, params, language: "ar" });
    expect(started.status).toBe(201);
    expectNoLeak(started.text);
    expect(started.json.attempt).toMatchObject({ number: 1, practice: false, deadline: null });
    // Arabic where given, as its Markdown source and its HTML; English where not.
    const [first, second] = started.json.attempt.questions;
    expect(first.prompt).toBe("ما عاصمة مصر؟");
    expect(first.promptHtml).toEqual(paragraph("ما عاصمة مصر؟"));
    expect(first.options[0]).toMatchObject({ text: "القاهرة", textHtml: expect.stringContaining("القاهرة") });
    expect(first.options[2]).toMatchObject({ text: "Giza", textHtml: expect.stringContaining("Giza") });
    expect(second).toMatchObject({ prompt: "Which are prime?", promptHtml: paragraph("Which are prime?") });
    const attemptId = started.json.attempt.id as string;

    const answers = rightAnswers(course.quiz).map((answer) =>
      "text" in answer ? { ...answer, text: SECRET_ANSWER.toUpperCase() } : answer,
    );
    const saved = await call(saveAnswersApi, {
      method: "PUT",
      path: `/api/attempts/${attemptId}/answers`,
      as: learner,
      params: { attemptId },
      body: { answers: answers.slice(0, 2) },
    });
    expect(saved.status).toBe(200);
    expectNoLeak(saved.text);

    const listed = await call(listApi, { path, as: learner, params });
    expect(listed.status).toBe(200);
    expectNoLeak(listed.text);
    expect(listed.json).toMatchObject({ best: null, remaining: 1, practice: false });

    const foreign = await call(submitApi, {
      method: "POST",
      path: "/api/x",
      as: stranger,
      params: { attemptId },
      body: { answers },
    });
    expect([foreign.status, foreign.json.error.code]).toEqual([404, "not_found"]);

    const submitted = await call(submitApi, {
      method: "POST",
      path: `/api/attempts/${attemptId}/submit`,
      as: learner,
      params: { attemptId },
      body: { answers },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.json.attempt).toMatchObject({ scorePercent: 100, passed: true, practice: false });
    // Passed, and the quiz reveals after a pass: the review carries the answers and explanations.
    expect(submitted.text).toContain(SECRET_ANSWER);
    expect(submitted.json.attempt.review[0]).toMatchObject({
      explanation: SECRET_EXPLANATION,
      explanationHtml: paragraph(SECRET_EXPLANATION),
    });
    // An empty submit again: the same result, graded once.
    const again = await call(submitApi, {
      method: "POST",
      path: "/api/x",
      as: learner,
      params: { attemptId },
    });
    expect(again.json.attempt.submittedAt).toBe(submitted.json.attempt.submittedAt);

    const closed = await call(saveAnswersApi, {
      method: "PUT",
      path: "/api/x",
      as: learner,
      params: { attemptId },
      body: { answers: [] },
    });
    expect([closed.status, closed.json.error.code]).toEqual([409, "attempt_closed"]);
  });

  it("marks a failed attempt's questions but hides the answers when the quiz reveals only after a pass", async () => {
    const { path, params } = attemptsPath();
    const started = await call(startApi, { method: "POST", path, as: learner, params });
    expect(started.status).toBe(201);
    const submitted = await call(submitApi, {
      method: "POST",
      path: "/api/x",
      as: learner,
      params: { attemptId: started.json.attempt.id },
      body: { answers: [] },
    });
    expect(submitted.json.attempt).toMatchObject({ scorePercent: 0, passed: false });
    expectNoAnswers(submitted.text);
    const marks = submitted.json.attempt.review as { correct: boolean }[];
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((mark) => mark.correct === false)).toBe(true);
    // Two attempts were allowed: the third is refused.
    const third = await call(startApi, { method: "POST", path, as: learner, params });
    expect([third.status, third.json.error.code]).toEqual([409, "no_attempts_left"]);
  });

  it("answers 403 to who is not enrolled, 401 to a guest, 404 to an unknown attempt", async () => {
    const { path, params } = attemptsPath();
    const notEnrolled = await call(startApi, { method: "POST", path, as: stranger, params });
    expect([notEnrolled.status, notEnrolled.json.error.code]).toEqual([403, "forbidden"]);
    const guest = await call(startApi, { method: "POST", path, params });
    expect(guest.status).toBe(401);
    const unknown = await call(saveAnswersApi, {
      method: "PUT",
      path: "/api/x",
      as: learner,
      params: { attemptId: crypto.randomUUID() },
      body: { answers: [] },
    });
    expect(unknown.status).toBe(404);
    const badAnswers = await call(saveAnswersApi, {
      method: "PUT",
      path: "/api/x",
      as: learner,
      params: { attemptId: crypto.randomUUID() },
      body: { answers: [{ questionId: "x" }] },
    });
    expect(badAnswers.status).toBe(422);
  });

  it("lets a guest practise a free-preview quiz without a trace, and without a leak", async () => {
    const preview = await createQuizCourse(handle.db, trainer, {
      preview: true,
      input: sampleQuiz({ reveal: "never" }),
    });
    const params = { courseId: String(preview.courseId), lessonId: String(preview.quizLessonId) };
    const started = await call(startApi, { method: "POST", path: "/api/x", params });
    expect(started.status).toBe(201);
    expect(started.json.attempt.practice).toBe(true);
    expectNoLeak(started.text);
    const submitted = await call(submitApi, {
      method: "POST",
      path: "/api/x",
      params: { attemptId: started.json.attempt.id },
      body: { answers: rightAnswers(preview.quiz) },
    });
    expect(submitted.json.attempt).toMatchObject({ scorePercent: 100, passed: true, practice: true });
    // A free preview's practice marks no question (markQuestions is on): the marks of a practice repeated at
    // will would give the answers away.
    expectNoLeak(submitted.text);
    expect(submitted.json.attempt.review).toBeUndefined();
  });

  it("refuses to mark a quiz lesson complete through the progress API", async () => {
    const refused = await call(progressApi, {
      method: "POST",
      path: "/api/x",
      as: learner,
      params: { courseId: String(course.courseId), lessonId: String(course.quizLessonId) },
      body: { completed: true },
    });
    expect([refused.status, refused.json.error.code]).toEqual([409, "quiz_lesson"]);
  });
});

describe("attempts started before snapshots kept the Markdown (issue 43)", () => {
  it("answer the live question's source while it still renders to the snapshot's HTML, else null", async () => {
    const taker = await createUser(handle.db, "user");
    const old = await createQuizCourse(handle.db, trainer, {
      learners: [taker],
      input: sampleQuiz({ reveal: "always", maxAttempts: 0 }),
    });
    const params = { courseId: String(old.courseId), lessonId: String(old.quizLessonId) };
    const start = async () => {
      const started = await call(startApi, { method: "POST", path: "/api/x", as: taker, params });
      expect(started.status).toBe(201);
      const attemptId = started.json.attempt.id as string;
      // The snapshot as attempts stored it before issue 43: the HTML only.
      const [row] = await handle.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
      // What a new attempt keeps: the Markdown of both languages beside the HTML.
      expect(row?.questions[0]).toMatchObject({
        promptSource: { en: "Capital of **Egypt**?", ar: "ما عاصمة مصر؟" },
        explanationSource: { en: expect.any(String), ar: null },
      });
      expect(row?.questions[0]?.options[0]?.source).toEqual({ en: "Cairo", ar: "القاهرة" });
      const stripped = (row?.questions ?? []).map(
        ({ promptSource: _p, explanationSource: _e, options, ...question }) => ({
          ...question,
          options: options.map(({ source: _s, ...option }) => option),
        }),
      );
      await handle.db.update(quizAttempts).set({ questions: stripped }).where(eq(quizAttempts.id, attemptId));
      return attemptId;
    };
    const submit = (attemptId: string) =>
      call(submitApi, { method: "POST", path: "/api/x", as: taker, params: { attemptId }, body: {} });

    const unchanged = await start();
    const graded = await submit(unchanged);
    expect(graded.status).toBe(200);
    expect(graded.json.attempt.review[0]).toMatchObject({
      explanation: "Cairo sits on the Nile.",
      explanationHtml: paragraph("Cairo sits on the Nile."),
    });
    // Questions without an explanation carry neither field.
    expect(graded.json.attempt.review[1]).not.toHaveProperty("explanation");
    expect(graded.json.attempt.review[1]).not.toHaveProperty("explanationHtml");

    // The trainer rewrites the explanation: the old attempt's HTML is not the live source's any more.
    const edited = await startAndEdit(old, "Cairo is the capital.");
    const after = await submit(edited);
    expect(after.json.attempt.review[0]).toMatchObject({
      explanation: null,
      explanationHtml: paragraph("Cairo sits on the Nile."),
    });
    // Submitted before the edit: its stored result answers again, its source now unknown too.
    const again = await submit(unchanged);
    expect(again.json.attempt.review[0].explanation).toBeNull();
    // A new attempt keeps its own sources: the new text, whatever happens to the question later.
    const fresh = await call(startApi, { method: "POST", path: "/api/x", as: taker, params });
    const freshId = fresh.json.attempt.id as string;
    await saveQuiz(handle.db, trainer, old.quizLessonId, sampleQuiz({ reveal: "always", maxAttempts: 0 }));
    const freshResult = await submit(freshId);
    expect(freshResult.json.attempt.review[0]).toMatchObject({
      explanation: "Cairo is the capital.",
      explanationHtml: paragraph("Cairo is the capital."),
    });

    async function startAndEdit(quiz: QuizCourse, explanation: string) {
      const attemptId = await start();
      const current = await getQuizForTrainer(handle.db, trainer, quiz.quizLessonId);
      if (!current.ok) throw new Error("quiz not read");
      const [firstQuestion, ...rest] = current.quiz.questions;
      if (!firstQuestion) throw new Error("no question");
      const saved = await saveQuiz(
        handle.db,
        trainer,
        quiz.quizLessonId,
        QuizInput.parse({ ...current.quiz, questions: [{ ...firstQuestion, explanation }, ...rest] }),
      );
      expect(saved.ok).toBe(true);
      return attemptId;
    }
  });
});

describe("the trainer's statistics", () => {
  it("answers the quiz's figures to its trainer only", async () => {
    const params = { id: String(course.quizLessonId) };
    const stats = await call(statsApi, { path: "/api/x", as: trainer, params });
    expect(stats.status).toBe(200);
    expect(stats.json).toMatchObject({ attempts: 2, passRate: 50, averageScore: 50 });
    expect(stats.json.questions).toHaveLength(4);
    const learnerStats = await call(statsApi, { path: "/api/x", as: learner, params });
    expect(learnerStats.status).toBe(403);
  });
});
