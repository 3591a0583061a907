// A quiz lesson's settings and bank of questions, as its trainer saves and reads them (issue 32, items 3-4,
// decision 051), and what its attempts tell the trainer (item 7). Who may edit is the studio's rule
// (app/studio/policy.ts, canEditCourse); saves lock the course row as every curriculum change does, so a save
// and the studio's lesson edits of one course queue up. Markdown is rendered once here, on save.
import { and, asc, eq, inArray, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import { type Actor, canEditCourse, courseEditorAccess } from "../access/editing";
import type { Database, Queryable, Transaction } from "../db/client.server";
import {
  courses,
  lessons,
  type QuizOption,
  type QuizQuestion,
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizzes,
} from "../db/schema";
import { renderMarkdown } from "../lib/markdown.server";
import { isRowId } from "../lib/validation";
import { lockEditable } from "../studio/course-lock.server";
import type { QuestionKind, RevealPolicy } from "./grading";
import type { QuizInput } from "./inputs";
import { gradeSnapshot } from "./snapshot";
import { type QuizStats, statsOf } from "./stats";

export type QuizRefusal =
  | { ok: false; reason: "not_found" | "forbidden" | "not_a_quiz" }
  /** An id the body names that is not a live question of this quiz, or not an option of that question. */
  | { ok: false; reason: "unknown_id"; field: string };

export type QuizSettings = {
  passPercent: number;
  maxAttempts: number;
  timeLimitMinutes: number | null;
  drawCount: number | null;
  shuffle: boolean;
  reveal: RevealPolicy;
  markQuestions: boolean;
};

/** The settings of a quiz lesson whose row was never written: the table's defaults. */
export const DEFAULT_QUIZ_SETTINGS: QuizSettings = {
  passPercent: 70,
  maxAttempts: 0,
  timeLimitMinutes: null,
  drawCount: null,
  shuffle: false,
  reveal: "after_pass",
  markQuestions: true,
};

/**
 * The trainer's view of a quiz: everything, which options are correct and the accepted answers included.
 * Each text is the Markdown as typed and the HTML it was rendered to on save (as a course's description).
 */
export type TrainerQuiz = QuizSettings & {
  lessonId: number;
  courseId: number;
  questions: {
    id: number;
    kind: QuestionKind;
    prompt: string;
    promptAr: string | null;
    promptHtml: string;
    promptArHtml: string | null;
    points: number;
    partialCredit: boolean;
    explanation: string | null;
    explanationAr: string | null;
    explanationHtml: string | null;
    explanationArHtml: string | null;
    options?: {
      id: number;
      text: string;
      textAr: string | null;
      textHtml: string;
      textArHtml: string | null;
      correct: boolean;
    }[];
    acceptedAnswers?: string[];
  }[];
};

type QuizLesson = { id: number; courseId: number; kind: string };

async function findLesson(db: Queryable, lessonId: number): Promise<QuizLesson | null> {
  if (!isRowId(lessonId)) return null;
  const [lesson] = await db
    .select({ id: lessons.id, courseId: lessons.courseId, kind: lessons.kind })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  return lesson ?? null;
}

/** How the studio answers an actor who may not edit: another trainer learns nothing about a draft. */
function editRefusal(actor: Actor, course: { trainerId: string; isPublished: boolean } | null): QuizRefusal {
  return courseEditorAccess(actor, course) === "forbidden"
    ? { ok: false, reason: "forbidden" }
    : { ok: false, reason: "not_found" };
}

/**
 * The lesson's course, locked for the rest of the transaction by the studio's own lock (every curriculum
 * change takes it), once the actor may edit it and the lesson is a quiz. A lesson's kind never changes.
 */
async function lockQuizLesson(
  tx: Transaction,
  actor: Actor,
  lessonId: number,
): Promise<{ lesson: QuizLesson; refusal?: never } | { refusal: QuizRefusal }> {
  const lesson = await findLesson(tx, lessonId);
  if (!lesson) return { refusal: { ok: false, reason: "not_found" } };
  const locked = await lockEditable(tx, actor, lesson.courseId);
  if (locked.refusal)
    return {
      refusal: { ok: false, reason: locked.refusal.reason === "forbidden" ? "forbidden" : "not_found" },
    };
  // Read again under the lock: the lesson may have been deleted meanwhile.
  const current = await findLesson(tx, lessonId);
  if (!current) return { refusal: { ok: false, reason: "not_found" } };
  if (current.kind !== "quiz") return { refusal: { ok: false, reason: "not_a_quiz" } };
  return { lesson: current };
}

const renderOptional = (markdown: string | null | undefined) => (markdown ? renderMarkdown(markdown) : null);

/** Every id the body names belongs to this quiz: its live questions, and each option to its question. */
function unknownIdIn(
  input: QuizInput,
  live: Map<number, { options: Set<number> }>,
): { reason: "unknown_id"; field: string } | null {
  for (const [index, question] of input.questions.entries()) {
    const existing = question.id === undefined ? undefined : live.get(question.id);
    if (question.id !== undefined && !existing)
      return { reason: "unknown_id", field: `questions.${index}.id` };
    for (const [optionIndex, option] of (question.options ?? []).entries()) {
      if (option.id !== undefined && !existing?.options.has(option.id))
        return { reason: "unknown_id", field: `questions.${index}.options.${optionIndex}.id` };
    }
  }
  return null;
}

export type SaveQuizOutcome = { ok: true; quiz: TrainerQuiz } | QuizRefusal;

/**
 * Saves a quiz lesson's settings and its whole bank: questions and options named by id are updated, new ones
 * inserted, and questions left out are archived when the quiz has attempts (their statistics and past
 * attempts keep their meaning) or deleted when it has none. An id that is not this quiz's is refused and
 * nothing changes. Attempts already started keep their snapshot, so a save never changes one.
 */
export async function saveQuiz(
  db: Database,
  actor: Actor,
  lessonId: number,
  input: QuizInput,
  now = new Date(),
): Promise<SaveQuizOutcome> {
  const outcome = await db.transaction(async (tx): Promise<{ ok: true } | QuizRefusal> => {
    const locked = await lockQuizLesson(tx, actor, lessonId);
    if (locked.refusal) return locked.refusal;
    const settings = {
      passPercent: input.passPercent,
      maxAttempts: input.maxAttempts,
      timeLimitMinutes: input.timeLimitMinutes,
      drawCount: input.drawCount,
      shuffle: input.shuffle,
      reveal: input.reveal,
      markQuestions: input.markQuestions,
      updatedAt: now,
    };
    await tx
      .insert(quizzes)
      .values({ lessonId, ...settings })
      .onConflictDoUpdate({ target: quizzes.lessonId, set: settings });

    const liveQuestions = await tx
      .select({ id: quizQuestions.id })
      .from(quizQuestions)
      .where(and(eq(quizQuestions.lessonId, lessonId), isNull(quizQuestions.archivedAt)));
    const liveIds = liveQuestions.map((question) => question.id);
    const optionRows = liveIds.length
      ? await tx
          .select({ id: quizOptions.id, questionId: quizOptions.questionId })
          .from(quizOptions)
          .where(inArray(quizOptions.questionId, liveIds))
      : [];
    const live = new Map(liveIds.map((id) => [id, { options: new Set<number>() }]));
    for (const option of optionRows) live.get(option.questionId)?.options.add(option.id);
    const unknown = unknownIdIn(input, live);
    if (unknown) return { ok: false, ...unknown };

    const kept = new Set(
      input.questions.flatMap((question) => (question.id === undefined ? [] : [question.id])),
    );
    const removed = liveIds.filter((id) => !kept.has(id));
    if (removed.length > 0) {
      const [attempt] = await tx
        .select({ id: quizAttempts.id })
        .from(quizAttempts)
        .where(eq(quizAttempts.lessonId, lessonId))
        .limit(1);
      if (attempt)
        await tx.update(quizQuestions).set({ archivedAt: now }).where(inArray(quizQuestions.id, removed));
      else await tx.delete(quizQuestions).where(inArray(quizQuestions.id, removed));
    }

    for (const [index, question] of input.questions.entries()) {
      const fields = {
        position: index + 1,
        kind: question.kind,
        prompt: question.prompt,
        promptAr: question.promptAr,
        promptHtml: renderMarkdown(question.prompt),
        promptArHtml: renderOptional(question.promptAr),
        points: question.points,
        partialCredit: question.partialCredit,
        explanation: question.explanation,
        explanationAr: question.explanationAr,
        explanationHtml: renderOptional(question.explanation),
        explanationArHtml: renderOptional(question.explanationAr),
        acceptedAnswers: question.kind === "short_text" ? (question.acceptedAnswers ?? []) : [],
      };
      let questionId = question.id;
      if (questionId !== undefined) {
        await tx.update(quizQuestions).set(fields).where(eq(quizQuestions.id, questionId));
      } else {
        const [row] = await tx
          .insert(quizQuestions)
          .values({ lessonId, ...fields })
          .returning({ id: quizQuestions.id });
        questionId = row?.id;
      }
      if (questionId === undefined) throw new Error("saveQuiz: question not written");
      const options = question.kind === "short_text" ? [] : (question.options ?? []);
      const keptOptions = options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
      await tx
        .delete(quizOptions)
        .where(
          keptOptions.length
            ? and(eq(quizOptions.questionId, questionId), notInArray(quizOptions.id, keptOptions))
            : eq(quizOptions.questionId, questionId),
        );
      for (const [optionIndex, option] of options.entries()) {
        const optionFields = {
          position: optionIndex + 1,
          text: option.text,
          textAr: option.textAr,
          textHtml: renderMarkdown(option.text),
          textArHtml: renderOptional(option.textAr),
          correct: option.correct,
        };
        if (option.id !== undefined)
          await tx.update(quizOptions).set(optionFields).where(eq(quizOptions.id, option.id));
        else await tx.insert(quizOptions).values({ questionId, ...optionFields });
      }
    }
    await tx.update(courses).set({ updatedAt: now }).where(eq(courses.id, locked.lesson.courseId));
    return { ok: true };
  });
  if (!outcome.ok) return outcome;
  const quiz = await readQuiz(db, lessonId);
  if (!quiz) throw new Error("saveQuiz: the saved quiz vanished");
  return { ok: true, quiz };
}

/** A quiz lesson's settings (the defaults when its row was never written), or null for no quiz lesson. */
export async function quizSettings(db: Queryable, lessonId: number): Promise<QuizSettings | null> {
  const [row] = await db
    .select({ kind: lessons.kind, quiz: quizzes })
    .from(lessons)
    .leftJoin(quizzes, eq(quizzes.lessonId, lessons.id))
    .where(eq(lessons.id, lessonId));
  if (row?.kind !== "quiz") return null;
  if (!row.quiz) return { ...DEFAULT_QUIZ_SETTINGS };
  const { passPercent, maxAttempts, timeLimitMinutes, drawCount, shuffle, reveal, markQuestions } = row.quiz;
  return { passPercent, maxAttempts, timeLimitMinutes, drawCount, shuffle, reveal, markQuestions };
}

/** The live (not archived) questions of a quiz in the trainer's order, each with its options in order. */
export async function liveBank(
  db: Queryable,
  lessonId: number,
  questionIds?: readonly number[],
): Promise<(QuizQuestion & { options: QuizOption[] })[]> {
  const conditions = [eq(quizQuestions.lessonId, lessonId), isNull(quizQuestions.archivedAt)];
  if (questionIds) {
    if (questionIds.length === 0) return [];
    conditions.push(inArray(quizQuestions.id, [...questionIds]));
  }
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(and(...conditions))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  const ids = questions.map((question) => question.id);
  const options = ids.length
    ? await db
        .select()
        .from(quizOptions)
        .where(inArray(quizOptions.questionId, ids))
        .orderBy(asc(quizOptions.position), asc(quizOptions.id))
    : [];
  return questions.map((question) => ({
    ...question,
    options: options.filter((option) => option.questionId === question.id),
  }));
}

async function readQuiz(db: Queryable, lessonId: number): Promise<TrainerQuiz | null> {
  const lesson = await findLesson(db, lessonId);
  const settings = lesson ? await quizSettings(db, lessonId) : null;
  if (!lesson || !settings) return null;
  const bank = await liveBank(db, lessonId);
  return {
    lessonId,
    courseId: lesson.courseId,
    ...settings,
    questions: bank.map((question) => ({
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      promptAr: question.promptAr,
      promptHtml: question.promptHtml,
      promptArHtml: question.promptArHtml,
      points: question.points,
      partialCredit: question.partialCredit,
      explanation: question.explanation,
      explanationAr: question.explanationAr,
      explanationHtml: question.explanationHtml,
      explanationArHtml: question.explanationArHtml,
      ...(question.kind === "short_text"
        ? { acceptedAnswers: question.acceptedAnswers }
        : {
            options: question.options.map((option) => ({
              id: option.id,
              text: option.text,
              textAr: option.textAr,
              textHtml: option.textHtml,
              textArHtml: option.textArHtml,
              correct: option.correct,
            })),
          }),
    })),
  };
}

/** Whether the actor may edit the quiz lesson's course, and the lesson when they may. */
async function editableQuizLesson(
  db: Queryable,
  actor: Actor,
  lessonId: number,
): Promise<{ lesson: QuizLesson; refusal?: never } | { refusal: QuizRefusal }> {
  const lesson = await findLesson(db, lessonId);
  if (!lesson) return { refusal: { ok: false, reason: "not_found" } };
  const [course] = await db
    .select({ trainerId: courses.trainerId, isPublished: courses.isPublished })
    .from(courses)
    .where(eq(courses.id, lesson.courseId));
  if (!course || !canEditCourse(actor, course)) return { refusal: editRefusal(actor, course ?? null) };
  if (lesson.kind !== "quiz") return { refusal: { ok: false, reason: "not_a_quiz" } };
  return { lesson };
}

/** The trainer's view of a quiz, correct options included: only for who may edit its course. */
export async function getQuizForTrainer(
  db: Database,
  actor: Actor,
  lessonId: number,
): Promise<{ ok: true; quiz: TrainerQuiz } | QuizRefusal> {
  const allowed = await editableQuizLesson(db, actor, lessonId);
  if (allowed.refusal) return allowed.refusal;
  const quiz = await readQuiz(db, lessonId);
  if (!quiz) return { ok: false, reason: "not_found" };
  return { ok: true, quiz };
}

// ── Insight for trainers (issue 32, item 7) ──────────────────────────────────────────────────────────────

/**
 * A quiz's statistics for who may edit its course: attempts, pass rate and average score over the
 * submitted attempts, and per question (live ones in the bank's order, then archived ones that attempts
 * drew) the percent answering correctly and the wrong option chosen most often. Computed from each attempt's
 * own snapshot and answers, so an edit of the bank since does not rewrite history.
 */
export async function quizStats(
  db: Database,
  actor: Actor,
  lessonId: number,
): Promise<{ ok: true; stats: QuizStats } | QuizRefusal> {
  const allowed = await editableQuizLesson(db, actor, lessonId);
  if (allowed.refusal) return allowed.refusal;
  const [rows, bank] = await Promise.all([
    db
      .select({
        questions: quizAttempts.questions,
        answers: quizAttempts.answers,
        scorePercent: quizAttempts.scorePercent,
        passed: quizAttempts.passed,
      })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.lessonId, lessonId), isNotNull(quizAttempts.submittedAt))),
    liveBank(db, lessonId),
  ]);
  const attempts = rows.map((row) => {
    const graded = gradeSnapshot(row.questions, row.answers);
    return {
      questions: row.questions,
      answers: row.answers,
      scorePercent: row.scorePercent ?? 0,
      passed: row.passed ?? false,
      correctIds: new Set(graded.results.filter((r) => r.correct).map((r) => r.questionId)),
    };
  });
  return {
    ok: true,
    stats: statsOf(
      attempts,
      bank.map((question) => String(question.id)),
    ),
  };
}

/**
 * Each learner's best submitted score in each quiz lesson of a course, for the course's learners list:
 * `userId → lessonId → best percent`. The caller checks the viewer may see the list.
 */
export async function bestScoresByLearner(
  db: Queryable,
  courseId: number,
): Promise<Map<string, Map<number, { best: number; passed: boolean }>>> {
  const result = new Map<string, Map<number, { best: number; passed: boolean }>>();
  if (!isRowId(courseId)) return result;
  const rows = await db
    .select({
      userId: quizAttempts.userId,
      lessonId: quizAttempts.lessonId,
      best: sql<number>`max(${quizAttempts.scorePercent})::int`,
      passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
    })
    .from(quizAttempts)
    .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
    .where(and(eq(lessons.courseId, courseId), isNotNull(quizAttempts.submittedAt)))
    .groupBy(quizAttempts.userId, quizAttempts.lessonId);
  for (const row of rows) {
    const byLesson = result.get(row.userId) ?? new Map();
    byLesson.set(row.lessonId, { best: Number(row.best), passed: Boolean(row.passed) });
    result.set(row.userId, byLesson);
  }
  return result;
}
