// The trainer's insight into a quiz (issue 32, item 7), free of the database: from submitted attempts'
// snapshots, answers and results, the pass rate, the average score, and per question the share answering
// correctly and the wrong option chosen most, or for a short-text question the wrong answers given most
// (issue 50, item 4), counted in the spelling grading compares (normalize.ts). Unit-tested in tests/unit/quiz-policy.test.ts; quizStats in
// quizzes.server.ts reads the attempts.
import { normalizeShortAnswer } from "./normalize";
import type { AttemptAnswers, AttemptSnapshot } from "./snapshot";

/** How many of a short-text question's most common wrong answers the statistics name. */
export const COMMON_WRONG_ANSWERS = 3;

export type QuestionStats = {
  questionId: string;
  /** Of the submitted attempts that drew the question, the whole percent that earned its full points. */
  percentCorrect: number;
  /** The option not correct that was chosen most often (a tie goes to the one chosen first), or null. */
  mostChosenWrongOptionId: string | null;
  /**
   * Short text: the wrong answers given most, most first (a tie goes to the one given first), each as first
   * typed with how many gave it in any spelling that grades the same; blank answers are not counted. Empty
   * for the other kinds.
   */
  commonWrongAnswers: { text: string; count: number }[];
};

export type QuizStats = {
  attempts: number;
  /** Whole percents of submitted attempts; 0 when there are none. */
  passRate: number;
  averageScore: number;
  questions: QuestionStats[];
};

/** Pure: the statistics of a quiz from its submitted attempts' snapshots, answers and results. */
export function statsOf(
  attempts: readonly {
    questions: AttemptSnapshot;
    answers: AttemptAnswers;
    scorePercent: number;
    passed: boolean;
    correctIds: ReadonlySet<string>;
  }[],
  bankOrder: readonly string[],
): QuizStats {
  const count = attempts.length;
  const perQuestion = new Map<
    string,
    {
      drawn: number;
      correct: number;
      wrong: Map<string, number>;
      /** Normalised wrong text → its first spelling and count, in the order first given. */
      wrongTexts: Map<string, { text: string; count: number }>;
    }
  >();
  for (const attempt of attempts) {
    const answers = new Map(attempt.answers.map((answer) => [answer.questionId, answer]));
    for (const question of attempt.questions) {
      const entry = perQuestion.get(question.id) ?? {
        drawn: 0,
        correct: 0,
        wrong: new Map(),
        wrongTexts: new Map(),
      };
      perQuestion.set(question.id, entry);
      entry.drawn += 1;
      const correct = attempt.correctIds.has(question.id);
      if (correct) entry.correct += 1;
      const wrongOptions = new Set(question.options.filter((option) => !option.correct).map((o) => o.id));
      for (const id of answers.get(question.id)?.optionIds ?? [])
        if (wrongOptions.has(id)) entry.wrong.set(id, (entry.wrong.get(id) ?? 0) + 1);
      const typed = answers.get(question.id)?.text;
      if (question.kind === "short_text" && !correct && typed !== undefined) {
        const key = normalizeShortAnswer(typed);
        if (key === "") continue;
        const seen = entry.wrongTexts.get(key);
        if (seen) seen.count += 1;
        else entry.wrongTexts.set(key, { text: typed.trim(), count: 1 });
      }
    }
  }
  const order = [...bankOrder, ...[...perQuestion.keys()].filter((id) => !bankOrder.includes(id))];
  return {
    attempts: count,
    passRate: count ? Math.floor((attempts.filter((a) => a.passed).length * 100) / count) : 0,
    averageScore: count ? Math.floor(attempts.reduce((sum, a) => sum + a.scorePercent, 0) / count) : 0,
    questions: order.map((questionId) => {
      const entry = perQuestion.get(questionId);
      let mostChosen: string | null = null;
      let most = 0;
      for (const [id, times] of entry?.wrong ?? []) {
        if (times > most) {
          most = times;
          mostChosen = id;
        }
      }
      return {
        questionId,
        percentCorrect: entry?.drawn ? Math.floor((entry.correct * 100) / entry.drawn) : 0,
        mostChosenWrongOptionId: mostChosen,
        // A stable sort keeps the first given ahead in a tie.
        commonWrongAnswers: [...(entry?.wrongTexts.values() ?? [])]
          .sort((a, b) => b.count - a.count)
          .slice(0, COMMON_WRONG_ANSWERS),
      };
    }),
  };
}
