// An attempt's refusals, one table for the pages and the JSON API alike: each reason's HTTP status, the
// API's stable error code and the message key (`learning` namespace). A rate-limited refusal's message
// takes the minutes to wait (`count`, with Arabic plural forms) and its answers carry Retry-After.
import type { ApiErrorCode } from "../lib/api.server";
import type { AttemptRefusal } from "./attempts.server";

export type RefusalAnswer = { status: number; code: ApiErrorCode; key: string };

const ANSWERS: Record<AttemptRefusal["reason"], RefusalAnswer> = {
  not_found: { status: 404, code: "not_found", key: "quiz.api.notFound" },
  sign_in: { status: 401, code: "unauthorized", key: "quiz.api.notEnrolled" },
  forbidden: { status: 403, code: "forbidden", key: "quiz.api.notEnrolled" },
  not_a_quiz: { status: 409, code: "not_a_quiz", key: "quiz.api.notAQuiz" },
  quiz_empty: { status: 409, code: "quiz_empty", key: "quiz.api.quizEmpty" },
  no_attempts_left: { status: 409, code: "no_attempts_left", key: "quiz.api.noAttemptsLeft" },
  time_up: { status: 409, code: "time_up", key: "quiz.api.timeUp" },
  attempt_closed: { status: 409, code: "attempt_closed", key: "quiz.api.attemptClosed" },
  practice_unavailable: {
    status: 409,
    code: "practice_unavailable",
    key: "quiz.api.practiceUnavailable",
  },
  practice_incomplete: { status: 422, code: "practice_incomplete", key: "quiz.api.practiceIncomplete" },
  rate_limited: { status: 429, code: "rate_limited", key: "quiz.api.practiceRateLimited" },
};

export function attemptRefusalPage(reason: AttemptRefusal["reason"]): RefusalAnswer {
  return ANSWERS[reason];
}

/** The minutes a rate-limited visitor waits, rounded up, for the message's plural. */
export function minutesToWait(refusal: AttemptRefusal): number {
  return Math.max(1, Math.ceil((refusal.retryAfterSeconds ?? 60) / 60));
}

/** The headers a refusal's answer carries: Retry-After when the visitor may try again later. */
export function refusalHeaders(refusal: AttemptRefusal): Record<string, string> {
  return refusal.reason === "rate_limited" && refusal.retryAfterSeconds
    ? { "Retry-After": String(refusal.retryAfterSeconds) }
    : {};
}
