// Two of /account's forms: changing the sign-in email (with the change waiting for its confirmation link, and
// a way to cancel it) and deleting the account. Both ask for the password (a Google-only account types its
// email to confirm a deletion instead) and work without JavaScript.
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { ErrorSummary, fieldErrorLinks } from "./error-summary";

type Answer = {
  fieldErrors: Record<string, string | undefined>;
  values?: Record<string, string | undefined>;
};

function Field({
  id,
  name,
  label,
  type,
  autoComplete,
  error,
  hint,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink/80">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        dir="ltr"
        autoComplete={autoComplete}
        maxLength={254}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1 block w-full rounded-md border px-3 py-2 ${error ? "border-red-600" : "border-ink/20"} focus:border-coral-500`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ChangeEmailSection({
  email,
  pending,
  hasPassword,
  answer,
}: {
  email: string;
  /** A change waiting for its link to be opened: the new address and when the link runs out. */
  pending: { email: string; until: string } | null;
  hasPassword: boolean;
  answer?: Answer;
}) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const errors = answer?.fieldErrors ?? {};
  return (
    <section className="mx-auto max-w-2xl px-4 pb-12" aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-2xl font-bold">
        {t("email.heading")}
      </h2>
      <p className="mt-2 text-ink/80">
        {t("email.current")} <strong dir="ltr">{email}</strong>
      </p>
      {pending ? (
        <div className="mt-4 rounded-md border border-teal-700/40 p-4" data-testid="pending-email">
          <h3 className="font-semibold">{t("email.pendingHeading")}</h3>
          <p className="mt-1 text-ink/80">
            {t("email.pendingUntil", { email: pending.email, date: pending.until })}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="cancelEmail" />
            <button
              type="submit"
              disabled={busy}
              className="rounded-md border border-ink/30 px-4 py-2 text-sm font-semibold hover:bg-ink/5 disabled:opacity-60"
            >
              {t("email.cancel")}
            </button>
          </Form>
        </div>
      ) : null}
      {hasPassword ? (
        <Form
          method="post"
          noValidate
          className="mt-6 space-y-5"
          aria-describedby={answer ? "email-form-error" : undefined}
        >
          <input type="hidden" name="intent" value="email" />
          {answer ? (
            <ErrorSummary
              id="email-form-error"
              answer={answer}
              message={t("email.failed")}
              fields={fieldErrorLinks(errors, "email-", ["newEmail", "currentPassword"])}
            />
          ) : null}
          <Field
            id="email-newEmail"
            name="newEmail"
            type="email"
            autoComplete="email"
            label={t("email.newEmail")}
            hint={t("email.hint")}
            defaultValue={answer?.values?.newEmail}
            error={errors.newEmail}
          />
          <Field
            id="email-currentPassword"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            label={t("settings.currentPassword")}
            error={errors.currentPassword}
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
          >
            {t("email.submit")}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-ink/80">{t("email.noPassword")}</p>
      )}
    </section>
  );
}

export function DeleteAccountSection({
  hasPassword,
  canDelete,
  walletBalance,
  answer,
}: {
  hasPassword: boolean;
  canDelete: boolean;
  walletBalance: string | null;
  answer?: Answer;
}) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const errors = answer?.fieldErrors ?? {};
  return (
    <section className="mx-auto max-w-2xl px-4 pb-16" aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="text-2xl font-bold">
        {t("deletion.heading")}
      </h2>
      <p className="mt-2 text-ink/80">{t("deletion.lead")}</p>
      <ul className="mt-3 list-disc space-y-1 ps-6 text-ink/80">
        <li>{t("deletion.removed")}</li>
        <li>{t("deletion.kept")}</li>
        <li>{t("deletion.certificates")}</li>
      </ul>
      {!canDelete ? (
        <p className="mt-4 font-semibold">{t("deletion.admin")}</p>
      ) : (
        <details className="mt-6 rounded-md border border-red-700/40 p-4" open={answer ? true : undefined}>
          <summary className="cursor-pointer font-semibold text-red-700">{t("deletion.open")}</summary>
          {walletBalance ? (
            <p className="mt-4 rounded-md bg-red-700/5 p-3" data-testid="deletion-balance">
              {t("deletion.balanceWarning", { amount: walletBalance })}
            </p>
          ) : null}
          <Form
            method="post"
            noValidate
            className="mt-4 space-y-5"
            aria-describedby={answer ? "delete-form-error" : undefined}
          >
            <input type="hidden" name="intent" value="delete" />
            {answer ? (
              <ErrorSummary
                id="delete-form-error"
                answer={answer}
                message={t("deletion.failed")}
                fields={fieldErrorLinks(errors, "delete-", ["confirmation"])}
              />
            ) : null}
            <Field
              id="delete-confirmation"
              name="confirmation"
              type={hasPassword ? "password" : "email"}
              autoComplete={hasPassword ? "current-password" : "off"}
              label={hasPassword ? t("settings.currentPassword") : t("deletion.typeEmail")}
              error={errors.confirmation}
            />
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-red-700 px-6 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              {t("deletion.submit")}
            </button>
          </Form>
        </details>
      )}
    </section>
  );
}
