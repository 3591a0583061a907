// Who takes a quiz how (issue 32, decision 051): the one answer to "does this start record an attempt, run a
// practice that records nothing, or refuse?", asked by the attempts module for the pages and the API alike.
// Pure; unit-tested in tests/unit/quiz-policy.test.ts. Opening the lesson at all is the access module's rule
// (app/access/policy.ts, lessonAccess), which this builds on.
import type { LessonAccess } from "../access/policy";

/**
 * How a viewer who may open a quiz lesson takes it:
 *  - "record": an enrolled learner; the attempt is stored, counted against the limit and graded, and a pass
 *    completes the lesson;
 *  - "practice": drawn and graded in memory, nothing stored: anyone on a free-preview quiz of a published
 *    course they do not hold (guests too), and the course's trainer and admins who are not enrolled in it
 *    (trying their own quiz must not use up attempts nor move the learners' statistics);
 * or why not, as the access module says.
 */
export type QuizMode =
  | { ok: true; mode: "record" | "practice" }
  | { ok: false; reason: "not_found" | "sign_in" | "forbidden" };

export function quizMode(access: LessonAccess, enrolled: boolean): QuizMode {
  if (!access.ok) return access;
  if (access.mode === "full" && enrolled) return { ok: true, mode: "record" };
  return { ok: true, mode: "practice" };
}

/** A deadline from a time limit: null without one. */
export function deadlineOf(startedAt: Date, timeLimitMinutes: number | null): Date | null {
  if (timeLimitMinutes === null || timeLimitMinutes <= 0) return null;
  return new Date(startedAt.getTime() + timeLimitMinutes * 60_000);
}

/** Whether a save reaching the server at `at` is still taken: no deadline, or by the deadline itself. */
export function maySaveAnswers(deadline: Date | null, at: Date): boolean {
  return deadline === null || at.getTime() <= deadline.getTime();
}

/**
 * Whether a practice submit answers a whole attempt (issue 43, item 3): it names exactly as many distinct
 * questions as an attempt draws (the whole bank, or `drawCount` of it), every one of them in the live bank.
 * Grading fewer would let one question be scored on its own, an oracle for the bank.
 */
export function isCompletePractice(
  named: number,
  namedInBank: number,
  bankSize: number,
  drawCount: number | null,
): boolean {
  const drawn = drawCount === null ? bankSize : Math.min(drawCount, bankSize);
  return drawn > 0 && named === namedInBank && namedInBank === drawn;
}
