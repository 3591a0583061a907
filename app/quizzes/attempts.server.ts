// A learner's attempts at a quiz (issue 32, item 5, decision 051): starting one within the limit when
// requests race, saving answers before the deadline, submitting once, listing them. Grading reads only the
// attempt's snapshot (./snapshot.ts) through ./grading.ts; what a learner is shown of it before review is
// `learnerQuestions`' and `reviewOf`'s alone. Who records and who practises is ./policy.ts (quizMode).
import { randomInt } from "node:crypto";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { accessToLesson } from "../access/access.server";
import type { Viewer } from "../access/roles";
import { hitRateLimits, RATE_LIMITS } from "../auth/rate-limit.server";
import { issueCertificateOnCompletion } from "../certificates/certificates.server";
import type { Database, Queryable } from "../db/client.server";
import { isUniqueViolation } from "../db/errors";
import { enrollments, lessonProgress, lessons, quizAttempts } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { isRowId } from "../lib/validation";
import {
  type Answer,
  answersCountedAt,
  attemptsRemaining,
  drawQuestions,
  mayStartAttempt,
  orderOptions,
  passes,
  type RandomSource,
  reviewLevel,
} from "./grading";
import { deadlineOf, isCompletePractice, maySaveAnswers, quizMode } from "./policy";
import { liveBank, type QuizSettings, quizSettings } from "./quizzes.server";
import {
  type AttemptAnswers,
  type AttemptSnapshot,
  gradeSnapshot,
  keepAnswers,
  type LearnerQuestion,
  learnerQuestions,
  type ReviewItem,
  reviewOf,
} from "./snapshot";

export type AttemptRefusal = {
  ok: false;
  reason:
    | "not_found"
    | "sign_in"
    | "forbidden"
    | "not_a_quiz"
    | "quiz_empty"
    | "no_attempts_left"
    | "time_up"
    | "attempt_closed"
    /** A practice asked for by someone who holds the course: they take real attempts only. */
    | "practice_unavailable"
    /** A practice submit that does not answer (or skip) every question an attempt would draw. */
    | "practice_incomplete"
    /** Too many practice submits from this visitor or address (RATE_LIMITS.quizPractice*). */
    | "rate_limited";
  /** With "rate_limited": when the visitor may try again. */
  retryAfterSeconds?: number;
};

/** Randomness for draws and shuffles: the platform's CSPRNG, so no learner can predict an attempt. */
export const cryptoRandom: RandomSource = () => randomInt(2 ** 32) / 2 ** 32;

type Bank = Awaited<ReturnType<typeof liveBank>>;

/** The snapshot of a bank's questions in the drawn order, each one's options in this attempt's order. */
function snapshotOf(
  bank: Bank,
  settings: Pick<QuizSettings, "drawCount" | "shuffle">,
  random: RandomSource,
): AttemptSnapshot {
  const drawn = drawQuestions(bank, settings, random);
  return drawn.map((question) => ({
    id: String(question.id),
    kind: question.kind,
    points: question.points,
    partialCredit: question.partialCredit,
    prompt: { en: question.promptHtml, ar: question.promptArHtml },
    promptSource: { en: question.prompt, ar: question.promptAr },
    explanation: question.explanationHtml
      ? { en: question.explanationHtml, ar: question.explanationArHtml }
      : null,
    explanationSource: question.explanationHtml
      ? { en: question.explanation ?? "", ar: question.explanationAr }
      : null,
    options: orderOptions(question.options, settings.shuffle, random).map((option) => ({
      id: String(option.id),
      html: { en: option.textHtml, ar: option.textArHtml },
      source: { en: option.text, ar: option.textAr },
      correct: option.correct,
    })),
    acceptedAnswers: question.kind === "short_text" ? [...question.acceptedAnswers] : [],
  }));
}

// ── Practice ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A practice attempt is never stored, so its id only says where it belongs: the course and the lesson.
 * Submitting it grades the answers it brings against the quiz's current bank (./practice below).
 */
export function practiceAttemptId(courseId: number, lessonId: number): string {
  return `practice-${courseId}-${lessonId}`;
}

export function parsePracticeId(id: string): { courseId: number; lessonId: number } | null {
  const match = /^practice-([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(id);
  if (!match) return null;
  const courseId = Number(match[1]);
  const lessonId = Number(match[2]);
  return isRowId(courseId) && isRowId(lessonId) ? { courseId, lessonId } : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ── Starting ───────────────────────────────────────────────────────────────────────────────────────────────

export type StartedAttempt = {
  id: string;
  number: number | null;
  startedAt: Date;
  deadline: Date | null;
  practice: boolean;
  questions: LearnerQuestion[];
};

/**
 * How a viewer takes a quiz lesson: its settings, whether they record or practise, and whether they only
 * see it as a free preview; or why not. `lockEnrollment` (inside a transaction) holds the enrollment row
 * FOR SHARE, so a refund committing meanwhile waits for the caller's write rather than slipping past it.
 */
async function quizFor(
  db: Queryable,
  viewer: Viewer,
  courseId: number,
  lessonId: number,
  { lockEnrollment = false }: { lockEnrollment?: boolean } = {},
) {
  const access = await accessToLesson(db, viewer, courseId, lessonId);
  let enrolled = false;
  if (access.ok && viewer) {
    const query = db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.userId, viewer.id), eq(enrollments.courseId, courseId)));
    const [row] = lockEnrollment ? await query.for("share") : await query;
    enrolled = row !== undefined;
  }
  const mode = quizMode(access, enrolled);
  if (!mode.ok) return { refusal: { ok: false, reason: mode.reason } as AttemptRefusal };
  const settings = await quizSettings(db, lessonId);
  if (!settings) return { refusal: { ok: false, reason: "not_a_quiz" } as AttemptRefusal };
  return { mode: mode.mode, preview: access.ok && access.mode === "preview", settings };
}

/**
 * The quiz of a stored attempt, for saving or submitting it: only while its owner still takes the quiz for
 * the record (enrolled, the lesson open to them). A refund, an unpublished course or a removed lesson ends
 * an open attempt; page and API alike, since both call here (issue 43, item 6).
 */
async function recordingQuizOf(
  db: Queryable,
  viewer: NonNullable<Viewer>,
  lessonId: number,
  options: { lockEnrollment?: boolean } = {},
): Promise<{ settings: QuizSettings } | { refusal: AttemptRefusal }> {
  const [lesson] = await db
    .select({ courseId: lessons.courseId })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  if (!lesson) return { refusal: { ok: false, reason: "not_found" } };
  const quiz = await quizFor(db, viewer, lesson.courseId, lessonId, options);
  if (quiz.refusal) return quiz;
  if (quiz.mode !== "record") return { refusal: { ok: false, reason: "forbidden" } };
  return { settings: quiz.settings };
}

export type StartOptions = { now?: Date; random?: RandomSource };

/**
 * Starts an attempt. An enrolled learner's is stored with its snapshot and counted: in one transaction the
 * enrollment row is locked, the attempts counted and one past the limit refused (the unique number is the
 * backstop: a start that still collides is refused the same way). Anyone else who may open the lesson
 * practises (./policy.ts): drawn the same way, stored nowhere.
 */
export async function startAttempt(
  db: Database,
  viewer: Viewer,
  courseId: number,
  lessonId: number,
  locale: Locale,
  { now = new Date(), random = cryptoRandom }: StartOptions = {},
): Promise<{ ok: true; attempt: StartedAttempt } | AttemptRefusal> {
  const quiz = await quizFor(db, viewer, courseId, lessonId);
  if (quiz.refusal) return quiz.refusal;
  const { settings } = quiz;
  const bank = await liveBank(db, lessonId);
  if (bank.length === 0) return { ok: false, reason: "quiz_empty" };
  const snapshot = snapshotOf(bank, settings, random);
  const deadline = deadlineOf(now, settings.timeLimitMinutes);
  const questions = learnerQuestions(snapshot, locale);
  if (quiz.mode === "practice" || !viewer)
    return {
      ok: true,
      attempt: {
        id: practiceAttemptId(courseId, lessonId),
        number: null,
        startedAt: now,
        deadline,
        practice: true,
        questions,
      },
    };
  try {
    return await db.transaction(async (tx) => {
      const [enrollment] = await tx
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(and(eq(enrollments.userId, viewer.id), eq(enrollments.courseId, courseId)))
        .for("update");
      if (!enrollment) return { ok: false, reason: "forbidden" } as AttemptRefusal;
      const [used] = await tx
        .select({ n: count() })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.lessonId, lessonId), eq(quizAttempts.userId, viewer.id)));
      const number = (used?.n ?? 0) + 1;
      if (!mayStartAttempt(settings.maxAttempts, number - 1))
        return { ok: false, reason: "no_attempts_left" } as AttemptRefusal;
      const [row] = await tx
        .insert(quizAttempts)
        .values({ lessonId, userId: viewer.id, number, startedAt: now, deadline, questions: snapshot })
        .returning({ id: quizAttempts.id });
      if (!row) throw new Error("startAttempt: attempt not inserted");
      return {
        ok: true as const,
        attempt: { id: row.id, number, startedAt: now, deadline, practice: false, questions },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "no_attempts_left" };
    throw error;
  }
}

/**
 * A practice's questions for its page, drawn as a start would draw them and stored nowhere: what a GET may
 * do (issue 43, item 2). Whoever holds the course is refused (`practice_unavailable`): their quiz is taken
 * for the record, from the lesson, never from a page that a link opens.
 */
export async function drawPractice(
  db: Database,
  viewer: Viewer,
  courseId: number,
  lessonId: number,
  locale: Locale,
  { random = cryptoRandom }: { random?: RandomSource } = {},
): Promise<{ ok: true; questions: LearnerQuestion[] } | AttemptRefusal> {
  const quiz = await quizFor(db, viewer, courseId, lessonId);
  if (quiz.refusal) return quiz.refusal;
  if (quiz.mode === "record") return { ok: false, reason: "practice_unavailable" };
  const bank = await liveBank(db, lessonId);
  if (bank.length === 0) return { ok: false, reason: "quiz_empty" };
  return { ok: true, questions: learnerQuestions(snapshotOf(bank, quiz.settings, random), locale) };
}

// ── Saving ─────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Replaces the answers saved so far, kept to what the attempt drew (snapshot.keepAnswers). Only the owner's
 * open attempt, and only by its deadline (a save after it is refused, so every stored answer was saved in
 * time: what a late submit is graded on). The update carries the conditions, so a save racing a submit
 * either lands before it or is refused. A practice attempt stores nothing: the save is acknowledged.
 */
export async function saveAnswers(
  db: Database,
  viewer: Viewer,
  attemptId: string,
  answers: readonly Answer[],
  now = new Date(),
): Promise<{ ok: true; practice: boolean; savedAt: Date } | AttemptRefusal> {
  const practice = parsePracticeId(attemptId);
  if (practice) {
    const quiz = await quizFor(db, viewer, practice.courseId, practice.lessonId);
    if (quiz.refusal) return quiz.refusal;
    if (quiz.mode === "record") return { ok: false, reason: "practice_unavailable" };
    return { ok: true, practice: true, savedAt: now };
  }
  if (!viewer) return { ok: false, reason: "sign_in" };
  if (!UUID.test(attemptId)) return { ok: false, reason: "not_found" };
  const [attempt] = await db
    .select({
      lessonId: quizAttempts.lessonId,
      questions: quizAttempts.questions,
      deadline: quizAttempts.deadline,
      submittedAt: quizAttempts.submittedAt,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, viewer.id)));
  if (!attempt) return { ok: false, reason: "not_found" };
  const quiz = await recordingQuizOf(db, viewer, attempt.lessonId);
  if ("refusal" in quiz) return quiz.refusal;
  if (attempt.submittedAt) return { ok: false, reason: "attempt_closed" };
  if (!maySaveAnswers(attempt.deadline, now)) return { ok: false, reason: "time_up" };
  const kept = keepAnswers(attempt.questions, answers);
  const [saved] = await db
    .update(quizAttempts)
    .set({ answers: kept })
    .where(
      and(
        eq(quizAttempts.id, attemptId),
        eq(quizAttempts.userId, viewer.id),
        isNull(quizAttempts.submittedAt),
        sql`(${quizAttempts.deadline} is null or ${quizAttempts.deadline} >= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: quizAttempts.id });
  if (!saved) return { ok: false, reason: "attempt_closed" };
  return { ok: true, practice: false, savedAt: now };
}

// ── Submitting ─────────────────────────────────────────────────────────────────────────────────────────────

export type SubmittedAttempt = {
  id: string;
  scorePercent: number;
  passed: boolean;
  submittedAt: Date;
  practice: boolean;
  /**
   * Each question marked right or wrong when the quiz marks questions, with the right answers only when its
   * setting reveals them for this attempt (grading.ts, reviewLevel).
   */
  review?: ReviewItem[];
};

function reviewIfAllowed(
  settings: QuizSettings,
  snapshot: AttemptSnapshot,
  answers: readonly Answer[],
  passed: boolean,
  locale: Locale,
): ReviewItem[] | undefined {
  const level = reviewLevel(settings, { submitted: true, passed });
  if (level === "none") return undefined;
  return reviewOf(snapshot, answers, level === "answers", locale);
}

/** Who sends a submit, for the practice's limits: the address the server saw (app/lib/client-address.ts). */
export type SubmitOptions = { now?: Date; clientAddress?: string };

/**
 * Grades a practice against the quiz's current bank (decision 051, hardened by issue 43, items 1 and 3). A
 * practice must give away no more than a real attempt would, so:
 *  - only someone who does not hold the course practises (who holds it records, and `practice_unavailable`);
 *  - only a complete submission is graded: it names exactly as many distinct questions of the live bank as an
 *    attempt draws (unanswered ones with no options or text), so no single question can be graded alone
 *    (`practice_incomplete`);
 *  - the review follows the quiz's reveal setting, as a real attempt's does;
 *  - a free-preview practice is limited per account and per address (RATE_LIMITS.quizPractice*), so the
 *    score cannot be asked for answer by answer at will. The course's trainer and admins, who may read the
 *    answers anyway, are not limited.
 * Nothing is stored but the limits' counters, and no lesson completes.
 */
async function submitPractice(
  db: Database,
  viewer: Viewer,
  where: { courseId: number; lessonId: number },
  answers: readonly Answer[],
  locale: Locale,
  { now = new Date(), clientAddress = "unknown" }: SubmitOptions,
): Promise<{ ok: true; attempt: SubmittedAttempt } | AttemptRefusal> {
  const quiz = await quizFor(db, viewer, where.courseId, where.lessonId);
  if (quiz.refusal) return quiz.refusal;
  if (quiz.mode === "record") return { ok: false, reason: "practice_unavailable" };
  const bank = await liveBank(db, where.lessonId);
  if (bank.length === 0) return { ok: false, reason: "quiz_empty" };
  const named = new Set(answers.map((answer) => answer.questionId));
  const graded = bank.filter((question) => named.has(String(question.id)));
  if (!isCompletePractice(named.size, graded.length, bank.length, quiz.settings.drawCount))
    return { ok: false, reason: "practice_incomplete" };
  if (quiz.preview) {
    const limit = await hitRateLimits(db, [
      { key: `quiz-practice:ip:${clientAddress}`, rule: RATE_LIMITS.quizPracticePerAddress },
      ...(viewer
        ? [{ key: `quiz-practice:user:${viewer.id}`, rule: RATE_LIMITS.quizPracticePerAccount }]
        : []),
    ]);
    if (!limit.allowed)
      return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  }
  const snapshot = snapshotOf(graded, { drawCount: null, shuffle: false }, cryptoRandom);
  const result = gradeSnapshot(snapshot, answers);
  const passed = passes(result.scorePercent, quiz.settings.passPercent);
  // A free preview's practice marks no question unless its answers are revealed anyway: it repeats as often
  // as the rate limits allow, for people who hold nothing, so marks would answer the quiz question by question
  // in a few tries (a real attempt's marks are bounded by its attempts and its enrollment).
  const settings = quiz.preview ? { ...quiz.settings, markQuestions: false } : quiz.settings;
  const review = reviewIfAllowed(settings, snapshot, answers, passed, locale);
  return {
    ok: true,
    attempt: {
      id: practiceAttemptId(where.courseId, where.lessonId),
      scorePercent: result.scorePercent,
      passed,
      submittedAt: now,
      practice: true,
      ...(review ? { review } : {}),
    },
  };
}

/**
 * Submits and grades an attempt, once. The row is locked and the update is conditional on
 * `submitted_at is null`, so a double click, a retry or two tabs grade it once and every later submit answers
 * the stored result. In time (by the deadline plus its grace) the answers the submit brings count over those
 * saved; later, only what was saved (before the deadline) counts. A pass completes the lesson in the same
 * transaction; a later failed attempt never un-completes it.
 */
export async function submitAttempt(
  db: Database,
  viewer: Viewer,
  attemptId: string,
  answers: readonly Answer[] | undefined,
  locale: Locale,
  options: SubmitOptions = {},
): Promise<{ ok: true; attempt: SubmittedAttempt } | AttemptRefusal> {
  const { now = new Date() } = options;
  const practice = parsePracticeId(attemptId);
  if (practice) return submitPractice(db, viewer, practice, answers ?? [], locale, options);
  if (!viewer) return { ok: false, reason: "sign_in" };
  if (!UUID.test(attemptId)) return { ok: false, reason: "not_found" };
  let completedCourseId: number | null = null;
  const outcome = await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, viewer.id)))
      .for("update");
    if (!attempt) return { ok: false, reason: "not_found" } as AttemptRefusal;
    const quiz = await recordingQuizOf(tx, viewer, attempt.lessonId, { lockEnrollment: true });
    if ("refusal" in quiz) return quiz.refusal;
    const { settings } = quiz;
    if (attempt.submittedAt) {
      const passed = attempt.passed ?? false;
      const review = reviewIfAllowed(settings, attempt.questions, attempt.answers, passed, locale);
      return {
        ok: true as const,
        attempt: {
          id: attempt.id,
          scorePercent: attempt.scorePercent ?? 0,
          passed,
          submittedAt: attempt.submittedAt,
          practice: false,
          ...(review ? { review } : {}),
        },
      };
    }
    const counted = answersCountedAt(attempt.deadline, now);
    const final: AttemptAnswers =
      counted.use === "submitted" && answers
        ? keepAnswers(attempt.questions, [...answers, ...attempt.answers])
        : attempt.answers;
    const result = gradeSnapshot(attempt.questions, final);
    const passed = passes(result.scorePercent, settings.passPercent);
    const [row] = await tx
      .update(quizAttempts)
      .set({
        submittedAt: now,
        answers: final,
        earnedUnits: result.earnedUnits,
        possibleUnits: result.possibleUnits,
        scorePercent: result.scorePercent,
        passed,
      })
      .where(and(eq(quizAttempts.id, attemptId), isNull(quizAttempts.submittedAt)))
      .returning({ id: quizAttempts.id });
    if (!row) throw new Error("submitAttempt: the locked attempt was submitted under its lock");
    if (passed) {
      const [lesson] = await tx
        .select({ courseId: lessons.courseId })
        .from(lessons)
        .where(eq(lessons.id, attempt.lessonId));
      if (lesson) completedCourseId = lesson.courseId;
      if (lesson)
        await tx
          .insert(lessonProgress)
          .values({
            userId: viewer.id,
            lessonId: attempt.lessonId,
            courseId: lesson.courseId,
            completedAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [lessonProgress.userId, lessonProgress.lessonId],
            set: {
              completedAt: sql`coalesce(${lessonProgress.completedAt}, ${now.toISOString()}::timestamptz)`,
              updatedAt: now,
            },
          });
    }
    const review = reviewIfAllowed(settings, attempt.questions, final, passed, locale);
    return {
      ok: true as const,
      attempt: {
        id: attempt.id,
        scorePercent: result.scorePercent,
        passed,
        submittedAt: now,
        practice: false,
        ...(review ? { review } : {}),
      },
    };
  });
  // A pass that completed the course's last lesson issues the certificate at once (issue 50), once the pass
  // committed; a certificate already held (an earlier pass, another tab) is left as it is.
  if (outcome.ok && completedCourseId !== null)
    await issueCertificateOnCompletion(db, viewer.id, completedCourseId);
  return outcome;
}

// ── Reading ────────────────────────────────────────────────────────────────────────────────────────────────

export type AttemptSummary = {
  id: string;
  number: number;
  startedAt: Date;
  deadline: Date | null;
  submittedAt: Date | null;
  scorePercent: number | null;
  passed: boolean | null;
};

export type AttemptList = {
  attempts: AttemptSummary[];
  /** The best submitted score, or null before any. */
  best: number | null;
  /** Attempts left, or null when unlimited (and for who only practises). */
  remaining: number | null;
  practice: boolean;
};

/** The viewer's attempts at a quiz lesson, oldest first, with their best score and what is left. */
export async function listAttempts(
  db: Database,
  viewer: Viewer,
  courseId: number,
  lessonId: number,
): Promise<{ ok: true; list: AttemptList } | AttemptRefusal> {
  const quiz = await quizFor(db, viewer, courseId, lessonId);
  if (quiz.refusal) return quiz.refusal;
  if (quiz.mode === "practice" || !viewer)
    return { ok: true, list: { attempts: [], best: null, remaining: null, practice: true } };
  const rows = await db
    .select({
      id: quizAttempts.id,
      number: quizAttempts.number,
      startedAt: quizAttempts.startedAt,
      deadline: quizAttempts.deadline,
      submittedAt: quizAttempts.submittedAt,
      scorePercent: quizAttempts.scorePercent,
      passed: quizAttempts.passed,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.lessonId, lessonId), eq(quizAttempts.userId, viewer.id)))
    .orderBy(asc(quizAttempts.number));
  const scores = rows.flatMap((row) =>
    row.submittedAt && row.scorePercent !== null ? [row.scorePercent] : [],
  );
  return {
    ok: true,
    list: {
      attempts: rows,
      best: scores.length ? Math.max(...scores) : null,
      remaining: attemptsRemaining(quiz.settings.maxAttempts, rows.length),
      practice: false,
    },
  };
}

export type LearnerAttempt = {
  id: string;
  lessonId: number;
  number: number;
  startedAt: Date;
  deadline: Date | null;
  submittedAt: Date | null;
  scorePercent: number | null;
  passed: boolean | null;
  questions: LearnerQuestion[];
  answers: AttemptAnswers;
  review?: ReviewItem[];
  /** Once submitted: the attempts the learner has left at this quiz, or null when unlimited. */
  remaining: number | null;
};

/**
 * One of the viewer's own attempts as the learner's page shows it: the questions without anything that
 * grades, the answers saved so far, and, once submitted, the result and the review when the setting allows.
 * Another user's attempt is not found.
 */
export async function getAttempt(
  db: Database,
  viewer: Viewer,
  attemptId: string,
  locale: Locale,
): Promise<{ ok: true; attempt: LearnerAttempt } | AttemptRefusal> {
  if (!viewer) return { ok: false, reason: "sign_in" };
  if (!UUID.test(attemptId)) return { ok: false, reason: "not_found" };
  const [attempt] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, viewer.id)));
  if (!attempt) return { ok: false, reason: "not_found" };
  const settings = await quizSettings(db, attempt.lessonId);
  if (!settings) return { ok: false, reason: "not_found" };
  const review = attempt.submittedAt
    ? reviewIfAllowed(settings, attempt.questions, attempt.answers, attempt.passed ?? false, locale)
    : undefined;
  const used =
    attempt.submittedAt && settings.maxAttempts > 0
      ? await db.$count(
          quizAttempts,
          and(eq(quizAttempts.lessonId, attempt.lessonId), eq(quizAttempts.userId, viewer.id)),
        )
      : 0;
  return {
    ok: true,
    attempt: {
      id: attempt.id,
      lessonId: attempt.lessonId,
      number: attempt.number,
      startedAt: attempt.startedAt,
      deadline: attempt.deadline,
      submittedAt: attempt.submittedAt,
      scorePercent: attempt.scorePercent,
      passed: attempt.passed,
      questions: learnerQuestions(attempt.questions, locale),
      answers: attempt.answers,
      ...(review ? { review } : {}),
      remaining: attemptsRemaining(settings.maxAttempts, used),
    },
  };
}
