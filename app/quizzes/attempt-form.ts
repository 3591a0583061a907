// An attempt's answers as a plain form posts them (issue 32: a quiz works without JavaScript). One field
// per question, `q-<questionId>`: a radio's option id (single choice, true/false), every checked box's option
// id (multiple choice), or the typed text (short text). Which ids count is the attempt's snapshot's to say
// (snapshot.ts keepAnswers); this only reads the form. Unit-tested in tests/unit/quiz-attempt-form.test.ts.

import { MAX_ANSWER_TEXT } from "./attempt-inputs";
import type { Answer, QuestionKind } from "./grading";
import { MAX_QUESTIONS } from "./inputs";

export const answerField = (questionId: string) => `q-${questionId}`;

/** The answers a form carries for the attempt's questions, in their order; unanswered questions are left out. */
export function answersFromForm(
  form: { getAll(name: string): unknown[] },
  questions: readonly { id: string; kind: QuestionKind }[],
): Answer[] {
  return questions.flatMap((question): Answer[] => {
    const values = form
      .getAll(answerField(question.id))
      .filter((value): value is string => typeof value === "string");
    if (question.kind === "short_text") {
      const text = (values[0] ?? "").slice(0, MAX_ANSWER_TEXT);
      return text.trim() ? [{ questionId: question.id, text }] : [];
    }
    const optionIds = [...new Set(values.filter((value) => /^[1-9]\d{0,9}$/.test(value)))];
    if (optionIds.length === 0) return [];
    return [
      {
        questionId: question.id,
        optionIds: question.kind === "multiple" ? optionIds : optionIds.slice(0, 1),
      },
    ];
  });
}

const SHOWN = /^([1-9]\d{0,9}):(single|multiple|true_false|short_text)$/;

/**
 * The questions a practice page showed, as its form posts them: a `shown` field per question, "id:kind", so
 * the unanswered ones are graded as such. At most an attempt's size; malformed values are left out.
 */
export function shownQuestionsFromForm(form: {
  getAll(name: string): unknown[];
}): { id: string; kind: QuestionKind }[] {
  return form
    .getAll("shown")
    .slice(0, MAX_QUESTIONS)
    .flatMap((value) => {
      const match = typeof value === "string" ? SHOWN.exec(value) : null;
      return match ? [{ id: match[1] as string, kind: match[2] as QuestionKind }] : [];
    });
}

/** Every shown question answered: those the form left unanswered as empty answers (graded as wrong). */
export function practiceAnswersFromForm(
  form: { getAll(name: string): unknown[] },
  shown: readonly { id: string; kind: QuestionKind }[],
): { given: Answer[]; answers: Answer[] } {
  const given = answersFromForm(form, shown);
  const answered = new Set(given.map((answer) => answer.questionId));
  const blanks = shown
    .filter((question) => !answered.has(question.id))
    .map(
      (question): Answer =>
        question.kind === "short_text"
          ? { questionId: question.id, text: "" }
          : { questionId: question.id, optionIds: [] },
    );
  return { given, answers: [...given, ...blanks] };
}
