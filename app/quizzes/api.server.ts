// The quiz API's answers (app/routes/api/quiz-*.ts, attempt-*.ts): refusals in the API's error shape with
// their own codes, and the JSON of attempts. A learner's JSON is built only from learnerQuestions and
// reviewOf (./snapshot.ts), so nothing that grades reaches them before review.
import type { RouterContextProvider } from "react-router";
import { getI18n } from "../i18n/context.server";
import type { Locale } from "../i18n/languages";
import { apiError } from "../lib/api.server";
import type { AttemptList, AttemptRefusal, StartedAttempt, SubmittedAttempt } from "./attempts.server";
import type { QuizRefusal } from "./quizzes.server";
import { attemptRefusalPage, minutesToWait, refusalHeaders } from "./refusals";

type Context = Readonly<RouterContextProvider>;

/**
 * A learner's refusal in the API's error shape: the status, code and message of ./refusals.ts (one table
 * for pages and API), 401 with its WWW-Authenticate challenge, 429 with Retry-After.
 */
export function attemptRefusalAnswer(context: Context, locale: Locale, refusal: AttemptRefusal): Response {
  const t = getI18n(context).getFixedT(locale, "learning");
  const { status, code, key } = attemptRefusalPage(refusal.reason);
  if (refusal.reason === "sign_in")
    return apiError(401, code, t("common:api.unauthorized"), undefined, {
      headers: { "WWW-Authenticate": 'Bearer realm="manara"' },
    });
  return apiError(status, code, t(key, { count: minutesToWait(refusal) }), undefined, {
    headers: refusalHeaders(refusal),
  });
}

/** A trainer's refusal: 404, 403, 409 for a lesson that is not a quiz, 422 for an id not of this quiz. */
export function quizRefusalAnswer(context: Context, locale: Locale, refusal: QuizRefusal): Response {
  const t = getI18n(context).getFixedT(locale, "studio");
  switch (refusal.reason) {
    case "forbidden":
      return apiError(403, "forbidden", t("errors.forbidden"));
    case "not_a_quiz":
      return apiError(409, "not_a_quiz", t("errors.quiz.notAQuiz"));
    case "unknown_id":
      return apiError(422, "validation_failed", t("common:api.validationFailed"), {
        [refusal.field]: t("errors.quiz.unknownId"),
      });
    default:
      return apiError(404, "not_found", t("errors.quiz.lessonNotFound"));
  }
}

export function startedAttemptJson(attempt: StartedAttempt) {
  return {
    id: attempt.id,
    number: attempt.number,
    startedAt: attempt.startedAt.toISOString(),
    deadline: attempt.deadline?.toISOString() ?? null,
    practice: attempt.practice,
    // Each text as its Markdown source (`prompt`, `text`) and its sanitized HTML (`promptHtml`, `textHtml`),
    // the way a course has `description` and `descriptionHtml` (issue 43).
    questions: attempt.questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      promptHtml: question.promptHtml,
      points: question.points,
      ...(question.options
        ? {
            options: question.options.map((option) => ({
              id: option.id,
              text: option.text,
              textHtml: option.html,
            })),
          }
        : {}),
    })),
  };
}

export function submittedAttemptJson(attempt: SubmittedAttempt) {
  return {
    id: attempt.id,
    scorePercent: attempt.scorePercent,
    passed: attempt.passed,
    submittedAt: attempt.submittedAt.toISOString(),
    practice: attempt.practice,
    ...(attempt.review
      ? {
          review: attempt.review.map((item) => ({
            questionId: item.questionId,
            correct: item.correct,
            earned: item.earned,
            possible: item.possible,
            ...(item.correctOptionIds ? { correctOptionIds: item.correctOptionIds } : {}),
            ...(item.acceptedAnswers ? { acceptedAnswers: item.acceptedAnswers } : {}),
            ...(item.explanationHtml
              ? { explanation: item.explanation ?? null, explanationHtml: item.explanationHtml }
              : {}),
          })),
        }
      : {}),
  };
}

export function attemptListJson(list: AttemptList) {
  return {
    attempts: list.attempts.map((attempt) => ({
      id: attempt.id,
      number: attempt.number,
      startedAt: attempt.startedAt.toISOString(),
      deadline: attempt.deadline?.toISOString() ?? null,
      submittedAt: attempt.submittedAt?.toISOString() ?? null,
      scorePercent: attempt.scorePercent,
      passed: attempt.passed,
    })),
    best: list.best,
    remaining: list.remaining,
    practice: list.practice,
  };
}
