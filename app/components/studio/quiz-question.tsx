// One question's fields on the studio's quiz page, for an existing question and for "Add a question" alike:
// kind, bilingual prompt and explanation, points, partial credit, option rows (with blank rows to add),
// the true/false pair and short text's accepted answers. Without JavaScript every kind's fields are shown,
// each saying which kinds it is for; with it, only the chosen kind's.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { QuestionKind } from "../../quizzes/grading";
import { TextArea, TextField } from "./fields";

export type QuestionValues = Record<string, string>;

const KINDS: QuestionKind[] = ["single", "multiple", "true_false", "short_text"];
const box = "size-4 rounded border-ink/30 accent-coral-600";

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-field-error={id}>
      {error}
    </p>
  );
}

export function QuestionFields({
  prefix,
  values,
  errors,
  optionRows,
}: {
  /** Element ids start with it: `new-question`, `question-12`. */
  prefix: string;
  /** The form's field values as strings (`options.0.text`, `partialCredit: "on"`…). */
  values: QuestionValues;
  errors: Record<string, string>;
  optionRows: number;
}) {
  const { t } = useTranslation("studio");
  const [kind, setKind] = useState(values.kind || "single");
  const [hydrated, setHydrated] = useState(false);
  const kindSelect = useRef<HTMLSelectElement>(null);
  // The kind may have been chosen before the page's script ran: start from the select as it stands.
  useEffect(() => {
    if (kindSelect.current) setKind(kindSelect.current.value);
    setHydrated(true);
  }, []);
  // Hidden, not removed: what was typed for another kind is still there if the trainer switches back.
  const hiddenUnless = (...kinds: string[]) => hydrated && !kinds.includes(kind);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <div>
          <label htmlFor={`${prefix}-kind`} className="block font-semibold">
            {t("quiz.kind")}
          </label>
          <select
            ref={kindSelect}
            id={`${prefix}-kind`}
            name="kind"
            defaultValue={values.kind || "single"}
            onChange={(event) => setKind(event.target.value)}
            aria-invalid={errors.kind ? true : undefined}
            aria-describedby={errors.kind ? `${prefix}-kind-error` : undefined}
            className="mt-1 block w-full rounded-md border border-ink/20 bg-white px-3 py-2"
          >
            {KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`quiz.kinds.${option}`)}
              </option>
            ))}
          </select>
          <FieldError id={`${prefix}-kind`} error={errors.kind} />
        </div>
        <TextField
          id={`${prefix}-points`}
          name="points"
          label={t("quiz.points")}
          defaultValue={values.points ?? "1"}
          error={errors.points}
          inputMode="numeric"
          dir="ltr"
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <TextArea
          id={`${prefix}-prompt`}
          name="prompt"
          label={t("quiz.prompt")}
          hint={t("landing.markdownHint")}
          defaultValue={values.prompt ?? ""}
          error={errors.prompt}
          dir="auto"
          rows={3}
        />
        <TextArea
          id={`${prefix}-prompt-ar`}
          name="promptAr"
          label={t("quiz.promptAr")}
          defaultValue={values.promptAr ?? ""}
          error={errors.promptAr}
          dir="rtl"
          lang="ar"
          rows={3}
        />
      </div>

      <fieldset
        hidden={hiddenUnless("single", "multiple")}
        className="rounded-lg border border-ink/10 p-3"
        aria-describedby={`${prefix}-options-hint`}
      >
        <legend className="px-1 font-semibold">
          {t("quiz.options")}
          {hydrated ? null : <span className="ms-1 font-normal text-ink/70">{t("quiz.forChoice")}</span>}
        </legend>
        <p id={`${prefix}-options-hint`} className="text-xs text-ink/70">
          {t("quiz.optionsHint")}
        </p>
        <FieldError id={`${prefix}-options`} error={errors.options} />
        <ol className="mt-2 space-y-3">
          {Array.from({ length: optionRows }, (_, row) => {
            const id = `${prefix}-option-${row}`;
            const key = `options.${row}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions of a plain form.
              <li key={row} className="grid items-start gap-2 sm:grid-cols-[1fr_1fr_auto]">
                {values[`${key}.id`] ? (
                  <input type="hidden" name={`${key}.id`} value={values[`${key}.id`]} />
                ) : null}
                <TextField
                  id={`${id}-text`}
                  name={`${key}.text`}
                  label={t("quiz.optionText", { position: row + 1 })}
                  defaultValue={values[`${key}.text`] ?? ""}
                  error={errors[`${key}.text`]}
                  maxLength={1000}
                  dir="auto"
                />
                <TextField
                  id={`${id}-text-ar`}
                  name={`${key}.textAr`}
                  label={t("quiz.optionTextAr", { position: row + 1 })}
                  defaultValue={values[`${key}.textAr`] ?? ""}
                  error={errors[`${key}.textAr`]}
                  maxLength={1000}
                  dir="rtl"
                  lang="ar"
                />
                <label className="flex items-center gap-2 pt-2 sm:pt-9" htmlFor={`${id}-correct`}>
                  <input
                    id={`${id}-correct`}
                    type="checkbox"
                    name={`${key}.correct`}
                    defaultChecked={Boolean(values[`${key}.correct`])}
                    className={box}
                  />
                  {t("quiz.correct")}
                </label>
              </li>
            );
          })}
        </ol>
      </fieldset>

      <div hidden={hiddenUnless("multiple")}>
        <label className="flex items-center gap-2" htmlFor={`${prefix}-partial`}>
          <input
            id={`${prefix}-partial`}
            type="checkbox"
            name="partialCredit"
            defaultChecked={Boolean(values.partialCredit)}
            aria-describedby={`${prefix}-partial-hint`}
            className={box}
          />
          <span className="font-semibold">{t("quiz.partialCredit")}</span>
        </label>
        <p id={`${prefix}-partial-hint`} className="ms-6 text-xs text-ink/70">
          {t("quiz.partialCreditHint")}
        </p>
      </div>

      <fieldset
        hidden={hiddenUnless("true_false")}
        id={`${prefix}-true-false`}
        className="rounded-lg border border-ink/10 p-3"
        aria-describedby={errors.trueFalseCorrect ? `${prefix}-true-false-error` : undefined}
      >
        <legend className="px-1 font-semibold">
          {t("quiz.trueFalseCorrect")}
          {hydrated ? null : <span className="ms-1 font-normal text-ink/70">{t("quiz.forTrueFalse")}</span>}
        </legend>
        <div className="flex flex-wrap gap-6">
          {(["true", "false"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2" htmlFor={`${prefix}-${value}`}>
              <input
                id={`${prefix}-${value}`}
                type="radio"
                name="trueFalseCorrect"
                value={value}
                defaultChecked={values.trueFalseCorrect === value}
                className={box}
              />
              {t(`quiz.${value}`)}
            </label>
          ))}
        </div>
        <FieldError id={`${prefix}-true-false`} error={errors.trueFalseCorrect} />
      </fieldset>

      <div hidden={hiddenUnless("short_text")}>
        <TextArea
          id={`${prefix}-accepted`}
          name="acceptedAnswers"
          label={
            hydrated ? t("quiz.acceptedAnswers") : `${t("quiz.acceptedAnswers")} ${t("quiz.forShortText")}`
          }
          hint={t("quiz.acceptedAnswersHint")}
          defaultValue={values.acceptedAnswers ?? ""}
          error={errors.acceptedAnswers}
          dir="auto"
          rows={3}
        />
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <TextArea
          id={`${prefix}-explanation`}
          name="explanation"
          label={t("quiz.explanation")}
          hint={t("quiz.explanationHint")}
          defaultValue={values.explanation ?? ""}
          error={errors.explanation}
          dir="auto"
          rows={3}
        />
        <TextArea
          id={`${prefix}-explanation-ar`}
          name="explanationAr"
          label={t("quiz.explanationAr")}
          defaultValue={values.explanationAr ?? ""}
          error={errors.explanationAr}
          dir="rtl"
          lang="ar"
          rows={3}
        />
      </div>
    </div>
  );
}
