// The studio's quiz page works one plain form at a time (settings, one question, a new question), while a
// quiz is saved whole (saveQuiz, QuizInput). This pure module turns one form's fields plus the quiz as it
// stands into the whole QuizInput candidate, and QuizInput's issue paths (`questions.3.options.1.text`) back
// into the form's field names, so a refused save keeps its errors beside the right field. Unit-tested in
// tests/unit/quiz-form.test.ts; app/routes/instructor-quiz.tsx uses it.
import type { QuestionKind } from "./grading";
import type { TrainerQuiz } from "./quizzes.server";

/** Blank option rows the page shows under a question's options, so a trainer without JavaScript can add. */
export const BLANK_OPTION_ROWS = 2;
/** Option rows of the "Add a question" form. */
export const NEW_QUESTION_OPTION_ROWS = 4;

/** The two options a true/false question is saved with; the page's radio says which one is correct. */
export const TRUE_FALSE_OPTIONS = [
  { value: "true", text: "True", textAr: "صح" },
  { value: "false", text: "False", textAr: "خطأ" },
] as const;

type Fields = Readonly<Record<string, string>>;
type TrainerQuestion = TrainerQuiz["questions"][number];

/** A question as QuizInput reads it, before validation. */
export type QuestionCandidate = {
  id?: number;
  kind: unknown;
  prompt: unknown;
  promptAr: unknown;
  points: unknown;
  partialCredit: boolean;
  explanation: unknown;
  explanationAr: unknown;
  options?: { id?: number; text: unknown; textAr: unknown; correct: boolean }[];
  acceptedAnswers?: string[];
};

export type QuizCandidate = {
  passPercent: unknown;
  maxAttempts: unknown;
  timeLimitMinutes: unknown;
  drawCount: unknown;
  shuffle: boolean;
  reveal: unknown;
  markQuestions: boolean;
  questions: QuestionCandidate[];
};

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * A typed whole number ("70", "٧٠", " 5 ") as a number; anything else is passed on as typed, so QuizInput
 * refuses it with its own message. `empty` is what an empty field means (null: none; undefined: missing).
 */
export function formNumber(value: string | undefined, empty: null | undefined): unknown {
  const typed = (value ?? "").replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf)).trim();
  if (typed === "") return empty;
  return /^\d{1,6}$/.test(typed) ? Number(typed) : typed;
}

const checked = (value: string | undefined) => value !== undefined && value !== "" && value !== "off";

/** An existing question as QuizInput takes it back: every id kept, so attempts and statistics still point at rows. */
export function questionOf(question: TrainerQuestion): QuestionCandidate {
  return {
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    promptAr: question.promptAr,
    points: question.points,
    partialCredit: question.partialCredit,
    explanation: question.explanation,
    explanationAr: question.explanationAr,
    ...(question.kind === "short_text"
      ? { acceptedAnswers: question.acceptedAnswers ?? [] }
      : {
          options: (question.options ?? []).map((option) => ({
            id: option.id,
            text: option.text,
            textAr: option.textAr,
            correct: option.correct,
          })),
        }),
  };
}

export function settingsOf(quiz: TrainerQuiz): Omit<QuizCandidate, "questions"> {
  return {
    passPercent: quiz.passPercent,
    maxAttempts: quiz.maxAttempts,
    timeLimitMinutes: quiz.timeLimitMinutes,
    drawCount: quiz.drawCount,
    shuffle: quiz.shuffle,
    reveal: quiz.reveal,
    markQuestions: quiz.markQuestions,
  };
}

/** The settings form's fields as QuizInput's settings. */
export function settingsFromForm(fields: Fields): Omit<QuizCandidate, "questions"> {
  return {
    passPercent: formNumber(fields.passPercent, undefined),
    maxAttempts: formNumber(fields.maxAttempts, undefined),
    timeLimitMinutes: formNumber(fields.timeLimitMinutes, null),
    drawCount: formNumber(fields.drawCount, null),
    shuffle: checked(fields.shuffle),
    reveal: fields.reveal,
    markQuestions: checked(fields.markQuestions),
  };
}

/** The option rows a question form sent (`options.N.text`…), in row order. */
function optionRows(fields: Fields): number[] {
  const rows = new Set<number>();
  for (const key of Object.keys(fields)) {
    const match = /^options\.(\d{1,2})\./.exec(key);
    if (match) rows.add(Number(match[1]));
  }
  return [...rows].sort((a, b) => a - b);
}

/**
 * One question form as a QuizInput question, and for each of its options the form row it came from. Rows
 * with no text in either language (and not ticked correct) are left out: the blank rows, and options the
 * trainer cleared to remove them. A true/false question gets its two options here, keeping the ids of the
 * question's current ones; a short-text one its accepted answers, one a line.
 */
export function questionFromForm(
  fields: Fields,
  current?: TrainerQuestion,
): { question: QuestionCandidate; rows: number[] } {
  const kind = fields.kind as QuestionKind | undefined;
  const question: QuestionCandidate = {
    ...(current ? { id: current.id } : {}),
    kind: fields.kind,
    prompt: fields.prompt ?? "",
    promptAr: fields.promptAr ?? "",
    points: formNumber(fields.points, undefined),
    partialCredit: checked(fields.partialCredit),
    explanation: fields.explanation ?? "",
    explanationAr: fields.explanationAr ?? "",
  };
  if (kind === "short_text") {
    question.acceptedAnswers = (fields.acceptedAnswers ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "");
    return { question, rows: [] };
  }
  if (kind === "true_false") {
    const keep = current?.kind === "true_false" && current.options?.length === 2 ? current.options : null;
    question.options = TRUE_FALSE_OPTIONS.map((option, index) => ({
      ...(keep?.[index] ? { id: keep[index].id } : {}),
      text: option.text,
      textAr: option.textAr,
      correct: fields.trueFalseCorrect === option.value,
    }));
    return { question, rows: [] };
  }
  const ownIds = new Map((current?.options ?? []).map((option) => [option.id, option]));
  const rows: number[] = [];
  question.options = [];
  for (const row of optionRows(fields)) {
    const text = (fields[`options.${row}.text`] ?? "").trim();
    const textAr = (fields[`options.${row}.textAr`] ?? "").trim();
    const correct = checked(fields[`options.${row}.correct`]);
    if (text === "" && textAr === "" && !correct) continue;
    const id = Number(fields[`options.${row}.id`]);
    // Only an id of this question's own options is kept; anything else is a new option.
    question.options.push({ ...(ownIds.has(id) ? { id } : {}), text, textAr, correct });
    rows.push(row);
  }
  return { question, rows };
}

export type QuizChange =
  | { intent: "saveSettings"; fields: Fields }
  | { intent: "addQuestion"; fields: Fields }
  | { intent: "saveQuestion"; questionId: number; fields: Fields }
  | { intent: "deleteQuestion"; questionId: number }
  | { intent: "moveQuestion"; questionId: number; direction: "up" | "down" };

export type QuizEdit = {
  candidate: QuizCandidate;
  /** The index in `candidate.questions` of the question the form edits, if any. */
  index: number | null;
  /** For that question, the form row of each option. */
  rows: number[];
};

/** The whole quiz after one form's change, or null when the form names a question the quiz does not have. */
export function applyChange(quiz: TrainerQuiz, change: QuizChange): QuizEdit | null {
  const questions = quiz.questions.map(questionOf);
  const settings = change.intent === "saveSettings" ? settingsFromForm(change.fields) : settingsOf(quiz);
  if (change.intent === "saveSettings" || change.intent === "addQuestion") {
    if (change.intent === "saveSettings")
      return { candidate: { ...settings, questions }, index: null, rows: [] };
    const { question, rows } = questionFromForm(change.fields);
    return { candidate: { ...settings, questions: [...questions, question] }, index: questions.length, rows };
  }
  const index = quiz.questions.findIndex((question) => question.id === change.questionId);
  const current = quiz.questions[index];
  if (!current) return null;
  if (change.intent === "deleteQuestion")
    return {
      candidate: { ...settings, questions: questions.filter((_, i) => i !== index) },
      index: null,
      rows: [],
    };
  if (change.intent === "moveQuestion") {
    const target = change.direction === "up" ? index - 1 : index + 1;
    const moved = [...questions];
    const [question] = moved.splice(index, 1);
    if (question) moved.splice(Math.max(0, Math.min(target, moved.length)), 0, question);
    return { candidate: { ...settings, questions: moved }, index: null, rows: [] };
  }
  const { question, rows } = questionFromForm(change.fields, current);
  const replaced = [...questions];
  replaced[index] = question;
  return { candidate: { ...settings, questions: replaced }, index, rows };
}

export type MappedIssues = {
  /** Keyed by the form's field names (`prompt`, `options.2.text`, `options`, `acceptedAnswers`, `passPercent`). */
  fieldErrors: Record<string, string>;
  /** Issues no field of the submitted form holds (the bank as a whole, another question). */
  formErrors: string[];
};

const SETTINGS = new Set([
  "passPercent",
  "maxAttempts",
  "timeLimitMinutes",
  "drawCount",
  "shuffle",
  "reveal",
  "markQuestions",
]);

/**
 * QuizInput's issues as the submitted form's fields. The message (a key of the `studio` namespace) is
 * passed through `translate`. A question's options map to their form rows; for true/false, `options` is
 * the radio pair, named `trueFalseCorrect`.
 */
export function issuesToFields(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  edit: Pick<QuizEdit, "index" | "rows"> & { kind?: unknown },
  translate: (key: string) => string,
): MappedIssues {
  const fieldErrors: Record<string, string> = {};
  const formErrors: string[] = [];
  for (const issue of issues) {
    const [head, index, field, optionIndex, optionField] = issue.path;
    let name: string | null = null;
    if (typeof head === "string" && SETTINGS.has(head) && issue.path.length === 1) name = head;
    else if (head === "questions" && index === edit.index && typeof field === "string") {
      if (field === "options" && typeof optionIndex === "number" && typeof optionField === "string")
        name =
          optionField === "id"
            ? "options"
            : `options.${edit.rows[optionIndex] ?? optionIndex}.${optionField}`;
      else if (field === "options") name = edit.kind === "true_false" ? "trueFalseCorrect" : "options";
      else if (field === "acceptedAnswers") name = "acceptedAnswers";
      else if (field !== "id") name = field;
    }
    const message = translate(issue.message);
    if (name === null) {
      if (!formErrors.includes(message)) formErrors.push(message);
    } else fieldErrors[name] ??= message;
  }
  return { fieldErrors, formErrors };
}
