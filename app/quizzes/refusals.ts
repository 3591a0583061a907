// An attempt's refusals as a page says them: the message key (`learning` namespace) and the status. The
// JSON API answers the same reasons with its own codes (api.server.ts).
import type { AttemptRefusal } from "./attempts.server";

const MESSAGE: Record<AttemptRefusal["reason"], string> = {
  not_found: "quiz.api.notFound",
  sign_in: "quiz.api.notEnrolled",
  forbidden: "quiz.api.notEnrolled",
  not_a_quiz: "quiz.api.notAQuiz",
  quiz_empty: "quiz.api.quizEmpty",
  no_attempts_left: "quiz.api.noAttemptsLeft",
  time_up: "quiz.api.timeUp",
  attempt_closed: "quiz.api.attemptClosed",
};

const STATUS: Record<AttemptRefusal["reason"], number> = {
  not_found: 404,
  sign_in: 401,
  forbidden: 403,
  not_a_quiz: 409,
  quiz_empty: 409,
  no_attempts_left: 409,
  time_up: 409,
  attempt_closed: 409,
};

export function attemptRefusalPage(reason: AttemptRefusal["reason"]): { key: string; status: number } {
  return { key: MESSAGE[reason], status: STATUS[reason] };
}
