// What a quiz lesson's page shows before an attempt (issue 32): the rules of the quiz as a learner needs
// them, their attempts so far with the best score and what is left, and the attempt still open, if any.
import { and, count, eq, isNull } from "drizzle-orm";
import type { Viewer } from "../access/roles";
import type { Database } from "../db/client.server";
import { quizQuestions } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { type AttemptList, type AttemptRefusal, listAttempts } from "./attempts.server";
import { answersInTime } from "./grading";
import { MAX_QUESTIONS } from "./inputs";
import { liveBank, quizSettings } from "./quizzes.server";
import { type AttemptSnapshot, type LearnerQuestion, learnerQuestions } from "./snapshot";

export type QuizOverview = {
  passPercent: number;
  /** 0 means unlimited. */
  maxAttempts: number;
  timeLimitMinutes: number | null;
  /** How many questions an attempt shows: the draw count, or the whole bank. */
  questionCount: number;
  list: AttemptList;
  /** The learner's attempt that may still be answered: not submitted, and its deadline not passed. */
  openAttemptId: string | null;
};

export async function quizOverview(
  db: Database,
  viewer: Viewer,
  courseId: number,
  lessonId: number,
  now = new Date(),
): Promise<{ ok: true; overview: QuizOverview } | AttemptRefusal> {
  const listed = await listAttempts(db, viewer, courseId, lessonId);
  if (!listed.ok) return listed;
  const [settings, [bank]] = await Promise.all([
    quizSettings(db, lessonId),
    db
      .select({ n: count() })
      .from(quizQuestions)
      .where(and(eq(quizQuestions.lessonId, lessonId), isNull(quizQuestions.archivedAt))),
  ]);
  if (!settings) return { ok: false, reason: "not_a_quiz" };
  const bankSize = bank?.n ?? 0;
  const open = listed.list.attempts.find(
    (attempt) => attempt.submittedAt === null && answersInTime(attempt.deadline, now),
  );
  return {
    ok: true,
    overview: {
      passPercent: settings.passPercent,
      maxAttempts: settings.maxAttempts,
      timeLimitMinutes: settings.timeLimitMinutes,
      questionCount: Math.min(settings.drawCount ?? bankSize, bankSize),
      list: listed.list,
      openAttemptId: open?.id ?? null,
    },
  };
}

/**
 * The questions a practice showed, by id, as a learner sees them (nothing that grades), for its result
 * page: a practice is stored nowhere, so its page names them. Ids not of this quiz's live bank are dropped.
 */
export async function practiceQuestions(
  db: Database,
  lessonId: number,
  questionIds: readonly number[],
  locale: Locale,
): Promise<LearnerQuestion[]> {
  const bank = await liveBank(db, lessonId, questionIds.slice(0, MAX_QUESTIONS));
  const byId = new Map(bank.map((question) => [question.id, question]));
  const snapshot: AttemptSnapshot = questionIds.flatMap((id) => {
    const question = byId.get(id);
    if (!question) return [];
    return [
      {
        id: String(question.id),
        kind: question.kind,
        points: question.points,
        partialCredit: question.partialCredit,
        prompt: { en: question.promptHtml, ar: question.promptArHtml },
        promptSource: { en: question.prompt, ar: question.promptAr },
        explanation: null,
        options: question.options.map((option) => ({
          id: String(option.id),
          html: { en: option.textHtml, ar: option.textArHtml },
          source: { en: option.text, ar: option.textAr },
          correct: false,
        })),
        acceptedAnswers: [],
      },
    ];
  });
  return learnerQuestions(snapshot, locale);
}
