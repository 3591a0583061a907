// What a trainer may save as a quiz (app/quizzes/inputs.ts): the settings' bounds, each question checked
// against its kind with the issue on the offending field, and every message a key both locales translate.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { gradeQuestion } from "../../app/quizzes/grading";
import { QuizInput, QuizQuestionInput, QuizSettingsInput } from "../../app/quizzes/inputs";

const settings = {
  passPercent: 70,
  maxAttempts: 3,
  timeLimitMinutes: 20,
  drawCount: null,
  shuffle: true,
  reveal: "after_pass",
};

const singleChoice = {
  kind: "single",
  prompt: "Which city is the capital of Egypt?",
  promptAr: "ما عاصمة مصر؟",
  points: 2,
  options: [
    { text: "Cairo", textAr: "القاهرة", correct: true },
    { text: "Alexandria", textAr: "الإسكندرية", correct: false },
  ],
};

const multipleChoice = {
  kind: "multiple",
  prompt: "Which are **prime**?",
  points: 3,
  partialCredit: true,
  options: [
    { text: "2", correct: true },
    { text: "3", correct: true },
    { text: "4", correct: false },
  ],
};

const trueFalse = {
  kind: "true_false",
  prompt: "The Nile flows north.",
  points: 1,
  options: [
    { text: "True", textAr: "صواب", correct: true },
    { text: "False", textAr: "خطأ", correct: false },
  ],
};

const shortText = {
  kind: "short_text",
  prompt: "Name the capital of Egypt.",
  points: 1,
  acceptedAnswers: ["القاهرة", "Cairo"],
  explanation: "Cairo has been the capital since 969.",
};

const quiz = (overrides: Record<string, unknown> = {}) => ({
  ...settings,
  questions: [singleChoice, multipleChoice, trueFalse, shortText],
  ...overrides,
});

/** Each issue as "path: message", for one readable assertion. */
function issues(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const questionIssues = (question: unknown) => issues(QuizQuestionInput.safeParse(question));

describe("a quiz's settings", () => {
  it("accepts the bounds and defaults the optional limits to none, and marking questions to on", () => {
    expect(
      QuizSettingsInput.parse({ ...settings, timeLimitMinutes: undefined, drawCount: undefined }),
    ).toEqual({
      ...settings,
      timeLimitMinutes: null,
      drawCount: null,
      markQuestions: true,
    });
    expect(QuizSettingsInput.parse({ ...settings, markQuestions: false }).markQuestions).toBe(false);
    expect(QuizSettingsInput.safeParse({ ...settings, markQuestions: "yes" }).success).toBe(false);
    for (const edge of [
      { passPercent: 0, maxAttempts: 0, timeLimitMinutes: 1, drawCount: 1 },
      { passPercent: 100, maxAttempts: 100, timeLimitMinutes: 600, drawCount: 200 },
    ])
      expect(QuizSettingsInput.safeParse({ ...settings, ...edge }).success, JSON.stringify(edge)).toBe(true);
    for (const reveal of ["never", "after_pass", "always"])
      expect(QuizSettingsInput.safeParse({ ...settings, reveal }).success).toBe(true);
  });

  it.each([
    ["passPercent", 101, "errors.quiz.passPercentInvalid"],
    ["passPercent", -1, "errors.quiz.passPercentInvalid"],
    ["passPercent", 69.9, "errors.quiz.passPercentInvalid"],
    ["passPercent", "70", "errors.quiz.passPercentInvalid"],
    ["maxAttempts", 101, "errors.quiz.maxAttemptsInvalid"],
    ["maxAttempts", -1, "errors.quiz.maxAttemptsInvalid"],
    ["timeLimitMinutes", 0, "errors.quiz.timeLimitInvalid"],
    ["timeLimitMinutes", 601, "errors.quiz.timeLimitInvalid"],
    ["timeLimitMinutes", 1.5, "errors.quiz.timeLimitInvalid"],
    ["drawCount", 0, "errors.quiz.drawCountInvalid"],
    ["drawCount", 201, "errors.quiz.drawCountInvalid"],
    ["shuffle", "yes", "errors.invalid"],
    ["reveal", "sometimes", "errors.quiz.revealInvalid"],
  ])("refuses %s = %j with %s", (field, value, message) => {
    expect(issues(QuizSettingsInput.safeParse({ ...settings, [field]: value }))).toEqual([
      `${field}: ${message}`,
    ]);
  });
});

describe("a question, by kind", () => {
  it("accepts each kind, with empty Arabic falling back (null) and partial credit off by default", () => {
    const parsed = QuizInput.parse(
      quiz({ questions: [singleChoice, { ...multipleChoice }, trueFalse, shortText] }),
    );
    expect(parsed.questions.map((question) => question.kind)).toEqual([
      "single",
      "multiple",
      "true_false",
      "short_text",
    ]);
    expect(parsed.questions[0]).toMatchObject({
      partialCredit: false,
      explanation: null,
      explanationAr: null,
    });
    expect(parsed.questions[1]).toMatchObject({ partialCredit: true, promptAr: null });
    expect(QuizQuestionInput.parse({ ...shortText, promptAr: "  " })).toMatchObject({ promptAr: null });
  });

  it("keeps partial credit for a multiple-choice question only", () => {
    expect(QuizQuestionInput.parse({ ...singleChoice, partialCredit: true }).partialCredit).toBe(false);
    expect(QuizQuestionInput.parse({ ...multipleChoice, partialCredit: false }).partialCredit).toBe(false);
  });

  it("needs a prompt and whole points from 1 to 100", () => {
    expect(questionIssues({ ...singleChoice, prompt: "   " })).toEqual([
      "prompt: errors.quiz.promptRequired",
    ]);
    expect(questionIssues({ ...singleChoice, prompt: "x".repeat(5_001) })).toEqual([
      "prompt: errors.quiz.promptTooLong",
    ]);
    for (const points of [0, 101, 1.5, "2"])
      expect(questionIssues({ ...singleChoice, points })).toEqual(["points: errors.quiz.pointsInvalid"]);
    expect(questionIssues({ ...singleChoice, kind: "essay" })).toEqual(["kind: errors.quiz.kindInvalid"]);
    expect(questionIssues({ ...singleChoice, explanation: "x".repeat(5_001) })).toEqual([
      "explanation: errors.quiz.explanationTooLong",
    ]);
    expect(questionIssues({ ...singleChoice, prompt: "a\u0000b" })).toEqual(["prompt: errors.invalid"]);
  });

  it("asks a choice question for 2 to 10 options, each with text", () => {
    const option = (correct: boolean) => ({ text: "x", correct });
    expect(questionIssues({ ...singleChoice, options: undefined })).toEqual([
      "options: errors.quiz.optionsRequired",
    ]);
    expect(questionIssues({ ...singleChoice, options: [option(true)] })).toEqual([
      "options: errors.quiz.optionsCount",
    ]);
    expect(
      questionIssues({
        ...multipleChoice,
        options: [option(true), ...Array.from({ length: 10 }, () => option(false))],
      }),
    ).toEqual(["options: errors.quiz.optionsCount"]);
    expect(
      questionIssues({
        ...multipleChoice,
        options: [option(true), ...Array.from({ length: 9 }, () => option(false))],
      }),
    ).toEqual([]);
    expect(
      questionIssues({ ...singleChoice, options: [{ text: " ", correct: true }, option(false)] }),
    ).toEqual(["options.0.text: errors.quiz.optionRequired"]);
    expect(questionIssues({ ...singleChoice, options: [{ text: "x" }, option(true)] })).toEqual([
      "options.0.correct: errors.invalid",
    ]);
  });

  it("asks a true/false question for exactly two options", () => {
    expect(
      questionIssues({ ...trueFalse, options: [...trueFalse.options, { text: "Maybe", correct: false }] }),
    ).toEqual(["options: errors.quiz.trueFalseOptions"]);
  });

  it("needs a correct option, and exactly one for single choice and true/false", () => {
    const noneCorrect = singleChoice.options.map((option) => ({ ...option, correct: false }));
    const allCorrect = singleChoice.options.map((option) => ({ ...option, correct: true }));
    expect(questionIssues({ ...singleChoice, options: noneCorrect })).toEqual([
      "options: errors.quiz.noCorrectOption",
    ]);
    expect(questionIssues({ ...multipleChoice, options: noneCorrect })).toEqual([
      "options: errors.quiz.noCorrectOption",
    ]);
    expect(questionIssues({ ...singleChoice, options: allCorrect })).toEqual([
      "options: errors.quiz.oneCorrectOption",
    ]);
    expect(questionIssues({ ...trueFalse, options: allCorrect })).toEqual([
      "options: errors.quiz.oneCorrectOption",
    ]);
    expect(questionIssues({ ...multipleChoice, options: allCorrect })).toEqual([]);
  });

  it("gives a short-text question accepted answers and no options, and a choice question the reverse", () => {
    expect(questionIssues({ ...shortText, options: singleChoice.options })).toEqual([
      "options: errors.quiz.optionsNotAllowed",
    ]);
    expect(questionIssues({ ...singleChoice, acceptedAnswers: ["Cairo"] })).toEqual([
      "acceptedAnswers: errors.quiz.acceptedAnswersNotAllowed",
    ]);
  });

  it("asks for 1 to 20 accepted answers, none empty once normalised", () => {
    expect(questionIssues({ ...shortText, acceptedAnswers: undefined })).toEqual([
      "acceptedAnswers: errors.quiz.acceptedAnswersCount",
    ]);
    expect(questionIssues({ ...shortText, acceptedAnswers: [] })).toEqual([
      "acceptedAnswers: errors.quiz.acceptedAnswersCount",
    ]);
    expect(
      questionIssues({ ...shortText, acceptedAnswers: Array.from({ length: 21 }, (_, n) => `a${n}`) }),
    ).toEqual(["acceptedAnswers: errors.quiz.acceptedAnswersCount"]);
    expect(questionIssues({ ...shortText, acceptedAnswers: ["Cairo", "؟", "ـــ", "\u200F"] })).toEqual([
      "acceptedAnswers.1: errors.quiz.acceptedAnswerEmpty",
      "acceptedAnswers.2: errors.quiz.acceptedAnswerEmpty",
      "acceptedAnswers.3: errors.quiz.acceptedAnswerEmpty",
    ]);
    expect(questionIssues({ ...shortText, acceptedAnswers: ["x".repeat(201)] })).toEqual([
      "acceptedAnswers.0: errors.quiz.acceptedAnswerTooLong",
    ]);
  });
});

describe("the whole quiz", () => {
  it("has 1 to 200 questions", () => {
    expect(issues(QuizInput.safeParse(quiz({ questions: [] })))).toEqual([
      "questions: errors.quiz.questionsRequired",
    ]);
    expect(
      issues(QuizInput.safeParse(quiz({ questions: Array.from({ length: 200 }, () => trueFalse) }))),
    ).toEqual([]);
    expect(
      issues(QuizInput.safeParse(quiz({ questions: Array.from({ length: 201 }, () => trueFalse) }))),
    ).toEqual(["questions: errors.quiz.tooManyQuestions"]);
  });

  it("puts a question's issue on its path within the quiz", () => {
    const wrong = {
      ...singleChoice,
      options: singleChoice.options.map((option) => ({ ...option, correct: true })),
    };
    expect(issues(QuizInput.safeParse(quiz({ questions: [shortText, wrong] })))).toEqual([
      "questions.1.options: errors.quiz.oneCorrectOption",
    ]);
  });

  it("refuses an existing question or option id given twice", () => {
    const first = {
      ...singleChoice,
      id: 7,
      options: singleChoice.options.map((option, n) => ({ ...option, id: n + 1 })),
    };
    const second = {
      ...trueFalse,
      id: 7,
      options: trueFalse.options.map((option, n) => ({ ...option, id: n + 2 })),
    };
    expect(issues(QuizInput.safeParse(quiz({ questions: [first, second] })))).toEqual([
      "questions.1.id: errors.quiz.duplicateId",
      "questions.1.options.0.id: errors.quiz.duplicateId",
    ]);
    expect(issues(QuizInput.safeParse(quiz({ questions: [{ ...singleChoice, id: 0 }] })))).toEqual([
      "questions.0.id: errors.invalid",
    ]);
  });

  it("refuses hostile bodies with issues, never by throwing", () => {
    for (const body of [
      null,
      "quiz",
      [],
      { ...settings, questions: "all" },
      { ...settings, questions: [null] },
    ])
      expect(QuizInput.safeParse(body).success, JSON.stringify(body)).toBe(false);
    expect(
      QuizInput.safeParse(quiz({ questions: [{ ...shortText, prompt: "x".repeat(10_000) }] })).success,
    ).toBe(false);
  });

  it("saves only questions the grading rules can grade to full marks", () => {
    const parsed = QuizInput.parse(quiz());
    parsed.questions.forEach((question, index) => {
      const id = String(index);
      if (question.kind === "short_text") {
        const graded = gradeQuestion(
          {
            id,
            kind: "short_text",
            points: question.points,
            acceptedAnswers: question.acceptedAnswers ?? [],
          },
          { questionId: id, text: question.acceptedAnswers?.[0] ?? "" },
        );
        expect(graded.correct).toBe(true);
      } else {
        const options = (question.options ?? []).map((option, n) => ({
          id: String(n),
          correct: option.correct,
        }));
        const graded = gradeQuestion(
          {
            id,
            kind: question.kind,
            points: question.points,
            partialCredit: question.partialCredit,
            options,
          },
          {
            questionId: id,
            optionIds: options.filter((option) => option.correct).map((option) => option.id),
          },
        );
        expect(graded.correct).toBe(true);
      }
    });
  });
});

describe("messages", () => {
  it("are keys both locales translate", () => {
    const source = readFileSync(path.resolve(import.meta.dirname, "../../app/quizzes/inputs.ts"), "utf8");
    const keys = [...new Set([...source.matchAll(/"(errors\.[\w.]+)"/g)].map((match) => match[1] ?? ""))];
    expect(keys.length).toBeGreaterThan(20);
    for (const locale of ["en", "ar"]) {
      const studio = JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, `../../locales/${locale}/studio.json`), "utf8"),
      );
      const missing = keys.filter((key) => {
        const value = key
          .split(".")
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], studio);
        return typeof value !== "string" || value === "";
      });
      expect(missing, locale).toEqual([]);
    }
  });
});
