// The box at the top of a form after a failed submit. It takes the focus, so screen readers announce it and
// keyboard users start from it: without JavaScript through the `autofocus` attribute of the server-rendered
// page, with JavaScript by focusing it whenever a new answer arrives. Each field error links to its field.
import { useEffect, useRef } from "react";

export type FieldErrorLink = { id: string; message: string };

export function ErrorSummary({
  message,
  fields = [],
  answer,
  id,
}: {
  message: string;
  fields?: FieldErrorLink[];
  /** The action's answer: a new one (even with the same errors) moves the focus here again. */
  answer: unknown;
  id?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer is a new failed submit.
  useEffect(() => {
    ref.current?.focus();
  }, [answer]);
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      // Server-rendered: the browser focuses it on load, before (or without) any JavaScript.
      // biome-ignore lint/a11y/noAutofocus: moving focus to the errors after a failed submit is the point.
      autoFocus
      role="alert"
      data-testid="form-error"
      className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      <p className="font-semibold">{message}</p>
      {fields.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 ps-5">
          {fields.map((field) => (
            <li key={field.id}>
              <a href={`#${field.id}`} className="underline">
                {field.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The field errors of an answer as links, in the form's order; a field's id is `prefix + name`. */
export function fieldErrorLinks(
  errors: Record<string, string | undefined>,
  prefix: string,
  order: readonly string[],
): FieldErrorLink[] {
  return order.flatMap((name) => {
    const message = errors[name];
    return message ? [{ id: `${prefix}${name}`, message }] : [];
  });
}

/**
 * For forms too small for a summary (a table row's controls): the invalid field takes the focus after each
 * failed answer. Spread the result on the field; `autoFocus` covers the server-rendered page without JavaScript.
 */
export function useFocusWhenInvalid<T extends HTMLElement>(invalid: boolean, answer: unknown) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer is a new failed submit.
  useEffect(() => {
    if (invalid) ref.current?.focus();
  }, [answer, invalid]);
  return { ref, autoFocus: invalid };
}
