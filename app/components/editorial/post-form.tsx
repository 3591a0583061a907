// The blog post form, shared by "New post" and the post editor: both languages, Markdown bodies, status,
// and three submits — Save, Preview (renders without saving) and Reset. With JavaScript, leaving with
// unsaved changes asks first (the studio's guard).
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { PostFormValues } from "../../editorial/form-values";
import { useTranslation } from "../../i18n/use-translation";
import { ErrorSummary } from "../error-summary";
import { TextArea, TextField } from "../studio/fields";
import { UnsavedChangesDialog, UnsavedMarker, useUnsavedChanges } from "../studio/unsaved-changes";
import { StatusFields } from "./status-fields";

export function PostForm({
  values,
  errors,
  mode,
  formKey,
  previewed,
}: {
  values: PostFormValues;
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
    <Form method="post" ref={formRef} key={formKey} className="space-y-5" data-testid="post-form" noValidate>
      {/* Takes the focus after a failed save, with and without JavaScript. */}
      {hasErrors ? <ErrorSummary answer={errors} message={errors.form ?? t("form.invalid")} /> : null}
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          id="post-title"
          name="title"
          label={t("post.title")}
          defaultValue={values.title}
          error={errors.title}
          maxLength={200}
          dir="auto"
        />
        <TextField
          id="post-title-ar"
          name="titleAr"
          label={t("post.titleAr")}
          hint={t("form.arabicHint")}
          defaultValue={values.titleAr}
          error={errors.titleAr}
          maxLength={200}
          dir="rtl"
          lang="ar"
        />
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <TextArea
          id="post-excerpt"
          name="excerpt"
          label={t("post.excerpt")}
          hint={t("post.excerptHint")}
          defaultValue={values.excerpt}
          error={errors.excerpt}
          rows={3}
          dir="auto"
        />
        <TextArea
          id="post-excerpt-ar"
          name="excerptAr"
          label={t("post.excerptAr")}
          defaultValue={values.excerptAr}
          error={errors.excerptAr}
          rows={3}
          dir="rtl"
          lang="ar"
        />
      </div>
      <TextArea
        id="post-body"
        name="body"
        label={t("post.body")}
        hint={t("form.markdownHint")}
        defaultValue={values.body}
        error={errors.body}
        rows={14}
        dir="auto"
      />
      <TextArea
        id="post-body-ar"
        name="bodyAr"
        label={t("post.bodyAr")}
        defaultValue={values.bodyAr}
        error={errors.bodyAr}
        rows={14}
        dir="rtl"
        lang="ar"
      />
      <StatusFields idPrefix="post" status={values.status} publishAt={values.publishAt} errors={errors} />
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
