// What a learner sends with an attempt (issue 32, item 8): the answers so far, to save or to submit. Only the
// shape is checked here; which questions and options an answer may name is the attempt's snapshot's to say
// (snapshot.ts, keepAnswers) and grading never trusts it either. Messages are keys of the `learning`
// namespace.
import { z } from "zod";
import { safeText } from "../lib/validation";
import { MAX_OPTIONS, MAX_QUESTIONS } from "./inputs";

/** The longest short-text answer kept (snapshot.ts keepAnswers cuts there too). */
export const MAX_ANSWER_TEXT = 500;

/** A question's or an option's id as the attempt gave it (text); a number is read as its digits. */
const AttemptItemId = z
  .union([z.string().regex(/^[1-9]\d{0,9}$/), z.int().min(1).max(2_147_483_647).transform(String)], {
    error: "quiz.api.answerInvalid",
  })
  .describe("An id from the attempt's questions (text; a number is accepted)");

export const AnswerJson = z.strictObject(
  {
    questionId: AttemptItemId,
    /** Choice questions: the options chosen (none: not answered). */
    optionIds: z.array(AttemptItemId, { error: "quiz.api.answerInvalid" }).max(MAX_OPTIONS).optional(),
    /** Short-text questions. */
    text: safeText({ max: MAX_ANSWER_TEXT, error: "quiz.api.answerInvalid" }).optional(),
  },
  { error: "quiz.api.answerInvalid" },
);

const AnswerList = z
  .array(AnswerJson, { error: "quiz.api.answersInvalid" })
  .max(MAX_QUESTIONS, { error: "quiz.api.answersInvalid" });

/** `PUT /api/attempts/:attemptId/answers`: every answer so far (it replaces what was saved). */
export const AnswersJson = z.strictObject({ answers: AnswerList }, { error: "quiz.api.answersInvalid" });

/** `POST /api/attempts/:attemptId/submit`: optionally the last answers, counted over the saved ones when in time. */
export const SubmitJson = z.strictObject(
  { answers: AnswerList.optional() },
  { error: "quiz.api.answersInvalid" },
);
export type SubmitJson = z.output<typeof SubmitJson>;
