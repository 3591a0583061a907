// Pieces shared by the log-in and sign-up forms: labelled inputs with their errors, and the honeypot.
import { type ReactNode, useEffect, useRef } from "react";

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
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink/60">
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

/** Hidden from people and assistive technology; bots that fill it are turned away. */
export function Honeypot({ label }: { label: string }) {
  return (
    <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="auth-website">{label}</label>
      <input id="auth-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md bg-red-50 px-4 py-3 text-sm font-semibold text-red-700"
      data-testid="form-error"
    >
      {children}
    </p>
  );
}

export function AuthCard({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-md px-4 py-12">{children}</div>;
}
