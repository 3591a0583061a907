// The studio quiz page's forms as a whole QuizInput (app/quizzes/form.ts): one form's change applied to the
// quiz as it stands, ids kept, blank option rows dropped, true/false built, and QuizInput's issue paths
// mapped back onto the form's fields.
import { describe, expect, it } from "vitest";
import { applyChange, formNumber, issuesToFields, questionFromForm } from "../../app/quizzes/form";
import { QuizInput } from "../../app/quizzes/inputs";
import type { TrainerQuiz } from "../../app/quizzes/quizzes.server";

const quiz: TrainerQuiz = {
  lessonId: 7,
  courseId: 3,
  passPercent: 70,
  maxAttempts: 2,
  timeLimitMinutes: null,
  drawCount: null,
  shuffle: false,
  reveal: "after_pass",
  markQuestions: true,
  questions: [
    {
      id: 11,
      kind: "single",
      prompt: "Capital of Egypt?",
      promptAr: "ما عاصمة مصر؟",
      promptHtml: "<p>Capital of Egypt?</p>",
      promptArHtml: "<p>ما عاصمة مصر؟</p>",
      points: 1,
      partialCredit: false,
      explanation: null,
      explanationAr: null,
      explanationHtml: null,
      explanationArHtml: null,
      options: [
        {
          id: 101,
          text: "Cairo",
          textAr: "القاهرة",
          textHtml: "<p>Cairo</p>",
          textArHtml: "<p>القاهرة</p>",
          correct: true,
        },
        { id: 102, text: "Giza", textAr: null, textHtml: "<p>Giza</p>", textArHtml: null, correct: false },
      ],
    },
    {
      id: 12,
      kind: "true_false",
      prompt: "The Nile flows north.",
      promptAr: null,
      promptHtml: "<p>The Nile flows north.</p>",
      promptArHtml: null,
      points: 1,
      partialCredit: false,
      explanation: null,
      explanationAr: null,
      explanationHtml: null,
      explanationArHtml: null,
      options: [
        {
          id: 201,
          text: "True",
          textAr: "صح",
          textHtml: "<p>True</p>",
          textArHtml: "<p>صح</p>",
          correct: true,
        },
        {
          id: 202,
          text: "False",
          textAr: "خطأ",
          textHtml: "<p>False</p>",
          textArHtml: "<p>خطأ</p>",
          correct: false,
        },
      ],
    },
    {
      id: 13,
      kind: "short_text",
      prompt: "Name the city.",
      promptAr: null,
      promptHtml: "<p>Name the city.</p>",
      promptArHtml: null,
      points: 2,
      partialCredit: false,
      explanation: "It is Cairo.",
      explanationAr: null,
      explanationHtml: "<p>It is Cairo.</p>",
      explanationArHtml: null,
      acceptedAnswers: ["Cairo", "القاهرة"],
    },
  ],
};

const blankRow = (row: number) => ({
  [`options.${row}.text`]: "",
  [`options.${row}.textAr`]: "",
});

describe("formNumber", () => {
  it("reads whole numbers, Arabic-Indic digits too; empty is the field's empty; anything else as typed", () => {
    expect(formNumber("70", undefined)).toBe(70);
    expect(formNumber(" ٧٠ ", undefined)).toBe(70);
    expect(formNumber("۱۵", null)).toBe(15);
    expect(formNumber("", null)).toBeNull();
    expect(formNumber(undefined, undefined)).toBeUndefined();
    expect(formNumber("1.5", null)).toBe("1.5");
    expect(formNumber("-1", null)).toBe("-1");
    expect(formNumber("1e3", null)).toBe("1e3");
  });
});

describe("applyChange", () => {
  it("keeps every other question as it is, with its ids, and validates as a whole QuizInput", () => {
    const edit = applyChange(quiz, {
      intent: "saveSettings",
      fields: {
        passPercent: "80",
        maxAttempts: "0",
        timeLimitMinutes: "",
        drawCount: "2",
        shuffle: "on",
        reveal: "always",
        markQuestions: "on",
      },
    });
    const parsed = QuizInput.parse(edit?.candidate);
    expect(parsed).toMatchObject({
      passPercent: 80,
      maxAttempts: 0,
      timeLimitMinutes: null,
      drawCount: 2,
      shuffle: true,
      reveal: "always",
      markQuestions: true,
    });
    expect(parsed.questions.map((q) => q.id)).toEqual([11, 12, 13]);
    expect(parsed.questions[0]?.options?.map((o) => o.id)).toEqual([101, 102]);
    expect(parsed.questions[2]?.acceptedAnswers).toEqual(["Cairo", "القاهرة"]);
  });

  it("an unticked shuffle box is off", () => {
    const edit = applyChange(
      { ...quiz, shuffle: true },
      { intent: "saveSettings", fields: { passPercent: "70", maxAttempts: "1", reveal: "never" } },
    );
    expect(QuizInput.parse(edit?.candidate).shuffle).toBe(false);
    // The same for marking questions: the box is the only way the form says it.
    expect(QuizInput.parse(edit?.candidate).markQuestions).toBe(false);
  });

  it("adds a question at the end: blank rows dropped, rows remembered", () => {
    const edit = applyChange(quiz, {
      intent: "addQuestion",
      fields: {
        kind: "multiple",
        prompt: "Which are prime?",
        points: "2",
        partialCredit: "on",
        "options.0.text": "2",
        "options.0.correct": "on",
        ...blankRow(1),
        "options.2.text": "4",
        "options.3.text": "3",
        "options.3.textAr": "٣",
        "options.3.correct": "on",
        ...blankRow(4),
      },
    });
    expect(edit?.index).toBe(3);
    expect(edit?.rows).toEqual([0, 2, 3]);
    const added = QuizInput.parse(edit?.candidate).questions[3];
    expect(added).toMatchObject({ kind: "multiple", points: 2, partialCredit: true, promptAr: null });
    expect(added?.options).toEqual([
      { text: "2", textAr: null, correct: true },
      { text: "4", textAr: null, correct: false },
      { text: "3", textAr: "٣", correct: true },
    ]);
  });

  it("replaces a question in place, keeping its own option ids and dropping foreign or cleared ones", () => {
    const edit = applyChange(quiz, {
      intent: "saveQuestion",
      questionId: 11,
      fields: {
        kind: "single",
        prompt: "Capital of Egypt, today?",
        points: "1",
        "options.0.id": "101",
        "options.0.text": "Cairo",
        "options.0.correct": "on",
        "options.1.id": "102",
        ...blankRow(1),
        "options.2.id": "201",
        "options.2.text": "Luxor",
      },
    });
    const saved = QuizInput.parse(edit?.candidate).questions[0];
    expect(saved?.id).toBe(11);
    expect(saved?.options).toEqual([
      { id: 101, text: "Cairo", textAr: null, correct: true },
      // 201 is another question's option: a new row, not a claim on someone else's.
      { text: "Luxor", textAr: null, correct: false },
    ]);
  });

  it("a true/false question gets its two options, keeping their ids, the radio saying which is correct", () => {
    const edit = applyChange(quiz, {
      intent: "saveQuestion",
      questionId: 12,
      fields: { kind: "true_false", prompt: "The Nile flows south.", points: "1", trueFalseCorrect: "false" },
    });
    expect(QuizInput.parse(edit?.candidate).questions[1]?.options).toEqual([
      { id: 201, text: "True", textAr: "صح", correct: false },
      { id: 202, text: "False", textAr: "خطأ", correct: true },
    ]);
    const fresh = questionFromForm(
      { kind: "true_false", prompt: "x", points: "1", trueFalseCorrect: "true" },
      quiz.questions[0],
    );
    expect(fresh.question.options?.map((o) => [o.id, o.text, o.correct])).toEqual([
      [undefined, "True", true],
      [undefined, "False", false],
    ]);
  });

  it("short text reads one accepted answer a line and sends no options", () => {
    const { question } = questionFromForm({
      kind: "short_text",
      prompt: "City?",
      points: "1",
      acceptedAnswers: "Cairo\r\n\r\n  القاهرة  \n",
      "options.0.text": "ignored",
    });
    expect(question.acceptedAnswers).toEqual(["Cairo", "القاهرة"]);
    expect(question.options).toBeUndefined();
  });

  it("deletes and moves by id; an id the quiz does not have is null", () => {
    const deleted = applyChange(quiz, { intent: "deleteQuestion", questionId: 12 });
    expect(deleted?.candidate.questions.map((q) => q.id)).toEqual([11, 13]);
    const up = applyChange(quiz, { intent: "moveQuestion", questionId: 13, direction: "up" });
    expect(up?.candidate.questions.map((q) => q.id)).toEqual([11, 13, 12]);
    const top = applyChange(quiz, { intent: "moveQuestion", questionId: 11, direction: "up" });
    expect(top?.candidate.questions.map((q) => q.id)).toEqual([11, 12, 13]);
    expect(applyChange(quiz, { intent: "deleteQuestion", questionId: 99 })).toBeNull();
    expect(applyChange(quiz, { intent: "saveQuestion", questionId: 99, fields: {} })).toBeNull();
  });

  it("the last question cannot go: QuizInput refuses an empty bank", () => {
    const only = { ...quiz, questions: quiz.questions.slice(0, 1) };
    const edit = applyChange(only, { intent: "deleteQuestion", questionId: 11 });
    const parsed = QuizInput.safeParse(edit?.candidate);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("errors.quiz.questionsRequired");
  });
});

describe("issuesToFields", () => {
  const translate = (key: string) => `t:${key}`;

  it("puts an option's issue on its form row, a question's on its field, others on the form", () => {
    const edit = applyChange(quiz, {
      intent: "addQuestion",
      fields: {
        kind: "single",
        prompt: "",
        points: "0",
        ...blankRow(0),
        "options.1.textAr": "بلا إنجليزية",
        "options.2.text": "Only one",
        "options.3.text": "x".repeat(1001),
      },
    });
    if (!edit) throw new Error("no edit");
    const parsed = QuizInput.safeParse(edit.candidate);
    expect(parsed.success).toBe(false);
    const mapped = issuesToFields(parsed.error?.issues ?? [], { ...edit, kind: "single" }, translate);
    expect(mapped.fieldErrors).toEqual({
      prompt: "t:errors.quiz.promptRequired",
      points: "t:errors.quiz.pointsInvalid",
      "options.1.text": "t:errors.quiz.optionRequired",
      "options.3.text": "t:errors.quiz.optionTooLong",
      options: "t:errors.quiz.noCorrectOption",
    });
    expect(mapped.formErrors).toEqual([]);
  });

  it("true/false's missing answer goes to the radio pair; accepted answers to their textarea", () => {
    const tf = applyChange(quiz, {
      intent: "addQuestion",
      fields: { kind: "true_false", prompt: "x", points: "1" },
    });
    if (!tf) throw new Error("no edit");
    const tfIssues = QuizInput.safeParse(tf.candidate).error?.issues ?? [];
    expect(issuesToFields(tfIssues, { ...tf, kind: "true_false" }, translate).fieldErrors).toEqual({
      trueFalseCorrect: "t:errors.quiz.noCorrectOption",
    });
    const st = applyChange(quiz, {
      intent: "addQuestion",
      fields: { kind: "short_text", prompt: "x", points: "1", acceptedAnswers: "ok\n???" },
    });
    if (!st) throw new Error("no edit");
    const stIssues = QuizInput.safeParse(st.candidate).error?.issues ?? [];
    expect(issuesToFields(stIssues, { ...st, kind: "short_text" }, translate).fieldErrors).toEqual({
      acceptedAnswers: "t:errors.quiz.acceptedAnswerEmpty",
    });
  });

  it("settings issues go to the settings fields; another question's to the form", () => {
    const edit = applyChange(quiz, {
      intent: "saveSettings",
      fields: { passPercent: "101", maxAttempts: "x", timeLimitMinutes: "0", reveal: "sometimes" },
    });
    if (!edit) throw new Error("no edit");
    const issues = [
      ...(QuizInput.safeParse(edit.candidate).error?.issues ?? []),
      { path: ["questions", 1, "prompt"], message: "errors.quiz.promptRequired" },
    ];
    const mapped = issuesToFields(issues, edit, translate);
    expect(mapped.fieldErrors).toEqual({
      passPercent: "t:errors.quiz.passPercentInvalid",
      maxAttempts: "t:errors.quiz.maxAttemptsInvalid",
      timeLimitMinutes: "t:errors.quiz.timeLimitInvalid",
      reveal: "t:errors.quiz.revealInvalid",
    });
    expect(mapped.formErrors).toEqual(["t:errors.quiz.promptRequired"]);
  });
});
