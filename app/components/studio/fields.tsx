// Labelled studio inputs with their localized errors; the typed value comes back in defaultValue.
import type { ReactNode } from "react";

const inputClass = "mt-1 block w-full rounded-md border px-3 py-2";
const border = (error?: string) => (error ? "border-red-600" : "border-ink/20");

type Common = {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  dir?: "ltr" | "rtl" | "auto";
  lang?: string;
};

function Described({
  id,
  error,
  hint,
  children,
}: {
  id: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-field-error={id}>
          {error}
        </p>
      ) : null}
    </>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

export function TextField({
  id,
  name,
  label,
  error,
  hint,
  dir,
  lang,
  defaultValue,
  placeholder,
  type = "text",
  inputMode,
  required,
  maxLength,
}: Common & {
  defaultValue?: string;
  placeholder?: string;
  type?: string;
  inputMode?: "decimal" | "numeric";
  required?: boolean;
  maxLength?: number;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <Described id={id} error={error} hint={hint}>
        <input
          id={id}
          name={name}
          type={type}
          inputMode={inputMode}
          defaultValue={defaultValue}
          placeholder={placeholder}
          required={required}
          maxLength={maxLength}
          dir={dir}
          lang={lang}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${inputClass} ${border(error)}`}
        />
      </Described>
    </div>
  );
}

export function TextArea({
  id,
  name,
  label,
  error,
  hint,
  dir,
  lang,
  defaultValue,
  placeholder,
  rows = 8,
}: Common & { defaultValue?: string; placeholder?: string; rows?: number }) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <Described id={id} error={error} hint={hint}>
        <textarea
          id={id}
          name={name}
          rows={rows}
          defaultValue={defaultValue}
          placeholder={placeholder}
          dir={dir}
          lang={lang}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          // A proportional face: monospace makes Arabic look rough (issue 50); Markdown needs no fixed columns.
          className={`${inputClass} ${border(error)} leading-relaxed`}
        />
      </Described>
    </div>
  );
}

export function SelectField({
  id,
  name,
  label,
  error,
  hint,
  defaultValue,
  options,
  placeholder,
}: Common & {
  defaultValue?: string;
  options: { value: string; label: string }[];
  /** The empty first choice ("Choose…"); none where a value is always chosen. */
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <Described id={id} error={error} hint={hint}>
        <select
          id={id}
          name={name}
          defaultValue={defaultValue ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${inputClass} ${border(error)} bg-white`}
        >
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Described>
    </div>
  );
}
