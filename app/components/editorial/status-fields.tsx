// Draft / published / scheduled, with the publication date (read as UTC, as the label says).
import { useTranslation } from "../../i18n/use-translation";

const STATUSES = ["draft", "published", "scheduled"] as const;

export function StatusFields({
  idPrefix,
  status,
  publishAt,
  errors,
}: {
  idPrefix: string;
  status: string;
  publishAt: string;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("editorial");
  return (
    <fieldset className="min-w-0 rounded-md border border-ink/15 p-4" data-testid="status-fields">
      <legend className="px-1 font-semibold">{t("status.legend")}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {STATUSES.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="status"
              value={value}
              defaultChecked={status === value}
              data-testid={`status-${value}`}
            />
            {t(`status.${value}`)}
          </label>
        ))}
      </div>
      {errors.status ? (
        <p className="mt-1 text-sm text-red-700" data-field-error={`${idPrefix}-status`}>
          {errors.status}
        </p>
      ) : null}
      <div className="mt-4">
        <label htmlFor={`${idPrefix}-publish-at`} className="block text-sm font-semibold">
          {t("status.publishAt")}
        </label>
        <input
          id={`${idPrefix}-publish-at`}
          name="publishAt"
          type="datetime-local"
          defaultValue={publishAt}
          dir="ltr"
          aria-invalid={errors.publishAt ? true : undefined}
          aria-describedby={`${idPrefix}-publish-at-hint${errors.publishAt ? ` ${idPrefix}-publish-at-error` : ""}`}
          className={`mt-1 block w-full max-w-xs rounded-md border px-3 py-2 ${errors.publishAt ? "border-red-600" : "border-ink/20"}`}
        />
        <p id={`${idPrefix}-publish-at-hint`} className="mt-1 text-xs text-ink/70">
          {t("status.publishAtHint")}
        </p>
        {errors.publishAt ? (
          <p
            id={`${idPrefix}-publish-at-error`}
            className="mt-1 text-sm text-red-700"
            data-field-error={`${idPrefix}-publish-at`}
          >
            {errors.publishAt}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The badge lists and editors show: a scheduled item's date comes with it. */
export function StatusBadge({ status, dateLabel }: { status: string; dateLabel?: string | null }) {
  const { t } = useTranslation("editorial");
  const tone =
    status === "published"
      ? "bg-teal/15 text-teal-700"
      : status === "scheduled"
        ? "bg-sky-100 text-sky-900"
        : "bg-amber-200 text-ink";
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-bold ${tone}`} data-testid="item-status">
      {t(`status.${status}`)}
      {status === "scheduled" && dateLabel ? ` · ${dateLabel}` : ""}
    </span>
  );
}

/** What the Preview submit rendered: the typed Markdown as it would be saved, nothing stored. */
export function PreviewPanel({
  title,
  sections,
}: {
  title: string;
  sections: { key: string; heading: string; html: string; lang?: string }[];
}) {
  const { t } = useTranslation("editorial");
  return (
    <section
      aria-labelledby="preview-heading"
      className="rounded-xl border-2 border-dashed border-coral-500 bg-white p-6"
      data-testid="preview"
    >
      <h2 id="preview-heading" className="text-sm font-bold uppercase tracking-wide text-coral-700">
        {t("preview.heading")}
      </h2>
      <p className="mt-1 text-xs text-ink/70">{t("preview.notSaved")}</p>
      <p className="mt-4 text-2xl font-bold" dir="auto">
        {title}
      </p>
      {sections
        .filter((section) => section.html)
        .map((section) => (
          <div key={section.key} className="mt-5" lang={section.lang}>
            <h3 className="text-sm font-semibold text-ink/70">{section.heading}</h3>
            <div
              className="rich-text mt-2"
              data-testid={`preview-${section.key}`}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized by markdown.server.ts.
              dangerouslySetInnerHTML={{ __html: section.html }}
            />
          </div>
        ))}
    </section>
  );
}
