// What an attempt keeps of the questions it drew (decision 051): enough to show them in either language and
// to grade them, whatever the trainer changes afterwards. Pure: the attempt module writes and reads it, and
// `learnerQuestions` and `reviewOf` are the one place that decides what a learner is shown of it.
import { type Answer, type ChoiceKind, gradeAttempt, type Question, type QuestionKind } from "./grading";

export type SnapshotText = { en: string; ar: string | null };

/**
 * The texts a question is shown with are its sanitized HTML (`prompt`, `explanation`, an option's `html`);
 * the `*Source`/`source` fields hold the Markdown they were rendered from, in both languages (issue 43). A
 * snapshot taken before the source was kept has none: see ./sources.server.ts for what an answer says then.
 */
export type SnapshotOption = { id: string; html: SnapshotText; source?: SnapshotText; correct: boolean };

export type SnapshotQuestion = {
  id: string;
  kind: QuestionKind;
  points: number;
  partialCredit: boolean;
  prompt: SnapshotText;
  promptSource?: SnapshotText;
  explanation: SnapshotText | null;
  explanationSource?: SnapshotText | null;
  /** Choice kinds: in this attempt's order. */
  options: SnapshotOption[];
  /** Short text only. */
  acceptedAnswers: string[];
};

export type AttemptSnapshot = SnapshotQuestion[];

/** The answers saved so far, one per question at most (the first one given wins, as in grading). */
export type AttemptAnswers = { questionId: string; optionIds?: string[]; text?: string }[];

/** The snapshot as grading.ts reads it. */
export function gradableQuestions(snapshot: AttemptSnapshot): Question[] {
  return snapshot.map((question) =>
    question.kind === "short_text"
      ? {
          id: question.id,
          kind: "short_text",
          points: question.points,
          acceptedAnswers: question.acceptedAnswers,
        }
      : {
          id: question.id,
          kind: question.kind as ChoiceKind,
          points: question.points,
          partialCredit: question.partialCredit,
          options: question.options.map((option) => ({ id: option.id, correct: option.correct })),
        },
  );
}

export function gradeSnapshot(snapshot: AttemptSnapshot, answers: readonly Answer[]) {
  return gradeAttempt(gradableQuestions(snapshot), answers);
}

/**
 * Keeps, of the answers sent, only those to questions of the attempt and options of those questions, one per
 * question, trimmed to what the kind takes: what a save stores, so a stored answer never names something the
 * attempt does not have.
 */
export function keepAnswers(snapshot: AttemptSnapshot, answers: readonly Answer[]): AttemptAnswers {
  const byId = new Map(snapshot.map((question) => [question.id, question]));
  const kept = new Map<string, AttemptAnswers[number]>();
  for (const answer of answers) {
    const question = byId.get(answer.questionId);
    if (!question || kept.has(question.id)) continue;
    if (question.kind === "short_text") {
      kept.set(question.id, { questionId: question.id, text: (answer.text ?? "").slice(0, 500) });
    } else {
      const known = new Set(question.options.map((option) => option.id));
      const chosen = [...new Set(answer.optionIds ?? [])].filter((id) => known.has(id));
      kept.set(question.id, {
        questionId: question.id,
        optionIds: question.kind === "multiple" ? chosen : chosen.slice(0, 1),
      });
    }
  }
  return [...kept.values()];
}

/**
 * A question as a learner sees it while answering: no `correct`, no accepted answers, no explanation. Each
 * text is its HTML and the Markdown it came from (null when the snapshot does not have it).
 */
export type LearnerQuestion = {
  id: string;
  kind: QuestionKind;
  points: number;
  promptHtml: string;
  prompt: string | null;
  options?: { id: string; html: string; text: string | null }[];
};

const inLocale = (text: SnapshotText, locale: "en" | "ar") =>
  locale === "ar" && text.ar ? text.ar : text.en;

/** The Markdown of the language `inLocale` shows `html` in: the source always matches the HTML beside it. */
export function sourceInLocale(
  html: SnapshotText,
  source: SnapshotText | null | undefined,
  locale: "en" | "ar",
): string | null {
  if (!source) return null;
  return locale === "ar" && html.ar ? source.ar : source.en;
}

/** The one function that turns a snapshot into what a learner is shown before review: nothing that grades. */
export function learnerQuestions(snapshot: AttemptSnapshot, locale: "en" | "ar"): LearnerQuestion[] {
  return snapshot.map((question) => ({
    id: question.id,
    kind: question.kind,
    points: question.points,
    promptHtml: inLocale(question.prompt, locale),
    prompt: sourceInLocale(question.prompt, question.promptSource, locale),
    ...(question.kind === "short_text"
      ? {}
      : {
          options: question.options.map((option) => ({
            id: option.id,
            html: inLocale(option.html, locale),
            text: sourceInLocale(option.html, option.source, locale),
          })),
        }),
  }));
}

export type ReviewItem = {
  questionId: string;
  correct: boolean;
  /** Points earned (hundredths, rounded down) of `possible`: a partly right answer earns some but is not correct. */
  earned: number;
  possible: number;
  correctOptionIds?: string[];
  acceptedAnswers?: string[];
  /** Both or neither: the explanation's HTML, and its Markdown (null when the snapshot does not have it). */
  explanationHtml?: string;
  explanation?: string | null;
};

/**
 * A submitted attempt's review: whether each answer was right, and, when `reveal` allows it, the right
 * options, the accepted answers and the explanation.
 */
export function reviewOf(
  snapshot: AttemptSnapshot,
  answers: readonly Answer[],
  reveal: boolean,
  locale: "en" | "ar",
): ReviewItem[] {
  const graded = gradeSnapshot(snapshot, answers);
  return snapshot.map((question, index) => {
    const result = graded.results[index];
    const item: ReviewItem = {
      questionId: question.id,
      correct: result?.correct ?? false,
      earned: result?.earned ?? 0,
      possible: result?.possible ?? question.points,
    };
    if (!reveal) return item;
    if (question.kind === "short_text") item.acceptedAnswers = [...question.acceptedAnswers];
    else
      item.correctOptionIds = question.options.filter((option) => option.correct).map((option) => option.id);
    if (question.explanation) {
      item.explanationHtml = inLocale(question.explanation, locale);
      item.explanation = sourceInLocale(question.explanation, question.explanationSource, locale);
    }
    return item;
  });
}
