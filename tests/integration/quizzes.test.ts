// Quizzes on the database (issue 32, decision 051): saving a bank by id, who may start what, saving answers
// before the deadline, submitting once, completion by passing only, and the trainer's statistics. The races
// are on PostgreSQL in quiz-concurrency.test.ts; the API and the no-leak checks in quiz-api.test.ts.
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCertificate } from "../../app/certificates/certificates.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  lessonProgress,
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizzes,
  type User,
} from "../../app/db/schema";
import { courseCompletion } from "../../app/learning/completion.server";
import { recordProgress } from "../../app/learning/progress.server";
import {
  getAttempt,
  listAttempts,
  saveAnswers,
  startAttempt,
  submitAttempt,
} from "../../app/quizzes/attempts.server";
import { seededRandom } from "../../app/quizzes/grading";
import {
  bestScoresByLearner,
  getQuizForTrainer,
  quizStats,
  saveQuiz,
} from "../../app/quizzes/quizzes.server";
import { createUser } from "./auth-helpers";
import { createQuizCourse, rightAnswers, sampleQuiz, wrongAnswers } from "./quiz-fixtures";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let otherTrainer: User;
let admin: User;
let learner: User;
let stranger: User;

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  otherTrainer = await createUser(handle.db, "trainer");
  admin = await createUser(handle.db, "admin");
  learner = await createUser(handle.db, "user");
  stranger = await createUser(handle.db, "user");
});
afterAll(async () => {
  await handle?.close();
});

function asInput(quiz: Awaited<ReturnType<typeof createQuizCourse>>["quiz"]) {
  return {
    ...sampleQuiz(),
    questions: quiz.questions.map((question) => ({
      ...question,
      promptAr: question.promptAr,
      explanation: question.explanation,
      explanationAr: question.explanationAr,
    })),
  };
}

describe("saving a quiz", () => {
  it("saves settings and questions, renders Markdown once, and shows the trainer the right answers", async () => {
    const course = await createQuizCourse(handle.db, trainer);
    expect(course.quiz.questions).toHaveLength(4);
    expect(course.quiz.maxAttempts).toBe(2);
    const [stored] = await handle.db
      .select()
      .from(quizQuestions)
      .where(eq(quizQuestions.lessonId, course.quizLessonId))
      .orderBy(quizQuestions.position);
    expect(stored?.promptHtml).toContain("<strong>Egypt</strong>");
    expect(stored?.promptArHtml).toContain("ما عاصمة مصر؟");
    const read = await getQuizForTrainer(handle.db, admin, course.quizLessonId);
    expect(read.ok && read.quiz.questions[0]?.options?.some((option) => option.correct)).toBe(true);
  });

  it("updates by id, inserts new ones, and deletes what was left out while nobody has attempted", async () => {
    const course = await createQuizCourse(handle.db, trainer);
    const input = asInput(course.quiz);
    const [first, , third] = input.questions;
    if (!first || !third) throw new Error("fixture");
    const edited = {
      ...input,
      passPercent: 50,
      questions: [
        { ...third, prompt: "Edited" },
        {
          ...first,
          options: [...(first.options ?? []).slice(0, 2), { text: "Luxor", textAr: null, correct: false }],
        },
        {
          kind: "single" as const,
          prompt: "New",
          promptAr: null,
          points: 2,
          partialCredit: false,
          explanation: null,
          explanationAr: null,
          options: [
            { text: "a", textAr: null, correct: true },
            { text: "b", textAr: null, correct: false },
          ],
        },
      ],
    };
    const saved = await saveQuiz(handle.db, trainer, course.quizLessonId, edited);
    if (!saved.ok) throw new Error(saved.reason);
    expect(saved.quiz.passPercent).toBe(50);
    expect(saved.quiz.questions.map((question) => question.id).slice(0, 2)).toEqual([third.id, first.id]);
    expect(saved.quiz.questions[0]?.prompt).toBe("Edited");
    expect(saved.quiz.questions[1]?.options?.map((option) => option.text)).toEqual([
      "Cairo",
      "Alexandria",
      "Luxor",
    ]);
    expect(saved.quiz.questions[1]?.options?.[0]?.id).toBe(first.options?.[0]?.id);
    const all = await handle.db
      .select()
      .from(quizQuestions)
      .where(eq(quizQuestions.lessonId, course.quizLessonId));
    expect(all).toHaveLength(3);
  });

  it("archives a removed question once the quiz has attempts", async () => {
    const course = await createQuizCourse(handle.db, trainer, { learners: [learner] });
    const started = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en");
    expect(started.ok).toBe(true);
    const input = asInput(course.quiz);
    const saved = await saveQuiz(handle.db, trainer, course.quizLessonId, {
      ...input,
      questions: input.questions.slice(1),
    });
    expect(saved.ok && saved.quiz.questions).toHaveLength(3);
    const archived = await handle.db
      .select()
      .from(quizQuestions)
      .where(and(eq(quizQuestions.lessonId, course.quizLessonId), isNotNull(quizQuestions.archivedAt)));
    expect(archived.map((question) => question.id)).toEqual([course.quiz.questions[0]?.id]);
  });

  it("refuses an id that is not this quiz's, changing nothing", async () => {
    const one = await createQuizCourse(handle.db, trainer);
    const two = await createQuizCourse(handle.db, trainer);
    const input = asInput(one.quiz);
    const foreign = two.quiz.questions[0]?.id;
    const outcome = await saveQuiz(handle.db, trainer, one.quizLessonId, {
      ...input,
      passPercent: 1,
      questions: [{ ...(input.questions[0] as (typeof input.questions)[number]), id: foreign }],
    });
    expect(outcome).toEqual({ ok: false, reason: "unknown_id", field: "questions.0.id" });
    const foreignOption = two.quiz.questions[0]?.options?.[0]?.id;
    const first = input.questions[0] as (typeof input.questions)[number];
    const optionOutcome = await saveQuiz(handle.db, trainer, one.quizLessonId, {
      ...input,
      questions: [
        {
          ...first,
          options: (first.options ?? []).map((o, i) => (i === 0 ? { ...o, id: foreignOption } : o)),
        },
      ],
    });
    expect(optionOutcome).toEqual({ ok: false, reason: "unknown_id", field: "questions.0.options.0.id" });
    const [settings] = await handle.db.select().from(quizzes).where(eq(quizzes.lessonId, one.quizLessonId));
    expect(settings?.passPercent).toBe(70);
  });

  it("answers who may not edit, and a lesson that is not a quiz", async () => {
    const course = await createQuizCourse(handle.db, trainer);
    const input = sampleQuiz();
    expect(await saveQuiz(handle.db, otherTrainer, course.quizLessonId, input)).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await saveQuiz(handle.db, learner, course.quizLessonId, input)).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await saveQuiz(handle.db, trainer, course.videoLessonId, input)).toEqual({
      ok: false,
      reason: "not_a_quiz",
    });
    expect(await saveQuiz(handle.db, trainer, 2_000_000_000, input)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect((await saveQuiz(handle.db, admin, course.quizLessonId, input)).ok).toBe(true);
    expect(await getQuizForTrainer(handle.db, otherTrainer, course.quizLessonId)).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await quizStats(handle.db, learner, course.quizLessonId)).toEqual({
      ok: false,
      reason: "forbidden",
    });
  });

  it("writes the quiz row when the lesson has none yet (upsert)", async () => {
    const course = await createQuizCourse(handle.db, trainer);
    await handle.db.delete(quizzes).where(eq(quizzes.lessonId, course.quizLessonId));
    const saved = await saveQuiz(handle.db, trainer, course.quizLessonId, sampleQuiz({ passPercent: 40 }));
    expect(saved.ok && saved.quiz.passPercent).toBe(40);
  });
});

describe("attempts", () => {
  it("records an enrolled learner's attempts up to the limit, then refuses", async () => {
    const course = await createQuizCourse(handle.db, trainer, { learners: [learner] });
    const first = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en");
    const second = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "ar");
    expect(first.ok && first.attempt.number).toBe(1);
    expect(second.ok && second.attempt.number).toBe(2);
    expect(first.ok && first.attempt.practice).toBe(false);
    // Arabic prompts where given, English where not.
    expect(second.ok && second.attempt.questions[0]?.promptHtml).toContain("ما عاصمة مصر؟");
    expect(second.ok && second.attempt.questions[1]?.promptHtml).toContain("Which are prime?");
    expect(await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en")).toEqual({
      ok: false,
      reason: "no_attempts_left",
    });
    const list = await listAttempts(handle.db, learner, course.courseId, course.quizLessonId);
    expect(list.ok && list.list).toMatchObject({ best: null, remaining: 0, practice: false });
  });

  it("answers a start that collides with an existing number as no attempts left (the unique backstop)", async () => {
    const course = await createQuizCourse(handle.db, trainer, {
      learners: [learner],
      input: sampleQuiz({ maxAttempts: 0 }),
    });
    // A row numbered 2 with no 1: the next start counts one attempt, takes number 2, and the index refuses it.
    await handle.db
      .insert(quizAttempts)
      .values({ lessonId: course.quizLessonId, userId: learner.id, number: 2, questions: [] });
    expect(await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en")).toEqual({
      ok: false,
      reason: "no_attempts_left",
    });
  });

  it("refuses who may not open the lesson, and a lesson that is not a quiz", async () => {
    const course = await createQuizCourse(handle.db, trainer, { learners: [learner] });
    expect(await startAttempt(handle.db, stranger, course.courseId, course.quizLessonId, "en")).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await startAttempt(handle.db, null, course.courseId, course.quizLessonId, "en")).toEqual({
      ok: false,
      reason: "sign_in",
    });
    expect(await startAttempt(handle.db, learner, course.courseId, course.videoLessonId, "en")).toEqual({
      ok: false,
      reason: "not_a_quiz",
    });
    expect(
      await startAttempt(handle.db, learner, course.courseId + 100_000, course.quizLessonId, "en"),
    ).toEqual({ ok: false, reason: "not_found" });
  });

  it("lets anyone practise a free-preview quiz, and the course's trainer and admins practise theirs, storing nothing", async () => {
    const preview = await createQuizCourse(handle.db, trainer, { preview: true });
    const plain = await createQuizCourse(handle.db, trainer);
    for (const [viewer, course] of [
      [null, preview],
      [stranger, preview],
      [trainer, plain],
      [admin, plain],
    ] as const) {
      const started = await startAttempt(handle.db, viewer, course.courseId, course.quizLessonId, "en");
      if (!started.ok) throw new Error(started.reason);
      expect(started.attempt.practice).toBe(true);
      expect(started.attempt.id).toBe(`practice-${course.courseId}-${course.quizLessonId}`);
      const saved = await saveAnswers(handle.db, viewer, started.attempt.id, []);
      expect(saved.ok && saved.practice).toBe(true);
      const submitted = await submitAttempt(
        handle.db,
        viewer,
        started.attempt.id,
        rightAnswers(course.quiz),
        "en",
      );
      expect(submitted.ok && submitted.attempt).toMatchObject({
        scorePercent: 100,
        passed: true,
        practice: true,
      });
      expect(submitted.ok && submitted.attempt.review).toHaveLength(4);
    }
    const stored = await handle.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.lessonId, preview.quizLessonId));
    expect(stored).toHaveLength(0);
    const progress = await handle.db
      .select()
      .from(lessonProgress)
      .where(eq(lessonProgress.lessonId, preview.quizLessonId));
    expect(progress).toHaveLength(0);
    // A practice of another course's lesson is refused as a start would be.
    expect(
      await submitAttempt(handle.db, stranger, `practice-${plain.courseId}-${plain.quizLessonId}`, [], "en"),
    ).toEqual({
      ok: false,
      reason: "forbidden",
    });
  });

  it("draws drawCount questions, shuffled with the source it is given", async () => {
    const course = await createQuizCourse(handle.db, trainer, {
      learners: [learner],
      input: sampleQuiz({ drawCount: 2, shuffle: true, maxAttempts: 0 }),
    });
    const started = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en", {
      random: seededRandom(7),
    });
    expect(started.ok && started.attempt.questions).toHaveLength(2);
    const list = await listAttempts(handle.db, learner, course.courseId, course.quizLessonId);
    expect(list.ok && list.list.remaining).toBeNull();
  });

  it("grades on submit once, completes the lesson on a pass, and reveals by the setting", async () => {
    const course = await createQuizCourse(handle.db, trainer, { learners: [learner] });
    const failed = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en");
    if (!failed.ok) throw new Error(failed.reason);
    const wrong = await submitAttempt(handle.db, learner, failed.attempt.id, wrongAnswers(course.quiz), "en");
    expect(wrong.ok && wrong.attempt).toMatchObject({ scorePercent: 0, passed: false });
    // Marked question by question (markQuestions is on by default), with no right answer or explanation:
    // the setting reveals those only after a pass.
    const marks = wrong.ok ? (wrong.attempt.review ?? []) : [];
    expect(marks).toHaveLength(4);
    for (const mark of marks) {
      expect(mark.correct).toBe(false);
      expect(Object.keys(mark).sort()).toEqual(["correct", "earned", "possible", "questionId"]);
    }
    const failedView = await getAttempt(handle.db, learner, failed.attempt.id, "en");
    expect(failedView.ok && failedView.attempt).toMatchObject({ remaining: 1 });
    expect(
      failedView.ok && failedView.attempt.review?.every((mark) => mark.correctOptionIds === undefined),
    ).toBe(true);
    expect((await courseCompletion(handle.db, learner.id, course.courseId)).completedLessons).toBe(0);

    const passed = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en");
    if (!passed.ok) throw new Error(passed.reason);
    expect((await saveAnswers(handle.db, learner, passed.attempt.id, rightAnswers(course.quiz))).ok).toBe(
      true,
    );
    const right = await submitAttempt(handle.db, learner, passed.attempt.id, undefined, "en");
    expect(right.ok && right.attempt).toMatchObject({ scorePercent: 100, passed: true });
    expect(right.ok && right.attempt.review?.[0]).toMatchObject({
      correct: true,
      explanationHtml: expect.stringContaining("Nile"),
    });
    // Submitting again answers the stored result, and wrong answers sent now change nothing.
    const again = await submitAttempt(handle.db, learner, passed.attempt.id, wrongAnswers(course.quiz), "en");
    expect(again.ok && again.attempt.scorePercent).toBe(100);
    expect(again.ok && again.attempt.submittedAt.getTime()).toBe(
      right.ok && right.attempt.submittedAt.getTime(),
    );
    const completion = await courseCompletion(handle.db, learner.id, course.courseId);
    expect(completion).toEqual({ completedLessons: 1, totalLessons: 2 });
    // A saved answer after the submit is refused.
    expect(await saveAnswers(handle.db, learner, passed.attempt.id, [])).toEqual({
      ok: false,
      reason: "attempt_closed",
    });
    const list = await listAttempts(handle.db, learner, course.courseId, course.quizLessonId);
    expect(list.ok && list.list).toMatchObject({ best: 100, remaining: 0 });
    const view = await getAttempt(handle.db, learner, passed.attempt.id, "ar");
    expect(view.ok && view.attempt.review).toHaveLength(4);
  });

  it("shows the score alone after a failed attempt when the quiz does not mark questions", async () => {
    const course = await createQuizCourse(handle.db, trainer, {
      learners: [learner],
      input: sampleQuiz({ markQuestions: false, reveal: "always" }),
    });
    const unmarked = await createQuizCourse(handle.db, trainer, {
      learners: [learner],
      input: sampleQuiz({ markQuestions: false }),
    });
    // "always" reveals the answers whatever markQuestions says; without it, nothing per question is shown.
    for (const [quiz, expected] of [
      [course, 4],
      [unmarked, undefined],
    ] as const) {
      const started = await startAttempt(handle.db, learner, quiz.courseId, quiz.quizLessonId, "en");
      if (!started.ok) throw new Error(started.reason);
      const wrong = await submitAttempt(
        handle.db,
        learner,
        started.attempt.id,
        wrongAnswers(quiz.quiz),
        "en",
      );
      expect(wrong.ok && wrong.attempt.review?.length).toBe(expected);
    }
  });

  it("keeps another learner's attempt out of reach (not found)", async () => {
    const course = await createQuizCourse(handle.db, trainer, { learners: [learner, stranger] });
    const started = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en");
    if (!started.ok) throw new Error(started.reason);
    expect(await saveAnswers(handle.db, stranger, started.attempt.id, [])).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await submitAttempt(handle.db, stranger, started.attempt.id, [], "en")).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await getAttempt(handle.db, stranger, started.attempt.id, "en")).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await submitAttempt(handle.db, stranger, "not-a-uuid", [], "en")).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  it("refuses saves after the deadline and grades a late submit on what was saved in time", async () => {
    const course = await createQuizCourse(handle.db, trainer, {
      learners: [learner],
      input: sampleQuiz({ timeLimitMinutes: 10 }),
    });
    const start = new Date("2026-01-01T10:00:00Z");
    const started = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en", {
      now: start,
    });
    if (!started.ok) throw new Error(started.reason);
    expect(started.attempt.deadline?.toISOString()).toBe("2026-01-01T10:10:00.000Z");
    const right = rightAnswers(course.quiz);
    // Two right answers saved in time; a save after the deadline is refused.
    expect(
      (
        await saveAnswers(
          handle.db,
          learner,
          started.attempt.id,
          right.slice(0, 2),
          new Date("2026-01-01T10:09:00Z"),
        )
      ).ok,
    ).toBe(true);
    expect(
      await saveAnswers(handle.db, learner, started.attempt.id, right, new Date("2026-01-01T10:10:01Z")),
    ).toEqual({
      ok: false,
      reason: "time_up",
    });
    // Submitted 31 s past the deadline with every right answer: graded on the two saved.
    const late = await submitAttempt(handle.db, learner, started.attempt.id, right, "en", {
      now: new Date("2026-01-01T10:10:31Z"),
    });
    expect(late.ok && late.attempt).toMatchObject({ scorePercent: 50, passed: false });
  });

  it("counts a submit within the grace with the answers it brings", async () => {
    const course = await createQuizCourse(handle.db, trainer, {
      learners: [learner],
      input: sampleQuiz({ timeLimitMinutes: 10 }),
    });
    const start = new Date("2026-01-01T10:00:00Z");
    const started = await startAttempt(handle.db, learner, course.courseId, course.quizLessonId, "en", {
      now: start,
    });
    if (!started.ok) throw new Error(started.reason);
    const inGrace = await submitAttempt(
      handle.db,
      learner,
      started.attempt.id,
      rightAnswers(course.quiz),
      "en",
      { now: new Date("2026-01-01T10:10:30Z") },
    );
    expect(inGrace.ok && inGrace.attempt).toMatchObject({ scorePercent: 100, passed: true });
  });
});

describe("completion", () => {
  it("refuses to mark a quiz lesson complete or not, with its own reason", async () => {
    const course = await createQuizCourse(handle.db, trainer, { learners: [learner] });
    expect(
      await recordProgress(handle.db, learner, course.courseId, course.quizLessonId, { completed: true }),
    ).toEqual({
      ok: false,
      reason: "quiz_lesson",
    });
    expect(
      await recordProgress(handle.db, learner, course.courseId, course.quizLessonId, { completed: false }),
    ).toEqual({
      ok: false,
      reason: "quiz_lesson",
    });
    expect(
      (await recordProgress(handle.db, learner, course.courseId, course.videoLessonId, { completed: true }))
        .ok,
    ).toBe(true);
  });
});

describe("certificates", () => {
  it("are issued only once the quiz is passed, every other lesson complete too", async () => {
    const graduate = await createUser(handle.db, "user");
    const course = await createQuizCourse(handle.db, trainer, { learners: [graduate] });
    await recordProgress(handle.db, graduate, course.courseId, course.videoLessonId, { completed: true });
    const early = await issueCertificate(handle.db, { userId: graduate.id, courseId: course.courseId });
    expect(early).toMatchObject({ ok: false, reason: "not_eligible", completedLessons: 1, totalLessons: 2 });
    const failed = await startAttempt(handle.db, graduate, course.courseId, course.quizLessonId, "en");
    if (!failed.ok) throw new Error(failed.reason);
    await submitAttempt(handle.db, graduate, failed.attempt.id, wrongAnswers(course.quiz), "en");
    expect((await issueCertificate(handle.db, { userId: graduate.id, courseId: course.courseId })).ok).toBe(
      false,
    );
    const passed = await startAttempt(handle.db, graduate, course.courseId, course.quizLessonId, "en");
    if (!passed.ok) throw new Error(passed.reason);
    await submitAttempt(handle.db, graduate, passed.attempt.id, rightAnswers(course.quiz), "en");
    expect((await issueCertificate(handle.db, { userId: graduate.id, courseId: course.courseId })).ok).toBe(
      true,
    );
  });
});

describe("statistics", () => {
  it("counts submitted attempts, the pass rate, the average, and per question the right share and the wrong favourite", async () => {
    const other = await createUser(handle.db, "user");
    const course = await createQuizCourse(handle.db, trainer, { learners: [learner, other] });
    for (const [who, answers] of [
      [learner, rightAnswers(course.quiz)],
      [other, wrongAnswers(course.quiz)],
    ] as const) {
      const started = await startAttempt(handle.db, who, course.courseId, course.quizLessonId, "en");
      if (!started.ok) throw new Error(started.reason);
      await submitAttempt(handle.db, who, started.attempt.id, answers, "en");
    }
    // An open attempt does not count.
    await startAttempt(handle.db, other, course.courseId, course.quizLessonId, "en");
    const outcome = await quizStats(handle.db, trainer, course.quizLessonId);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.stats).toMatchObject({ attempts: 2, passRate: 50, averageScore: 50 });
    const first = course.quiz.questions[0];
    const wrongOption = first?.options?.find((option) => !option.correct)?.id;
    expect(outcome.stats.questions[0]).toEqual({
      questionId: String(first?.id),
      percentCorrect: 50,
      mostChosenWrongOptionId: String(wrongOption),
      commonWrongAnswers: [],
    });
    // The short-text question: no option, and the wrong answer typed, counted once.
    expect(outcome.stats.questions[3]).toMatchObject({
      mostChosenWrongOptionId: null,
      commonWrongAnswers: [{ text: "Alexandria", count: 1 }],
    });
    const best = await bestScoresByLearner(handle.db, course.courseId);
    expect(best.get(learner.id)?.get(course.quizLessonId)).toEqual({ best: 100, passed: true });
    expect(best.get(other.id)?.get(course.quizLessonId)).toEqual({ best: 0, passed: false });
  });

  it("answers zeros for a quiz nobody submitted", async () => {
    const course = await createQuizCourse(handle.db, trainer);
    const outcome = await quizStats(handle.db, trainer, course.quizLessonId);
    expect(outcome.ok && outcome.stats).toMatchObject({ attempts: 0, passRate: 0, averageScore: 0 });
    const options = await handle.db.select().from(quizOptions);
    expect(options.length).toBeGreaterThan(0);
  });
});
