// What a trainer may save as a quiz: its settings and its bank of questions, the body of
// `PUT /api/instructor/lessons/:id/quiz` (issue 32, items 3, 4 and 8) and later of the studio's quiz form.
// Messages are keys of the `studio` namespace (`errors.quiz.*`). Each question is checked against its kind
// here, with the issue's path on the offending field, so that grading.ts only ever meets a question it can
// grade. Unit-tested in tests/unit/quiz-inputs.test.ts; `PUT /api/instructor/lessons/:id/quiz` reads it.
import { z } from "zod";
import { entityId, safeText } from "../lib/validation";
import { QUESTION_KINDS, REVEAL_POLICIES } from "./grading";
import { normalizeShortAnswer } from "./normalize";

export const MAX_QUESTIONS = 200;
export const MAX_POINTS = 100;
export const MAX_ATTEMPTS = 100;
export const MAX_TIME_LIMIT_MINUTES = 600;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;
export const MAX_ACCEPTED_ANSWERS = 20;
/** Markdown: a prompt or an explanation may carry a code sample or a table, not a chapter. */
export const MAX_PROMPT = 5_000;
export const MAX_EXPLANATION = 5_000;
export const MAX_OPTION_TEXT = 1_000;
export const MAX_ACCEPTED_ANSWER = 200;

/** Trimmed text without control characters, at most `max` characters (app/lib/validation.ts). */
const text = (max: number, tooLong: string) => safeText({ max, error: "errors.invalid", tooLong }).trim();

/** Optional bilingual text: empty is "not given" (null), so the Arabic falls back to the English. */
const optionalText = (max: number, tooLong: string) =>
  text(max, tooLong)
    .nullish()
    .transform((value) => value || null);

/** A whole number from `min` to `max`, one message for every way it is wrong. */
const wholeNumber = (min: number, max: number, error: string) =>
  z.int({ error }).min(min, { error }).max(max, { error });

const RowId = entityId("errors.invalid");

export const QuizOptionInput = z.object({
  /** An existing option's id, kept so that attempts and statistics still point at it. */
  id: RowId.optional(),
  text: text(MAX_OPTION_TEXT, "errors.quiz.optionTooLong").min(1, { error: "errors.quiz.optionRequired" }),
  textAr: optionalText(MAX_OPTION_TEXT, "errors.quiz.optionTooLong"),
  correct: z.boolean({ error: "errors.invalid" }),
});

const acceptedAnswer = text(MAX_ACCEPTED_ANSWER, "errors.quiz.acceptedAnswerTooLong").refine(
  (answer) => normalizeShortAnswer(answer) !== "",
  { error: "errors.quiz.acceptedAnswerEmpty" },
);

const QuestionFields = z.object({
  id: RowId.optional(),
  kind: z.enum(QUESTION_KINDS, { error: "errors.quiz.kindInvalid" }),
  prompt: text(MAX_PROMPT, "errors.quiz.promptTooLong").min(1, { error: "errors.quiz.promptRequired" }),
  promptAr: optionalText(MAX_PROMPT, "errors.quiz.promptTooLong"),
  points: wholeNumber(1, MAX_POINTS, "errors.quiz.pointsInvalid"),
  partialCredit: z.boolean({ error: "errors.invalid" }).default(false),
  explanation: optionalText(MAX_EXPLANATION, "errors.quiz.explanationTooLong"),
  explanationAr: optionalText(MAX_EXPLANATION, "errors.quiz.explanationTooLong"),
  // Bounded here as well as by kind below, so that an overlong list is refused for its length alone.
  options: z
    .array(QuizOptionInput, { error: "errors.invalid" })
    .max(MAX_OPTIONS, { error: "errors.quiz.optionsCount" })
    .optional(),
  acceptedAnswers: z
    .array(acceptedAnswer, { error: "errors.invalid" })
    .max(MAX_ACCEPTED_ANSWERS, { error: "errors.quiz.acceptedAnswersCount" })
    .optional(),
});
type QuestionFields = z.output<typeof QuestionFields>;
type Issues = z.core.$RefinementCtx<QuestionFields>;

/** Options' rules by kind: how many, and how many correct. */
function checkOptions(question: QuestionFields, ctx: Issues) {
  const { options } = question;
  if (options === undefined) {
    ctx.addIssue({ code: "custom", message: "errors.quiz.optionsRequired", path: ["options"] });
    return;
  }
  if (question.kind === "true_false" && options.length !== 2)
    ctx.addIssue({ code: "custom", message: "errors.quiz.trueFalseOptions", path: ["options"] });
  if (question.kind !== "true_false" && (options.length < MIN_OPTIONS || options.length > MAX_OPTIONS))
    ctx.addIssue({ code: "custom", message: "errors.quiz.optionsCount", path: ["options"] });
  const correct = options.filter((option) => option.correct).length;
  if (correct === 0)
    ctx.addIssue({ code: "custom", message: "errors.quiz.noCorrectOption", path: ["options"] });
  else if (correct > 1 && question.kind !== "multiple")
    ctx.addIssue({ code: "custom", message: "errors.quiz.oneCorrectOption", path: ["options"] });
}

/** A short-text question's accepted answers: 1 to 20 (each non-empty once normalised, checked above). */
function checkAcceptedAnswers(question: QuestionFields, ctx: Issues) {
  const count = question.acceptedAnswers?.length ?? 0;
  if (count < 1 || count > MAX_ACCEPTED_ANSWERS)
    ctx.addIssue({ code: "custom", message: "errors.quiz.acceptedAnswersCount", path: ["acceptedAnswers"] });
}

/**
 * A question of the API's body: options for the choice kinds only (true/false too: its two options, so a
 * page and the API treat every choice question alike), accepted answers for short text only. Partial
 * credit is kept for a multiple-choice question only; on another kind it means nothing and is saved off.
 */
export const QuizQuestionInput = QuestionFields.superRefine((question, ctx) => {
  if (question.kind === "short_text") {
    if (question.options !== undefined)
      ctx.addIssue({ code: "custom", message: "errors.quiz.optionsNotAllowed", path: ["options"] });
    checkAcceptedAnswers(question, ctx);
  } else {
    if (question.acceptedAnswers !== undefined)
      ctx.addIssue({
        code: "custom",
        message: "errors.quiz.acceptedAnswersNotAllowed",
        path: ["acceptedAnswers"],
      });
    checkOptions(question, ctx);
  }
}).transform((question) => ({
  ...question,
  partialCredit: question.kind === "multiple" && question.partialCredit,
}));
export type QuizQuestionInput = z.output<typeof QuizQuestionInput>;

/** The settings of issue 32, item 3. */
export const QuizSettingsInput = z.object({
  passPercent: wholeNumber(0, 100, "errors.quiz.passPercentInvalid"),
  /** 0 means unlimited. */
  maxAttempts: wholeNumber(0, MAX_ATTEMPTS, "errors.quiz.maxAttemptsInvalid"),
  /** Minutes; null for no limit. */
  timeLimitMinutes: wholeNumber(1, MAX_TIME_LIMIT_MINUTES, "errors.quiz.timeLimitInvalid")
    .nullable()
    .default(null),
  /** How many questions each attempt draws from the bank; null for all (a count past the bank is all too). */
  drawCount: wholeNumber(1, MAX_QUESTIONS, "errors.quiz.drawCountInvalid").nullable().default(null),
  /** Questions and options in a new random order for each attempt. */
  shuffle: z.boolean({ error: "errors.invalid" }),
  reveal: z.enum(REVEAL_POLICIES, { error: "errors.quiz.revealInvalid" }),
  /** Mark each question right or wrong after an attempt (the right answers still follow `reveal`); on unless said. */
  markQuestions: z.boolean({ error: "errors.invalid" }).default(true),
});

/** Each existing id at most once: two questions (or two options) claiming one row would overwrite it. */
function checkUniqueIds(questions: readonly QuizQuestionInput[], ctx: z.core.$RefinementCtx<unknown>) {
  const questionIds = new Set<number>();
  const optionIds = new Set<number>();
  questions.forEach((question, index) => {
    if (question.id !== undefined) {
      if (questionIds.has(question.id))
        ctx.addIssue({
          code: "custom",
          message: "errors.quiz.duplicateId",
          path: ["questions", index, "id"],
        });
      questionIds.add(question.id);
    }
    question.options?.forEach((option, optionIndex) => {
      if (option.id === undefined) return;
      if (optionIds.has(option.id))
        ctx.addIssue({
          code: "custom",
          message: "errors.quiz.duplicateId",
          path: ["questions", index, "options", optionIndex, "id"],
        });
      optionIds.add(option.id);
    });
  });
}

/** The body of `PUT /api/instructor/lessons/:id/quiz`: the settings and the whole bank, 1 to 200 questions. */
export const QuizInput = QuizSettingsInput.extend({
  questions: z
    .array(QuizQuestionInput, { error: "errors.invalid" })
    .min(1, { error: "errors.quiz.questionsRequired" })
    .max(MAX_QUESTIONS, { error: "errors.quiz.tooManyQuestions" }),
}).superRefine((quiz, ctx) => checkUniqueIds(quiz.questions, ctx));
export type QuizInput = z.output<typeof QuizInput>;
