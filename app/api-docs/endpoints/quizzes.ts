// Quizzes (issue 32, decision 051): the trainer's quiz and its statistics (app/routes/api/instructor-lesson-
// quiz.ts, instructor-quiz-stats.ts) and the learner's attempts (lesson-attempts.ts, attempt-answers.ts,
// attempt-submit.ts).
import { z } from "zod";
import { AnswersJson, SubmitJson } from "../../quizzes/attempt-inputs";
import { QUESTION_KINDS, REVEAL_POLICIES } from "../../quizzes/grading";
import { QuizInput } from "../../quizzes/inputs";
import { type EndpointDoc, isoDate, json, ok, params, textParams } from "../registry";

const TrainerQuiz = z.strictObject({
  quiz: z.strictObject({
    lessonId: z.int(),
    courseId: z.int(),
    passPercent: z.int(),
    maxAttempts: z.int().describe("0 means unlimited"),
    timeLimitMinutes: z.int().nullable(),
    drawCount: z.int().nullable().describe("Questions drawn per attempt; null for all"),
    shuffle: z.boolean(),
    reveal: z.enum(REVEAL_POLICIES),
    markQuestions: z
      .boolean()
      .describe("Each submitted attempt shows which questions were right; the answers follow reveal"),
    questions: z.array(
      z.strictObject({
        id: z.int(),
        kind: z.enum(QUESTION_KINDS),
        prompt: z.string().describe("Markdown as typed"),
        promptAr: z.string().nullable(),
        promptHtml: z.string().describe("The Markdown rendered and sanitized once, on save"),
        promptArHtml: z.string().nullable(),
        points: z.int(),
        partialCredit: z.boolean(),
        explanation: z.string().nullable().describe("Markdown as typed"),
        explanationAr: z.string().nullable(),
        explanationHtml: z.string().nullable(),
        explanationArHtml: z.string().nullable(),
        options: z
          .array(
            z.strictObject({
              id: z.int(),
              text: z.string().describe("Markdown as typed"),
              textAr: z.string().nullable(),
              textHtml: z.string(),
              textArHtml: z.string().nullable(),
              correct: z.boolean(),
            }),
          )
          .optional(),
        acceptedAnswers: z.array(z.string()).optional(),
      }),
    ),
  }),
});

const trainerErrors: EndpointDoc["errors"] = [
  [403, "forbidden"],
  [404, "not_found"],
  [409, "not_a_quiz"],
];

/**
 * A text of an attempt: its Markdown source, null only for an attempt started before attempts kept it (issue
 * 43) whose question has changed or gone since, beside the sanitized HTML it was rendered to.
 */
const attemptSource = (what: string) =>
  z
    .string()
    .nullable()
    .describe(
      `${what}'s Markdown source, in the language of Accept-Language; null for an attempt started before sources were kept whose question has since changed or gone`,
    );

const Attempt = z.strictObject({
  id: z.string().describe("A uuid, or `practice-<courseId>-<lessonId>` for a practice, which is not stored"),
  number: z.int().nullable().describe("1 for the first attempt; null for a practice"),
  startedAt: isoDate,
  deadline: isoDate.nullable(),
  practice: z.boolean(),
  questions: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.enum(QUESTION_KINDS),
      prompt: attemptSource("The prompt"),
      promptHtml: z.string().describe("Sanitized HTML, in the language of Accept-Language"),
      points: z.int(),
      options: z
        .array(
          z.strictObject({
            id: z.string(),
            text: attemptSource("The option"),
            textHtml: z.string().describe("Sanitized HTML"),
          }),
        )
        .optional(),
    }),
  ),
});

const Submitted = z.strictObject({
  attempt: z.strictObject({
    id: z.string(),
    scorePercent: z.int().min(0).max(100),
    passed: z.boolean(),
    submittedAt: isoDate,
    practice: z.boolean(),
    review: z
      .array(
        z.strictObject({
          questionId: z.string(),
          correct: z.boolean().describe("Full points earned"),
          earned: z
            .number()
            .describe(
              "Points earned, in hundredths rounded down; above 0 and below `possible` is partial credit",
            ),
          possible: z.number(),
          correctOptionIds: z
            .array(z.string())
            .optional()
            .describe("Only when the quiz's `reveal` setting shows this attempt's answers"),
          acceptedAnswers: z.array(z.string()).optional().describe("As correctOptionIds"),
          explanation: attemptSource("The explanation").optional(),
          explanationHtml: z.string().optional().describe("Sanitized HTML; both absent for no explanation"),
        }),
      )
      .optional()
      .describe(
        "Each question marked right or wrong: present when the quiz's `markQuestions` is on or its `reveal` setting shows this attempt's answers",
      ),
  }),
});

const attemptErrors: EndpointDoc["errors"] = [
  [401, "unauthorized"],
  [404, "not_found"],
];

const attemptId = textParams({
  attemptId: z.string().max(100).describe("The attempt's id, as its start gave it"),
});

export const quizEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/instructor/lessons/:id/quiz",
    tag: "Instructor",
    summary: "A quiz lesson's settings and questions, with the correct answers",
    auth: "staff",
    params: params("id"),
    responses: { 200: ok("The quiz", TrainerQuiz) },
    errors: trainerErrors,
  },
  {
    method: "put",
    route: "api/instructor/lessons/:id/quiz",
    tag: "Instructor",
    summary: "Save a quiz lesson's settings and its whole bank of questions",
    description:
      "Questions and options with an `id` are updated, those without are added; a question left out is archived when the quiz has attempts, deleted otherwise. An `id` that is not this quiz's is 422. Attempts already started keep what they drew.",
    auth: "staff",
    params: params("id"),
    body: json(QuizInput),
    responses: { 200: ok("The saved quiz", TrainerQuiz) },
    errors: trainerErrors,
  },
  {
    method: "get",
    route: "api/instructor/lessons/:id/quiz-stats",
    tag: "Instructor",
    summary: "A quiz's submitted attempts: pass rate, average score, and per question",
    auth: "staff",
    params: params("id"),
    responses: {
      200: ok(
        "The statistics",
        z.strictObject({
          attempts: z.int(),
          passRate: z.int().describe("Whole percent"),
          averageScore: z.int().describe("Whole percent"),
          questions: z.array(
            z.strictObject({
              questionId: z.string(),
              percentCorrect: z.int(),
              mostChosenWrongOptionId: z.string().nullable(),
              commonWrongAnswers: z
                .array(z.strictObject({ text: z.string(), count: z.int() }))
                .describe(
                  "Short text: the wrong answers given most (at most 3), counted as grading compares them; empty for other kinds",
                ),
            }),
          ),
        }),
      ),
    },
    errors: trainerErrors,
  },
  {
    method: "post",
    route: "api/courses/:courseId/lessons/:lessonId/attempts",
    tag: "Learning",
    summary: "Start an attempt at a quiz lesson",
    description:
      "An enrolled learner's attempt is stored and counted: 409 `no_attempts_left` past the limit, even when starts race. A free-preview quiz of a course the caller does not hold (without a token too), or a quiz of the caller's own course, is a practice: `practice` is true and nothing is stored. The questions never say which answers are right.",
    auth: "optional",
    params: params("courseId", "lessonId"),
    responses: { 201: ok("The attempt", z.strictObject({ attempt: Attempt })) },
    errors: [
      [401, "unauthorized"],
      [403, "forbidden"],
      [404, "not_found"],
      [409, "not_a_quiz"],
      [409, "quiz_empty"],
      [409, "no_attempts_left"],
    ],
  },
  {
    method: "get",
    route: "api/courses/:courseId/lessons/:lessonId/attempts",
    tag: "Learning",
    summary: "The caller's attempts at a quiz lesson, the best score and the attempts left",
    auth: "user",
    params: params("courseId", "lessonId"),
    responses: {
      200: ok(
        "The attempts, oldest first",
        z.strictObject({
          attempts: z.array(
            z.strictObject({
              id: z.uuid(),
              number: z.int(),
              startedAt: isoDate,
              deadline: isoDate.nullable(),
              submittedAt: isoDate.nullable(),
              scorePercent: z.int().nullable(),
              passed: z.boolean().nullable(),
            }),
          ),
          best: z.int().nullable(),
          remaining: z.int().nullable().describe("null when unlimited"),
          practice: z.boolean().describe("The caller only practises this quiz: nothing is stored"),
        }),
      ),
    },
    errors: [
      [403, "forbidden"],
      [404, "not_found"],
      [409, "not_a_quiz"],
    ],
  },
  {
    method: "put",
    route: "api/attempts/:attemptId/answers",
    tag: "Learning",
    summary: "Save the answers so far of an open attempt",
    description:
      "Replaces what was saved. Refused after the deadline (409 `time_up`) and once submitted (409 `attempt_closed`); another user's attempt is 404; an attempt whose owner no longer holds the course (a refund) is 403. A practice stores nothing, and is refused to who holds the course (409 `practice_unavailable`).",
    auth: "optional",
    params: attemptId,
    body: json(AnswersJson),
    responses: {
      200: ok(
        "Saved",
        z.strictObject({ saved: z.strictObject({ practice: z.boolean(), savedAt: isoDate }) }),
      ),
    },
    errors: [
      ...(attemptErrors ?? []),
      [403, "forbidden"],
      [409, "time_up"],
      [409, "attempt_closed"],
      [409, "practice_unavailable"],
    ],
  },
  {
    method: "post",
    route: "api/attempts/:attemptId/submit",
    tag: "Learning",
    summary: "Submit an attempt and get its score",
    description:
      "Idempotent: a second submit answers the stored result. In time (the deadline plus 30 s), `answers` count over the saved ones; later, only the answers saved by the deadline. A pass completes the lesson. An attempt whose owner no longer holds the course (a refund) is 403. A practice is graded only whole: `answers` name every question the practice showed (unanswered ones with neither `optionIds` nor `text`), else 422 `practice_incomplete`; its review follows the quiz's `reveal` setting; who holds the course is refused (409 `practice_unavailable`: they take real attempts); a free-preview practice is limited to 20 an hour per address and per account (429 `rate_limited`, with Retry-After).",
    auth: "optional",
    params: attemptId,
    body: json(SubmitJson, "Optional"),
    responses: { 200: ok("The result", Submitted) },
    errors: [
      ...(attemptErrors ?? []),
      [403, "forbidden"],
      [409, "practice_unavailable"],
      [422, "practice_incomplete"],
      [429, "rate_limited"],
    ],
  },
];
