// An attempt's questions as form fields (issue 32): radios for one answer, checkboxes for several, a text
// box for a short answer, each pre-filled with what was saved. Nothing here knows the answers:
// the page is built from the learner's view of the attempt (app/quizzes/snapshot.ts learnerQuestions).
import { useTranslation } from "../../i18n/use-translation";
import type { LearnerQuestion } from "../../quizzes/snapshot";
import { InlineText, inlineHtml, RichText } from "./quiz-html";

type Saved = { questionId: string; optionIds?: string[]; text?: string }[];

export function QuizQuestions({
  questions,
  saved,
  disabled = false,
}: {
  questions: LearnerQuestion[];
  saved: Saved;
  disabled?: boolean;
}) {
  const { t } = useTranslation("learning");
  const savedFor = new Map(saved.map((answer) => [answer.questionId, answer]));
  return (
    <ol className="space-y-6" data-testid="quiz-questions">
      {questions.map((question, index) => {
        const answer = savedFor.get(question.id);
        const field = `q-${question.id}`;
        const promptId = `prompt-${question.id}`;
        return (
          <li key={question.id} data-testid="quiz-question" data-kind={question.kind}>
            <fieldset
              aria-labelledby={promptId}
              disabled={disabled}
              className="rounded-xl border border-ink/10 bg-white p-5 shadow-sm"
            >
              <div className="flex items-baseline justify-between gap-3">
                <p className="text-sm font-semibold text-coral-700">
                  {t("quiz.questionNumber", { position: index + 1, total: questions.length })}
                </p>
                <p className="text-xs text-ink/70">{t("quiz.points", { count: question.points })}</p>
              </div>
              <RichText id={promptId} html={question.promptHtml} className="mt-2 font-semibold" />
              {question.kind === "short_text" ? (
                <div className="mt-3">
                  <label htmlFor={`answer-${question.id}`} className="text-sm font-semibold">
                    {t("quiz.yourAnswer")}
                  </label>
                  <input
                    id={`answer-${question.id}`}
                    name={field}
                    type="text"
                    dir="auto"
                    maxLength={500}
                    defaultValue={answer?.text ?? ""}
                    autoComplete="off"
                    className="mt-1 block w-full rounded-md border border-ink/20 px-3 py-2"
                    data-testid="short-answer"
                  />
                </div>
              ) : (
                <div className="mt-3 space-y-2">
                  {question.kind === "multiple" ? (
                    <p className="text-sm text-ink/70">{t("quiz.chooseAll")}</p>
                  ) : null}
                  {(question.options ?? []).map((option) => {
                    const id = `option-${question.id}-${option.id}`;
                    const inline = inlineHtml(option.html);
                    const input = (
                      <input
                        key={id}
                        id={id}
                        type={question.kind === "multiple" ? "checkbox" : "radio"}
                        name={field}
                        value={option.id}
                        defaultChecked={answer?.optionIds?.includes(option.id) ?? false}
                        aria-labelledby={inline === null ? `${id}-text` : undefined}
                        className="mt-1 size-4 shrink-0"
                        data-testid="quiz-option"
                      />
                    );
                    return inline !== null ? (
                      <label
                        key={option.id}
                        htmlFor={id}
                        className="flex cursor-pointer items-start gap-3 rounded-md border border-ink/10 px-3 py-2 hover:bg-sand"
                      >
                        {input}
                        <InlineText html={inline} />
                      </label>
                    ) : (
                      <div
                        key={option.id}
                        className="flex items-start gap-3 rounded-md border border-ink/10 px-3 py-2"
                      >
                        {input}
                        <RichText id={`${id}-text`} html={option.html} />
                      </div>
                    );
                  })}
                </div>
              )}
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}
