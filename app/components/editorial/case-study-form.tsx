// The case study form, shared by "New case study" and its editor: both languages, Markdown sections,
// status, and Save / Preview / Reset. With JavaScript, leaving with unsaved changes asks first.
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { CASE_MARKDOWN, type CaseStudyFormValues } from "../../editorial/form-values";
import { useTranslation } from "../../i18n/use-translation";
import { ErrorSummary } from "../error-summary";
import { TextArea, TextField } from "../studio/fields";
import { UnsavedChangesDialog, UnsavedMarker, useUnsavedChanges } from "../studio/unsaved-changes";
import { PreviewPanel, StatusFields } from "./status-fields";

const PAIRS = [
  { name: "title", kind: "line" },
  { name: "clientName", kind: "line" },
  { name: "sector", kind: "line" },
  { name: "problem", kind: "markdown" },
  { name: "strategy", kind: "markdown" },
  { name: "result", kind: "markdown" },
] as const;

export function CaseStudyForm({
  values,
  errors,
  mode,
  formKey,
  previewed,
}: {
  values: CaseStudyFormValues;
  errors: Record<string, string>;
  mode: "create" | "edit";
  formKey: string;
  previewed: boolean;
}) {
  const { t } = useTranslation("editorial");
  const formRef = useRef<HTMLFormElement>(null);
  const { dirty, blocker } = useUnsavedChanges(formRef);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (previewed) formRef.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [previewed]);
  return (
    <Form
      method="post"
      ref={formRef}
      key={formKey}
      className="space-y-5"
      data-testid="case-study-form"
      noValidate
    >
      {/* Takes the focus after a failed save, with and without JavaScript. */}
      {hasErrors ? <ErrorSummary answer={errors} message={errors.form ?? t("form.invalid")} /> : null}
      {PAIRS.map(({ name, kind }) => {
        const arabic = `${name}Ar` as const;
        const Field = kind === "line" ? TextField : TextArea;
        return (
          <div key={name} className="grid gap-5 md:grid-cols-2">
            <Field
              id={`case-${name}`}
              name={name}
              label={t(`caseStudy.${name}`)}
              hint={kind === "markdown" ? t("form.markdownHint") : undefined}
              defaultValue={values[name]}
              error={errors[name]}
              dir="auto"
              {...(kind === "markdown" ? { rows: 6 } : { maxLength: 200 })}
            />
            <Field
              id={`case-${name}-ar`}
              name={arabic}
              label={t(`caseStudy.${arabic}`)}
              defaultValue={values[arabic]}
              error={errors[arabic]}
              dir="rtl"
              lang="ar"
              {...(kind === "markdown" ? { rows: 6 } : { maxLength: 200 })}
            />
          </div>
        );
      })}
      <StatusFields idPrefix="case" status={values.status} publishAt={values.publishAt} errors={errors} />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          name="intent"
          value="save"
          disabled={busy}
          data-testid="save"
          className="rounded-md bg-coral-600 px-6 py-2.5 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
        >
          {mode === "create" ? t("form.create") : t("form.save")}
        </button>
        <button
          type="submit"
          name="intent"
          value="preview"
          disabled={busy}
          data-testid="preview-submit"
          className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-sand disabled:opacity-60"
        >
          {t("form.preview")}
        </button>
        <button
          type="reset"
          className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-sand"
          data-testid="reset"
        >
          {t("form.reset")}
        </button>
        <UnsavedMarker dirty={dirty} />
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}

/** What the Preview submit rendered for a case study's six Markdown sections. */
export function CaseStudyPreview({ title, preview }: { title: string; preview: Record<string, string> }) {
  const { t } = useTranslation("editorial");
  return (
    <PreviewPanel
      title={title}
      sections={CASE_MARKDOWN.map((key) => ({
        key,
        heading: t(`caseStudy.${key}`),
        html: preview[key] ?? "",
        lang: key.endsWith("Ar") ? "ar" : undefined,
      }))}
    />
  );
}
