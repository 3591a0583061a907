// The input types every schema builds on, so that no text with a NUL byte, no unbounded string and no id
// past PostgreSQL's int4 ever reaches the database (each once answered 500 from deep inside a query).
import { z } from "zod";

/** The largest PostgreSQL int4: every serial id, and every amount column, stays at or below it. */
export const INT4_MAX = 2_147_483_647;

/** Whether `id` can name a row of an int4 serial column (anything else would fail in SQL: a 500). */
export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX;
}

/** Characters PostgreSQL refuses in text (NUL) or that no person types: C0 controls but tab and newlines. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Half of a UTF-16 pair with no other half: not text, and not encodable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * A string that carries no control characters and is at most `max` characters long. `error` is the
 * translation key (in the caller's namespace) for every way it can be wrong, unless a check has its own.
 */
export function safeText(options: { max: number; error: string; tooLong?: string }) {
  return z
    .string({ error: options.error })
    .max(options.max, { error: options.tooLong ?? options.error })
    .refine((value) => !hasControlCharacters(value) && !LONE_SURROGATE.test(value), { error: options.error });
}

/** A positive int4 id, from a JSON number or a form's digit string ("1e3", "0x10", " 7" are refused). */
export function entityId(error: string) {
  return z
    .union(
      [
        // Bounded here too (not only after the pipe), so the OpenAPI document shows the bounds.
        z.int({ error }).min(1, { error }).max(INT4_MAX, { error }),
        z
          .string({ error })
          .regex(/^[1-9]\d{0,9}$/, { error })
          .transform(Number),
      ],
      {
        error,
      },
    )
    .pipe(z.int({ error }).min(1, { error }).max(INT4_MAX, { error }));
}

/**
 * An email address as people type it: trimmed and lower-cased first, then checked (format, 254 characters
 * at most). The normalising is a preprocess, so the OpenAPI document shows the check: `format: email`.
 */
export function emailAddress(error: string) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.email({ error }).max(254, { error }),
  );
}

/**
 * A whole number from a URL's query ("10"): digits only, so "1e1", "0x10", " 10" and "" are refused rather
 * than coerced. The conversion is a preprocess, so the OpenAPI document shows what it is: an integer with
 * its bounds.
 */
export function queryInteger(min: number, max: number, error?: string) {
  const options = error ? { error } : undefined;
  return z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z.int(options).min(min, options).max(max, options),
  );
}

/**
 * Free text from a URL (a search box): never refused, only made harmless — control characters dropped,
 * length bounded — because a GET page should show results, not an error, for an odd query.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we drop.
const ANY_CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/g;

export function cleanSearchText(value: string | null | undefined, max = 100): string {
  if (!value) return "";
  return value.replace(ANY_CONTROL_CHARACTER, " ").trim().slice(0, max);
}
