// Pieces shared by the log-in and sign-up forms: labelled inputs with their errors, the honeypot, the Google
// link, the submit button and the line that leads to the other form.
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";

export function AuthField({
  name,
  label,
  type = "text",
  autoComplete,
  defaultValue,
  error,
  hint,
  clearOn,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  /** Changes with every server answer; a password field empties itself then, with JavaScript too. */
  clearOn?: unknown;
}) {
  const id = `auth-${name}`;
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (type === "password" && clearOn && ref.current) ref.current.value = "";
  }, [clearOn, type]);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        dir={type === "email" ? "ltr" : undefined}
        className={`mt-1 block w-full rounded-md border px-3 py-2 ${error ? "border-red-600" : "border-ink/20"}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function AuthCard({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-md px-4 py-12">{children}</div>;
}

/** "Continue with Google" and the "or" under it; after signing in, Google sends the person to `redirectTo`. */
export function GoogleSignInLink({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation("auth");
  const localize = useLocalizePath();
  return (
    <>
      <a
        href={`/auth/google?${new URLSearchParams({ redirectTo: redirectTo || localize("/") })}`}
        className="flex w-full items-center justify-center gap-2 rounded-md border border-ink/20 px-4 py-3 font-semibold hover:bg-sand"
      >
        {t("google.continue")}
      </a>
      <p className="my-6 text-center text-sm text-ink/70">{t("google.or")}</p>
    </>
  );
}

/** Shows `busyLabel` and turns itself off while the form is being submitted. */
export function AuthSubmitButton({ label, busyLabel }: { label: string; busyLabel: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** "No account yet? Sign up" under one form, leading to the other one and keeping `redirectTo`. */
export function AuthSwitchLink({
  prompt,
  linkText,
  to,
  redirectTo,
}: {
  prompt: string;
  linkText: string;
  /** The other form's path, not yet localized. */
  to: string;
  redirectTo: string;
}) {
  const localize = useLocalizePath();
  const href = localize(to) + (redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "");
  return (
    <p className="mt-6 text-center text-sm">
      {prompt}{" "}
      <Link to={href} className="font-semibold text-coral-700 hover:underline">
        {linkText}
      </Link>
    </p>
  );
}
