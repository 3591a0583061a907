// The newsletter's sign-up form (issue 48, item 5): in the footer of every page, on the blog, and on
// /newsletter. A plain POST to /newsletter (works without JavaScript); its answer is the same whatever the
// address, and a confirmation mail does the rest. Its strings are in `common` (the footer is on every page).
import { Form } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { Honeypot } from "../honeypot";

export function NewsletterForm({
  id,
  tone = "light",
  error,
  defaultEmail,
  headingLevel = "h2",
}: {
  /** Unique on the page: the footer's and the blog's forms can both be there. */
  id: string;
  tone?: "light" | "dark";
  error?: string;
  defaultEmail?: string;
  headingLevel?: "h2" | "none";
}) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const dark = tone === "dark";
  return (
    <Form
      method="post"
      action={localize("/newsletter")}
      noValidate
      className="max-w-md"
      aria-labelledby={headingLevel === "none" ? undefined : `${id}-heading`}
      data-testid="newsletter-form"
    >
      {headingLevel === "h2" ? (
        <h2 id={`${id}-heading`} className={`font-semibold ${dark ? "text-sm text-white" : "text-lg"}`}>
          {t("newsletter.heading")}
        </h2>
      ) : null}
      <p className={`mt-1 text-sm ${dark ? "" : "text-ink/80"}`}>{t("newsletter.lead")}</p>
      <label htmlFor={`${id}-email`} className="mt-3 block text-sm font-semibold">
        {t("newsletter.email")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          required
          dir="ltr"
          defaultValue={defaultEmail}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`w-0 min-w-0 flex-1 rounded-md border px-3 py-2 ${dark ? "border-white/30 bg-white text-ink" : "border-ink/20"} ${error ? "border-red-600" : ""}`}
        />
        <button
          type="submit"
          className="rounded-md bg-coral-700 px-4 py-2 font-semibold text-white hover:bg-coral-800"
        >
          {t("newsletter.submit")}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-field-error="email">
          {error}
        </p>
      ) : null}
      <Honeypot id={`${id}-website`} label={t("newsletter.website")} />
    </Form>
  );
}
