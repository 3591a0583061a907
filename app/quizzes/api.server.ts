// The quiz API's answers (app/routes/api/quiz-*.ts, attempt-*.ts): refusals in the API's error shape with
// their own codes, and the JSON of attempts. A learner's JSON is built only from learnerQuestions and
// reviewOf (./snapshot.ts), so nothing that grades reaches them before review.
import type { RouterContextProvider } from "react-router";
import type { Locale } from "../i18n/languages";
import { apiError } from "../lib/api.server";
import { getI18n } from "../middleware/i18next.server";
import type { AttemptList, AttemptRefusal, StartedAttempt, SubmittedAttempt } from "./attempts.server";
import type { QuizRefusal } from "./quizzes.server";

type Context = Readonly<RouterContextProvider>;

/** A learner's refusal: 404 (nothing there, or another's attempt), 401, 403 (not enrolled) or a 409. */
export function attemptRefusalAnswer(context: Context, locale: Locale, refusal: AttemptRefusal): Response {
  const t = getI18n(context).getFixedT(locale, "learning");
  switch (refusal.reason) {
    case "sign_in":
      return apiError(401, "unauthorized", t("common:api.unauthorized"), undefined, {
        headers: { "WWW-Authenticate": 'Bearer realm="manara"' },
      });
    case "forbidden":
      return apiError(403, "forbidden", t("quiz.api.notEnrolled"));
    case "not_a_quiz":
      return apiError(409, "not_a_quiz", t("quiz.api.notAQuiz"));
    case "quiz_empty":
      return apiError(409, "quiz_empty", t("quiz.api.quizEmpty"));
    case "no_attempts_left":
      return apiError(409, "no_attempts_left", t("quiz.api.noAttemptsLeft"));
    case "time_up":
      return apiError(409, "time_up", t("quiz.api.timeUp"));
    case "attempt_closed":
      return apiError(409, "attempt_closed", t("quiz.api.attemptClosed"));
    default:
      return apiError(404, "not_found", t("quiz.api.notFound"));
  }
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
