// The studio's quiz page and a course's learners list through their route modules (issue 32, items 3, 4
// and 7): plain-form posts as a browser without JavaScript sends them, field errors that keep what was
// typed beside the right question, the bank kept by id through saveQuiz, statistics, best scores, and who
// is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { lessons, type User } from "../../app/db/schema";
import { startAttempt, submitAttempt } from "../../app/quizzes/attempts.server";
import { getQuizForTrainer } from "../../app/quizzes/quizzes.server";
import { loader as learnersLoader } from "../../app/routes/instructor-learners";
import { action as quizAction, loader as quizLoader } from "../../app/routes/instructor-quiz";
import { cookieFor, createUser } from "./auth-helpers";
import { createQuizCourse, type QuizCourse, rightAnswers, wrongAnswers } from "./quiz-fixtures";
import { formRequest, runRoute, settle } from "./route-context";
import { withSection } from "./section-rows";
import { createCourseFor } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
const people: Record<"trainer" | "otherTrainer" | "admin" | "learner" | "second", User> = {} as never;
const cookies: Record<string, string> = {};
let course: QuizCourse;

beforeAll(async () => {
  handle = await createTestDatabase();
  people.trainer = await createUser(handle.db, "trainer");
  people.otherTrainer = await createUser(handle.db, "trainer");
  people.admin = await createUser(handle.db, "admin");
  people.learner = await createUser(handle.db, "user");
  people.second = await createUser(handle.db, "user");
  for (const [key, user] of Object.entries(people)) cookies[key] = await cookieFor(handle.db, user.id);
  course = await createQuizCourse(handle.db, people.trainer, { learners: [people.learner, people.second] });
});
afterAll(() => handle?.close());

type Who = keyof typeof people | null;

function page(path: string, who: Who, fields?: Record<string, string>): Request {
  const request = fields ? formRequest(`http://test${path}`, fields) : new Request(`http://test${path}`);
  if (who) request.headers.set("Cookie", cookies[who] ?? "");
  return request;
}

const run = <T>(request: Request, handler: unknown, params: Record<string, string>) =>
  settle(runRoute(handle.db, request, handler as never, params) as Promise<T>);

/** A React Router data() result or a Response, as status and body. */
function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  if (result instanceof Response) return { status: result.status, body: {} };
  const value = result as { init?: { status?: number }; data?: Record<string, unknown> };
  return { status: value.init?.status ?? 200, body: value.data ?? (result as Record<string, unknown>) };
}

const quizPath = (lessonId = course.quizLessonId, courseId = course.courseId) =>
  `/instructor/courses/${courseId}/lessons/${lessonId}/quiz`;
const params = (lessonId = course.quizLessonId, courseId = course.courseId) => ({
  id: String(courseId),
  lessonId: String(lessonId),
});

async function post(fields: Record<string, string>, who: Who = "trainer", path = quizPath(), p = params()) {
  return run(page(path, who, fields), quizAction, p);
}

async function bank() {
  const found = await getQuizForTrainer(handle.db, people.trainer, course.quizLessonId);
  if (!found.ok) throw new Error(found.reason);
  return found.quiz;
}

describe("the quiz page's forms (JavaScript off: each a plain POST, answered by a redirect)", () => {
  it("saves the settings and redirects back with a toast; the bank is untouched", async () => {
    const before = await bank();
    const response = (await post({
      intent: "saveSettings",
      passPercent: "٨٠",
      maxAttempts: "0",
      timeLimitMinutes: "15",
      drawCount: "",
      shuffle: "on",
      reveal: "always",
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(quizPath());
    expect(response.headers.get("set-cookie")).toContain("manara_toast");
    const after = await bank();
    expect(after).toMatchObject({
      passPercent: 80,
      maxAttempts: 0,
      timeLimitMinutes: 15,
      drawCount: null,
      shuffle: true,
      reveal: "always",
    });
    expect(after.questions).toEqual(before.questions);
  });

  it("shows each question as learners see it, Markdown rendered in the page's language", async () => {
    await post({
      intent: "addQuestion",
      kind: "single",
      prompt: "Which is **bold**?",
      promptAr: "أيها **عريض**؟",
      points: "1",
      "options.0.text": "`code`",
      "options.0.correct": "on",
      "options.1.text": "plain <script>alert(1)</script>",
    });
    const question = async (path: string) => {
      const { body } = unwrap(await run(page(path, "trainer"), quizLoader, params()));
      return (body.questions as { labelHtml: string; optionLabelsHtml?: string[] }[]).at(-1);
    };
    const english = await question(quizPath());
    expect(english?.labelHtml).toContain("<strong>bold</strong>");
    expect(english?.optionLabelsHtml?.[0]).toContain("<code>code</code>");
    expect(english?.optionLabelsHtml?.[1]).not.toContain("<script");
    expect((await question(`/ar${quizPath()}`))?.labelHtml).toContain("<strong>عريض</strong>");
  });

  it("refuses bad settings with 400, the errors on their fields and what was typed kept", async () => {
    const { status, body } = unwrap(
      await post(
        { intent: "saveSettings", passPercent: "120", maxAttempts: "lots", reveal: "always" },
        "trainer",
        `/ar${quizPath()}`,
      ),
    );
    expect(status).toBe(400);
    expect(body.form).toBe("settings");
    expect(Object.keys(body.fieldErrors as object).sort()).toEqual(["maxAttempts", "passPercent"]);
    // In the page's language: Arabic under /ar.
    expect((body.fieldErrors as Record<string, string>).passPercent).toMatch(/[\u0600-\u06ff]/);
    expect((body.values as Record<string, string>).maxAttempts).toBe("lots");
    expect((await bank()).passPercent).toBe(80);
  });

  it("adds a single-choice question from the add form, blank rows dropped", async () => {
    const response = (await post({
      intent: "addQuestion",
      kind: "single",
      prompt: "Which river?",
      promptAr: "أي نهر؟",
      points: "2",
      "options.0.text": "Nile",
      "options.0.textAr": "النيل",
      "options.0.correct": "on",
      "options.1.text": "Amazon",
      "options.1.textAr": "",
      "options.2.text": "",
      "options.2.textAr": "",
      "options.3.text": "",
      "options.3.textAr": "",
      trueFalseCorrect: "true",
      acceptedAnswers: "",
      explanation: "",
      explanationAr: "",
    })) as Response;
    expect(response.status).toBe(302);
    const added = (await bank()).questions.at(-1);
    expect(added).toMatchObject({ kind: "single", prompt: "Which river?", promptAr: "أي نهر؟", points: 2 });
    expect(added?.options?.map((o) => [o.text, o.textAr, o.correct])).toEqual([
      ["Nile", "النيل", true],
      ["Amazon", null, false],
    ]);
  });

  it("adds a true/false question with its two options, and a short-text one with its answers", async () => {
    await post({
      intent: "addQuestion",
      kind: "true_false",
      prompt: "Cairo is in Egypt.",
      points: "1",
      trueFalseCorrect: "true",
    });
    await post({
      intent: "addQuestion",
      kind: "short_text",
      prompt: "Say hello in Arabic.",
      points: "1",
      acceptedAnswers: "مرحبا\nأهلا",
    });
    const questions = (await bank()).questions;
    const tf = questions.at(-2);
    expect(tf?.kind).toBe("true_false");
    expect(tf?.options?.map((o) => [o.text, o.textAr, o.correct])).toEqual([
      ["True", "صح", true],
      ["False", "خطأ", false],
    ]);
    expect(questions.at(-1)?.acceptedAnswers).toEqual(["مرحبا", "أهلا"]);
  });

  it("refuses a bad new question with its errors on the right rows, and saves nothing", async () => {
    const count = (await bank()).questions.length;
    const { status, body } = unwrap(
      await post({
        intent: "addQuestion",
        kind: "single",
        prompt: "",
        points: "1",
        "options.0.text": "",
        "options.0.textAr": "",
        "options.1.text": "",
        "options.1.textAr": "بالعربية فقط",
        "options.2.text": "A",
        "options.2.correct": "on",
        "options.3.text": "B",
        "options.3.correct": "on",
      }),
    );
    expect(status).toBe(400);
    expect(body.form).toBe("new");
    expect(Object.keys(body.fieldErrors as object).sort()).toEqual(["options", "options.1.text", "prompt"]);
    expect((body.values as Record<string, string>)["options.1.textAr"]).toBe("بالعربية فقط");
    expect((await bank()).questions).toHaveLength(count);
  });

  it("edits one question in place: its id and its options' ids kept, the others untouched", async () => {
    const before = await bank();
    const question = before.questions[0];
    if (!question?.options) throw new Error("no question");
    const [first, second, third] = question.options;
    const response = (await post({
      intent: "saveQuestion",
      questionId: String(question.id),
      kind: "single",
      prompt: "Capital of Egypt, today?",
      promptAr: "",
      points: "3",
      "options.0.id": String(first?.id),
      "options.0.text": "Cairo",
      "options.0.textAr": "القاهرة",
      "options.0.correct": "on",
      "options.1.id": String(second?.id),
      "options.1.text": "Alexandria",
      "options.1.textAr": "",
      // Cleared: removed.
      "options.2.id": String(third?.id),
      "options.2.text": "",
      "options.2.textAr": "",
      "options.3.text": "Luxor",
      "options.3.textAr": "",
    })) as Response;
    expect(response.status).toBe(302);
    const after = await bank();
    const saved = after.questions[0];
    expect(saved?.id).toBe(question.id);
    expect(saved).toMatchObject({ prompt: "Capital of Egypt, today?", promptAr: null, points: 3 });
    expect(saved?.options?.map((o) => o.id).slice(0, 2)).toEqual([first?.id, second?.id]);
    expect(saved?.options?.map((o) => o.text)).toEqual(["Cairo", "Alexandria", "Luxor"]);
    expect(after.questions.slice(1)).toEqual(before.questions.slice(1));
  });

  it("refuses a bad edit with its errors and values beside that question only", async () => {
    const question = (await bank()).questions[1];
    const { status, body } = unwrap(
      await post({
        intent: "saveQuestion",
        questionId: String(question?.id),
        kind: "multiple",
        prompt: "Which?",
        points: "1",
        "options.0.text": "Only one",
      }),
    );
    expect(status).toBe(400);
    expect(body.form).toBe(question?.id);
    expect(body.fieldErrors).toHaveProperty("options");
  });

  it("moves and deletes a question by id; a stale id is refused with a toast and nothing changes", async () => {
    const before = await bank();
    const last = before.questions.at(-1);
    await post({ intent: "moveQuestion", questionId: String(last?.id), direction: "up" });
    const moved = (await bank()).questions.map((q) => q.id);
    expect(moved.at(-2)).toBe(last?.id);
    const response = (await post({ intent: "deleteQuestion", questionId: String(last?.id) })) as Response;
    expect(response.status).toBe(302);
    expect((await bank()).questions.map((q) => q.id)).not.toContain(last?.id);
    const stale = (await post({ intent: "deleteQuestion", questionId: String(last?.id) })) as Response;
    expect(stale.status).toBe(302);
    expect((await bank()).questions).toHaveLength(before.questions.length - 1);
  });

  it("an unknown intent or a broken id is a toast back, not a 500", async () => {
    for (const fields of [{ intent: "bogus" }, { intent: "deleteQuestion", questionId: "x" }] as Record<
      string,
      string
    >[]) {
      const response = (await post(fields)) as Response;
      expect(response.status).toBe(302);
    }
  });
});

describe("a new quiz lesson", () => {
  let emptyLessonId = 0;
  beforeAll(async () => {
    const [row] = await handle.db
      .insert(lessons)
      .values(
        await withSection(handle.db, {
          courseId: course.courseId,
          position: 3,
          title: "Empty quiz",
          kind: "quiz" as const,
        }),
      )
      .returning({ id: lessons.id });
    emptyLessonId = row?.id ?? 0;
  });

  it("shows the default settings, no question, and saves settings before the first question", async () => {
    const { body } = unwrap(
      await run(page(quizPath(emptyLessonId), "trainer"), quizLoader, params(emptyLessonId)),
    );
    expect(body.questions).toEqual([]);
    expect(body.settings).toMatchObject({ passPercent: 70, maxAttempts: 0, reveal: "after_pass" });
    const saved = (await post(
      { intent: "saveSettings", passPercent: "50", maxAttempts: "3", reveal: "never" },
      "trainer",
      quizPath(emptyLessonId),
      params(emptyLessonId),
    )) as Response;
    expect(saved.status).toBe(302);
    const found = await getQuizForTrainer(handle.db, people.trainer, emptyLessonId);
    expect(found.ok && found.quiz).toMatchObject({
      passPercent: 50,
      maxAttempts: 3,
      reveal: "never",
      questions: [],
    });
  });

  it("keeps its last question: deleting it is refused", async () => {
    await post(
      { intent: "addQuestion", kind: "true_false", prompt: "Yes?", points: "1", trueFalseCorrect: "false" },
      "trainer",
      quizPath(emptyLessonId),
      params(emptyLessonId),
    );
    const found = await getQuizForTrainer(handle.db, people.trainer, emptyLessonId);
    const only = found.ok ? found.quiz.questions[0] : undefined;
    expect(only?.kind).toBe("true_false");
    await post(
      { intent: "deleteQuestion", questionId: String(only?.id) },
      "trainer",
      quizPath(emptyLessonId),
      params(emptyLessonId),
    );
    const after = await getQuizForTrainer(handle.db, people.trainer, emptyLessonId);
    expect(after.ok && after.quiz.questions).toHaveLength(1);
  });
});

describe("who may open and post the quiz page", () => {
  it("the course's trainer and an admin; another trainer, a learner and a guest are refused", async () => {
    expect(unwrap(await run(page(quizPath(), "trainer"), quizLoader, params())).status).toBe(200);
    expect(unwrap(await run(page(quizPath(), "admin"), quizLoader, params())).status).toBe(200);
    // A published course: another trainer may know it exists (403), a learner is no trainer (403).
    expect(unwrap(await run(page(quizPath(), "otherTrainer"), quizLoader, params())).status).toBe(403);
    expect(unwrap(await run(page(quizPath(), "learner"), quizLoader, params())).status).toBe(403);
    const guest = (await run(page(quizPath(), null), quizLoader, params())) as Response;
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toContain("/auth/login");
    const before = await bank();
    for (const who of ["otherTrainer", "learner"] as const) {
      const refused = unwrap(
        await post({ intent: "saveSettings", passPercent: "1", maxAttempts: "1", reveal: "always" }, who),
      );
      expect(refused.status).toBe(403);
    }
    expect(await bank()).toEqual(before);
  });

  it("404s a lesson that is not a quiz, or one of another course", async () => {
    expect(
      unwrap(
        await run(page(quizPath(course.videoLessonId), "trainer"), quizLoader, params(course.videoLessonId)),
      ).status,
    ).toBe(404);
    const other = await createCourseFor(handle.db, people.trainer, { lessons: 1 });
    expect(
      unwrap(
        await run(
          page(quizPath(course.quizLessonId, other.id), "trainer"),
          quizLoader,
          params(course.quizLessonId, other.id),
        ),
      ).status,
    ).toBe(404);
    expect(
      unwrap(
        await post(
          { intent: "saveSettings" },
          "trainer",
          quizPath(course.quizLessonId, other.id),
          params(course.quizLessonId, other.id),
        ),
      ).status,
    ).toBe(404);
  });
});

describe("insight: the quiz's statistics and the learners' best scores", () => {
  beforeAll(async () => {
    const quiz = await bank();
    // The learner fails, then passes; the second learner fails once.
    for (const [who, answers] of [
      [people.learner, wrongAnswers(quiz)],
      [people.learner, rightAnswers(quiz)],
      [people.second, wrongAnswers(quiz)],
    ] as const) {
      const started = await startAttempt(handle.db, who, course.courseId, course.quizLessonId, "en");
      if (!started.ok) throw new Error(started.reason);
      const drawn = new Set(started.attempt.questions.map((q) => q.id));
      const submitted = await submitAttempt(
        handle.db,
        who,
        started.attempt.id,
        answers.filter((a) => drawn.has(a.questionId)),
        "en",
      );
      if (!submitted.ok) throw new Error(submitted.reason);
    }
  });

  it("the quiz page's statistics view shows attempts, pass rate, average, and per question the wrong option chosen most, by its text", async () => {
    // The questions view does not count them (issue 50, item 7: statistics in their own view).
    const questions = unwrap(await run(page(quizPath(), "trainer"), quizLoader, params()));
    expect(questions.body.view).toBe("questions");
    expect(questions.body.stats).toBeNull();
    const { body } = unwrap(await run(page(`${quizPath()}?view=stats`, "trainer"), quizLoader, params()));
    expect(body.view).toBe("stats");
    const stats = body.stats as {
      attempts: number;
      passRate: number;
      averageScore: number;
      questions: { prompt: string | null; percentCorrect: number; wrongOption: string | null }[];
    };
    expect(stats.attempts).toBe(3);
    expect(stats.passRate).toBe(33);
    const first = stats.questions[0];
    expect(first?.prompt).toBe("Capital of Egypt, today?");
    expect(first?.percentCorrect).toBe(33);
    expect(first?.wrongOption).toBe("Alexandria");
  });

  it("the learners list shows each learner's progress and best score, passed or not yet", async () => {
    const { status, body } = unwrap(
      await run(page(`/instructor/courses/${course.courseId}/learners`, "trainer"), learnersLoader, {
        id: String(course.courseId),
      }),
    );
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    const quizzes = body.quizzes as { id: number; title: string }[];
    expect(quizzes.map((q) => q.id)).toContain(course.quizLessonId);
    const learners = body.learners as {
      id: string;
      name: string;
      completedLessons: number;
      quizzes: Record<number, { best: number; passed: boolean }>;
    }[];
    const learner = learners.find((row) => row.id === people.learner.id);
    const second = learners.find((row) => row.id === people.second.id);
    expect(learner?.quizzes[course.quizLessonId]).toEqual({ best: 100, passed: true });
    // A passed quiz completes its lesson.
    expect(learner?.completedLessons).toBe(1);
    expect(second?.quizzes[course.quizLessonId]?.passed).toBe(false);
    expect(second?.completedLessons).toBe(0);
  });

  it("the learners list is for who may edit the course only", async () => {
    const path = `/instructor/courses/${course.courseId}/learners`;
    const p = { id: String(course.courseId) };
    expect(unwrap(await run(page(path, "admin"), learnersLoader, p)).status).toBe(200);
    expect(unwrap(await run(page(path, "otherTrainer"), learnersLoader, p)).status).toBe(403);
    expect(unwrap(await run(page(path, "learner"), learnersLoader, p)).status).toBe(403);
    expect(((await run(page(path, null), learnersLoader, p)) as Response).status).toBe(302);
  });
});
