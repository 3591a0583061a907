// The rules of a quiz that need no database (issue 32, items 4 and 5): how each kind of question is graded,
// how an attempt's score is rounded against the pass mark, which answers count when a submit comes late,
// how questions are drawn and shuffled, when the correct answers may be shown, and how many attempts are
// left. Unit-tested in tests/unit/quiz-grading.test.ts; the choices are in docs/decisions/050-quiz-grading.md.
// The attempts module (attempts.server.ts) grades through it.
import { QUESTION_KINDS, REVEAL_POLICIES } from "../db/schema/values";
import { matchesShortAnswer } from "./normalize";

export { QUESTION_KINDS, REVEAL_POLICIES };
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** The choice kinds. True/false is one too, with its two options, so pages and the API treat all alike. */
export type ChoiceKind = Exclude<QuestionKind, "short_text">;

export type ChoiceOption = { id: string; correct: boolean };

export type ChoiceQuestion = {
  id: string;
  kind: ChoiceKind;
  /** A positive whole number. */
  points: number;
  /** Only a `multiple` question gives partial credit; the others ignore it. */
  partialCredit: boolean;
  options: readonly ChoiceOption[];
};

export type ShortTextQuestion = {
  id: string;
  kind: "short_text";
  points: number;
  acceptedAnswers: readonly string[];
};

export type Question = ChoiceQuestion | ShortTextQuestion;

/**
 * A learner's answer, as it arrives: `optionIds` for a choice question, `text` for a short-text one. It is
 * checked here as well as at the API, as nothing about it is trusted.
 */
export type Answer = { questionId: string; optionIds?: readonly string[]; text?: string };

export type QuestionResult = {
  questionId: string;
  /** Points earned, rounded down to hundredths for display; totals are computed exactly (see POINT_UNITS). */
  earned: number;
  possible: number;
  /** Full points earned. A partly right answer is not correct. */
  correct: boolean;
};

/**
 * Points are counted in units of 1/2520 of a point, the least common multiple of 1 to 10: a share of a
 * question's points for any number of correct options a question may have (up to 10) is a whole number of
 * units, so partial credit and totals are exact integers and no floating-point sum decides a pass.
 */
export const POINT_UNITS = 2520;

/** Hundredths of a point, rounded down, from units: what a page shows, never more than was earned. */
function unitsToPoints(units: number): number {
  return Math.floor((units * 100) / POINT_UNITS) / 100;
}

/**
 * The option ids of a choice answer, or null when it is malformed: not an array of text, a text answer,
 * an id given twice, or an id that is not one of this question's options (another question's included).
 */
function chosenOptionIds(question: ChoiceQuestion, answer: Answer): ReadonlySet<string> | null {
  const { optionIds, text } = answer;
  if (text !== undefined || !Array.isArray(optionIds)) return null;
  if (!optionIds.every((id) => typeof id === "string")) return null;
  const chosen = new Set<string>(optionIds);
  if (chosen.size !== optionIds.length) return null;
  const known = new Set(question.options.map((option) => option.id));
  for (const id of chosen) if (!known.has(id)) return null;
  return chosen;
}

/**
 * Partial credit, Canvas New Quizzes' "partial credit with penalty": each correct option chosen earns 1/k of
 * the points and each wrong option chosen takes 1/k away (k: the number of correct options), never below
 * zero. Ticking every option earns only (correct − wrong)/k, nothing once the wrong options are as many as
 * the correct ones, so guessing never beats knowing.
 */
function partialCreditUnits(points: number, correctChosen: number, wrongChosen: number, k: number): number {
  if (k === 0) return 0;
  const net = Math.max(0, correctChosen - wrongChosen);
  // Whole units whenever k divides POINT_UNITS (k ≤ 10); beyond, rounded down, never more than earned.
  return Math.floor((points * POINT_UNITS * net) / k);
}

function choiceUnits(question: ChoiceQuestion, chosen: ReadonlySet<string>): number {
  const correctIds = question.options.filter((option) => option.correct).map((option) => option.id);
  const correctChosen = correctIds.filter((id) => chosen.has(id)).length;
  const wrongChosen = chosen.size - correctChosen;
  const exactlyRight = correctIds.length > 0 && wrongChosen === 0 && correctChosen === correctIds.length;
  if (exactlyRight) return question.points * POINT_UNITS;
  if (question.kind === "multiple" && question.partialCredit)
    return partialCreditUnits(question.points, correctChosen, wrongChosen, correctIds.length);
  return 0;
}

function shortTextUnits(question: ShortTextQuestion, answer: Answer): number {
  const { text, optionIds } = answer;
  if (typeof text !== "string" || optionIds !== undefined) return 0;
  return matchesShortAnswer(text, question.acceptedAnswers) ? question.points * POINT_UNITS : 0;
}

/** The units an answer earns: 0 for no answer, an answer to another question, or a malformed one. */
function earnedUnits(question: Question, answer: Answer | undefined): number {
  if (answer === undefined || answer === null || typeof answer !== "object") return 0;
  if (answer.questionId !== question.id) return 0;
  if (question.kind === "short_text") return shortTextUnits(question, answer);
  const chosen = chosenOptionIds(question, answer);
  return chosen === null ? 0 : choiceUnits(question, chosen);
}

function resultOf(question: Question, units: number): QuestionResult {
  return {
    questionId: question.id,
    earned: unitsToPoints(units),
    possible: question.points,
    correct: units > 0 && units === question.points * POINT_UNITS,
  };
}

/**
 * One question graded. Single choice and true/false: full points for exactly the one correct option.
 * Multiple choice: full points for exactly the correct set, or partial credit when the question allows it.
 * Short text: full points when the answer matches an accepted answer once both are normalised. Never throws.
 */
export function gradeQuestion(question: Question, answer: Answer | undefined): QuestionResult {
  return resultOf(question, earnedUnits(question, answer));
}

export type AttemptResult = {
  earned: number;
  possible: number;
  /** A whole percent from 0 to 100, rounded down. */
  scorePercent: number;
  /** The exact totals in units of 1/2520 of a point (POINT_UNITS), as an attempt stores them. */
  earnedUnits: number;
  possibleUnits: number;
  results: QuestionResult[];
};

/**
 * The whole percent of `earnedUnits` out of `possibleUnits`, rounded down: a pass mark is a floor, so
 * 69.9 % never passes a 70 % mark, and 100 % means every point. Integer arithmetic, so exact. An attempt
 * with nothing to earn scores 0.
 */
function scorePercentOf(earned: number, possible: number): number {
  if (possible <= 0) return 0;
  return Math.min(100, Math.floor((earned * 100) / possible));
}

/**
 * An attempt graded: each drawn question with the learner's answer to it (the first one given, should a
 * client send two), in the order of `questions`. Answers to questions not drawn are ignored.
 */
export function gradeAttempt(questions: readonly Question[], answers: readonly Answer[]): AttemptResult {
  const byQuestion = new Map<string, Answer>();
  for (const answer of Array.isArray(answers) ? answers : []) {
    if (answer !== null && typeof answer === "object" && !byQuestion.has(answer.questionId))
      byQuestion.set(answer.questionId, answer);
  }
  let earned = 0;
  let possible = 0;
  const results = questions.map((question) => {
    const units = earnedUnits(question, byQuestion.get(question.id));
    earned += units;
    possible += question.points * POINT_UNITS;
    return resultOf(question, units);
  });
  return {
    earned: unitsToPoints(earned),
    possible: possible / POINT_UNITS,
    scorePercent: scorePercentOf(earned, possible),
    earnedUnits: earned,
    possibleUnits: possible,
    results,
  };
}

/** Whether a score reaches the pass mark, both whole percents; a 0 % mark is passed by any submission. */
export function passes(scorePercent: number, passPercent: number): boolean {
  return scorePercent >= passPercent;
}

// ── Deadlines ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * How late after an attempt's deadline its answers are still taken: a submit the page sends as its timer
 * reaches zero, or an autosave just before, arrives a moment after, through a slow network.
 */
export const SUBMIT_GRACE_SECONDS = 30;

/** Whether answers (a save or a submit) reaching the server at `at` are in time: no deadline, or by its grace. */
export function answersInTime(deadline: Date | null, at: Date): boolean {
  if (deadline === null) return true;
  return at.getTime() <= deadline.getTime() + SUBMIT_GRACE_SECONDS * 1000;
}

/**
 * Which answers a submit is graded on. In time (by the deadline plus its grace, which is there for the
 * submit's own trip): the ones it brings, over those saved before. Later: only the answers saved before the
 * deadline itself (`savedBy`), as the issue states it; whatever the late submit brings is ignored, and so is
 * a save that arrived in the grace (only a submit in time makes use of the grace).
 */
export type CountedAnswers = { use: "submitted" } | { use: "saved"; savedBy: Date };

export function answersCountedAt(deadline: Date | null, submittedAt: Date): CountedAnswers {
  if (deadline === null || answersInTime(deadline, submittedAt)) return { use: "submitted" };
  return { use: "saved", savedBy: deadline };
}

// ── Drawing and shuffling ─────────────────────────────────────────────────────────────────────────────────

/** A source of randomness: a number in [0, 1), like Math.random; tests pass a seeded one. */
export type RandomSource = () => number;

/**
 * A small seeded generator (mulberry32): the same seed gives the same sequence, for tests and for replaying
 * an attempt's order. Not for secrets.
 */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number from 0 to `max`, from the random source; a source straying outside [0, 1) stays in range. */
function randomIndex(random: RandomSource, max: number): number {
  const value = Math.floor(random() * (max + 1));
  return Number.isFinite(value) ? Math.min(max, Math.max(0, value)) : 0;
}

/** A shuffled copy, every order equally likely (Fisher–Yates). */
function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomIndex(random, index);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

export type DrawSettings = {
  /** How many questions each attempt draws; null or undefined (or the bank's size or more) means all. */
  drawCount?: number | null;
  /** Questions in a random order; otherwise in the bank's order. */
  shuffle: boolean;
};

/**
 * The questions of a new attempt, from the bank's ids: `drawCount` of them at random, or all, in a random
 * order when shuffling and otherwise in the bank's order (a draw without shuffling is a random subset kept in
 * bank order). A draw count below 1 or not whole is refused with a RangeError: the quiz's schema never
 * stores one, so it is a bug to surface, not a setting to guess at.
 */
export function drawQuestions<T>(
  questionIds: readonly T[],
  settings: DrawSettings,
  random: RandomSource,
): T[] {
  const { drawCount, shuffle } = settings;
  if (drawCount !== null && drawCount !== undefined && (!Number.isInteger(drawCount) || drawCount < 1))
    throw new RangeError(`drawCount must be a whole number of at least 1, or null for all; got ${drawCount}`);
  const count = Math.min(drawCount ?? questionIds.length, questionIds.length);
  if (count === questionIds.length && !shuffle) return [...questionIds];
  const positions = shuffled(
    questionIds.map((_, position) => position),
    random,
  ).slice(0, count);
  if (!shuffle) positions.sort((a, b) => a - b);
  return positions.map((position) => questionIds[position] as T);
}

/** A question's options for one attempt: shuffled, or in the trainer's order. */
export function orderOptions<T>(optionIds: readonly T[], shuffle: boolean, random: RandomSource): T[] {
  return shuffle ? shuffled(optionIds, random) : [...optionIds];
}

// ── What a learner may see and start ──────────────────────────────────────────────────────────────────────

export type RevealPolicy = (typeof REVEAL_POLICIES)[number];

/**
 * Whether an attempt's correct answers and explanations may be shown: never before it is submitted,
 * whatever the setting; then always, once passed, or never, as the trainer chose.
 */
export function mayRevealAnswers(
  reveal: RevealPolicy,
  attempt: { submitted: boolean; passed: boolean },
): boolean {
  if (!attempt.submitted) return false;
  if (reveal === "always") return true;
  if (reveal === "after_pass") return attempt.passed;
  return false;
}

/**
 * How much of a submitted attempt's review the learner sees (issue 50, item 4): the right answers when
 * `reveal` allows them (which marks each question too); otherwise each question marked right or wrong when
 * the quiz marks questions; otherwise the score alone.
 */
export function reviewLevel(
  settings: { reveal: RevealPolicy; markQuestions: boolean },
  attempt: { submitted: boolean; passed: boolean },
): "answers" | "marks" | "none" {
  if (!attempt.submitted) return "none";
  if (mayRevealAnswers(settings.reveal, attempt)) return "answers";
  return settings.markQuestions ? "marks" : "none";
}

/** The attempts a learner has left, or null when unlimited (`maxAttempts` 0). Never below 0. */
export function attemptsRemaining(maxAttempts: number, used: number): number | null {
  if (maxAttempts === 0) return null;
  return Math.max(0, maxAttempts - Math.max(0, used));
}

/** Whether a learner who has used `used` attempts may start another. */
export function mayStartAttempt(maxAttempts: number, used: number): boolean {
  const remaining = attemptsRemaining(maxAttempts, used);
  return remaining === null || remaining > 0;
}
