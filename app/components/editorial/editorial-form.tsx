// The one editor form of posts and case studies, shared by "New …" and the editors: both languages, Markdown
// fields, status, and three submits — Save, Preview (renders without saving) and Reset. The kind's fields come
// from its EditorialFormConfig (app/editorial/form-values.ts). With JavaScript, leaving with unsaved changes
// asks first (the studio's guard).
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { EditorialFormConfig, FieldSpec } from "../../editorial/form-values";
import { useTranslation } from "../../i18n/use-translation";
import { ErrorSummary } from "../error-summary";
import { TextArea, TextField } from "../studio/fields";
import { UnsavedChangesDialog, UnsavedMarker, useUnsavedChanges } from "../studio/unsaved-changes";
import { PreviewPanel, StatusFields } from "./status-fields";

function Field({
  config,
  spec,
  values,
  errors,
}: {
  config: EditorialFormConfig;
  spec: FieldSpec;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("editorial");
  const arabic = spec.name.endsWith("Ar");
  const common = {
    id: `${config.idPrefix}-${arabic ? `${spec.name.slice(0, -2)}-ar` : spec.name}`,
    name: spec.name,
    label: t(`${config.ns}.${spec.name}`),
    hint: spec.hint ? t(spec.hint) : undefined,
    defaultValue: values[spec.name],
    error: errors[spec.name],
    dir: arabic ? "rtl" : "auto",
    lang: arabic ? "ar" : undefined,
  } as const;
  return spec.kind === "line" ? (
    <TextField {...common} maxLength={200} />
  ) : (
    <TextArea {...common} rows={spec.rows} />
  );
}

export function EditorialForm({
  config,
  values,
  errors,
  mode,
  formKey,
  previewed,
}: {
  config: EditorialFormConfig;
  values: Record<string, string>;
  errors: Record<string, string>;
  mode: "create" | "edit";
  formKey: string;
  /** A preview was just rendered: the typed text is still not saved. */
  previewed: boolean;
}) {
  const { t } = useTranslation("editorial");
  const formRef = useRef<HTMLFormElement>(null);
  const { dirty, blocker } = useUnsavedChanges(formRef);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    // The Preview submit cleared the guard; what it showed is still unsaved.
    if (previewed) formRef.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [previewed]);
  return (
    <Form
      method="post"
      ref={formRef}
      key={formKey}
      className="space-y-5"
      data-testid={config.testId}
      noValidate
    >
      {/* Takes the focus after a failed save, with and without JavaScript. */}
      {hasErrors ? <ErrorSummary answer={errors} message={errors.form ?? t("form.invalid")} /> : null}
      {config.rows.map((row) =>
        row.length === 1 && row[0] ? (
          <Field key={row[0].name} config={config} spec={row[0]} values={values} errors={errors} />
        ) : (
          <div key={row[0]?.name} className="grid gap-5 md:grid-cols-2">
            {row.map((spec) => (
              <Field key={spec.name} config={config} spec={spec} values={values} errors={errors} />
            ))}
          </div>
        ),
      )}
      <StatusFields
        idPrefix={config.idPrefix}
        status={values.status ?? "draft"}
        publishAt={values.publishAt ?? ""}
        errors={errors}
      />
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

/** What the Preview submit rendered for the kind's Markdown fields. */
export function EditorialPreview({
  config,
  title,
  preview,
}: {
  config: EditorialFormConfig;
  title: string;
  preview: Record<string, string>;
}) {
  const { t } = useTranslation("editorial");
  return (
    <PreviewPanel
      title={title}
      sections={config.markdown.map((key) => ({
        key,
        heading: t(`${config.ns}.${key}`),
        html: preview[key] ?? "",
        lang: key.endsWith("Ar") ? "ar" : undefined,
      }))}
    />
  );
}
