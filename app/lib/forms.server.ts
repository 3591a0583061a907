// The one way page actions read a form: zod-validate, translate field errors, keep what was typed.
import type { z } from "zod";
import type { TFunction } from "../i18n/translator";
import { BodyError, readFormBody } from "./request-body.server";

export type FieldErrors = Record<string, string>;

/**
 * The parsed form, or its translated field errors. Either way `values` holds what was typed (as strings,
 * never a password): to refill the fields, or for a field the schema leaves to its own check (a `back`
 * path goes through safeRedirect).
 */
export type FormResult<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/** Field names that must never be echoed back into a page. */
const SECRET_FIELDS = new Set(["password", "passwordConfirm", "currentPassword"]);

/** How many unknown field names a message repeats: a body of 80,000 keys is not echoed back. */
export const ECHOED_KEYS = 20;
const ECHOED_KEY_LENGTH = 40;

/** A translation key (`errors.tooLong`, `payments:coupon.x`), as our schemas give; zod's own texts are not. */
const TRANSLATION_KEY = /^(?:[A-Za-z][\w-]*:)?[A-Za-z][\w-]*(?:\.[\w-]+)+$/;

const shortKey = (key: PropertyKey) => {
  const name = String(key);
  return name.length > ECHOED_KEY_LENGTH ? `${name.slice(0, ECHOED_KEY_LENGTH)}…` : name;
};

/**
 * What an issue without a message of its own says, in the caller's language (the `common` namespace's
 * `validation`), from its code and bounds: zod's default texts are English only and, read as keys, came
 * out as " expected number to be >=1" (everything before the colon taken for a namespace).
 */
export function defaultIssueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  const key = (name: string) => `common:validation.${name}`;
  switch (issue.code) {
    case "invalid_type": {
      const type = ["number", "int", "string", "boolean", "object", "array", "null", "date"].includes(
        issue.expected,
      )
        ? issue.expected
        : "other";
      return t(key("invalidType"), { type: t(key(`types.${type}`)) });
    }
    case "too_small":
    case "too_big": {
      const which = issue.code === "too_small" ? "tooSmall" : "tooBig";
      const origin = issue.origin === "int" || issue.origin === "bigint" ? "number" : issue.origin;
      const variant =
        origin === "number" && issue.inclusive === false
          ? "numberExclusive"
          : ["number", "string", "array"].includes(origin)
            ? origin
            : "other";
      const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
      return t(key(`${which}.${variant}`), { minimum: String(bound), maximum: String(bound) });
    }
    case "invalid_format":
      return ["email", "url", "uuid", "guid", "datetime"].includes(issue.format)
        ? t(key(issue.format === "guid" ? "uuid" : issue.format))
        : t(key("format"));
    case "not_multiple_of":
      return t(key("notMultipleOf"), { divisor: String(issue.divisor) });
    case "invalid_value":
      return t(key("oneOf"), {
        values: issue.values
          .slice(0, ECHOED_KEYS)
          .map((value) => shortKey(String(value)))
          .join(", "),
      });
    case "unrecognized_keys": {
      const keys = issue.keys.slice(0, ECHOED_KEYS).map(shortKey).join(", ");
      const more = issue.keys.length - ECHOED_KEYS;
      return more > 0
        ? t(key("unknownKeysMore"), { keys, more: String(more), total: String(issue.keys.length) })
        : t(key("unknownKeys"), { keys });
    }
    default:
      return t(key("invalid"));
  }
}

/**
 * Field errors for a page or the API: each issue's own message is a translation key in `t`'s namespace;
 * an issue with zod's default text gets ours (`defaultIssueMessage`). One message per field.
 */
export function translateIssues(issues: z.core.$ZodIssue[], t: TFunction): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const field = shortKey(issue.path[0] ?? "form");
    fieldErrors[field] ??= TRANSLATION_KEY.test(issue.message)
      ? t(issue.message)
      : defaultIssueMessage(issue, t);
  }
  return fieldErrors;
}

/**
 * The body of a page action's form, bounded and of a form type. A body that is not a form (JSON, XML, a
 * broken multipart), too large or unreadable is thrown as a 400/413/415 Response for the error page.
 */
export async function readForm(request: Request, limit?: number): Promise<FormData> {
  try {
    return await readFormBody(request, limit);
  } catch (error) {
    if (error instanceof BodyError) throw new Response(error.problem, { status: error.status });
    throw error;
  }
}

/** Options of a form read: fields sent once per row (`imageKey`, `alt`…), read as lists of strings. */
export type FormShape = { lists?: readonly string[] };

export async function parseForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  t: TFunction,
  shape: FormShape = {},
): Promise<FormResult<z.infer<Schema>>> {
  return validateForm(await readForm(request), schema, t, shape);
}

/** The same for a form already read (when something else needs the same body, e.g. remix-auth). */
export function validateForm<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
  t: TFunction,
  { lists = [] }: FormShape = {},
): FormResult<z.infer<Schema>> {
  const raw = formFields(formData);
  const input: Record<string, string | string[]> = { ...raw };
  for (const name of lists)
    input[name] = formData.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const parsed = schema.safeParse(input);
  const values = Object.fromEntries(Object.entries(raw).filter(([key]) => !SECRET_FIELDS.has(key)));
  if (parsed.success) return { ok: true, data: parsed.data, values };
  return { ok: false, fieldErrors: translateIssues(parsed.error.issues, t), values };
}

/** A form's text fields as one object (a field sent twice keeps its last value; files are left out). */
export function formFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") fields[key] = value;
  return fields;
}

/**
 * What was typed into the named fields, as strings to send back into them (a preview, a refused save),
 * bounded so an answer cannot echo megabytes. Not validated: it is only ever shown in the same fields.
 */
export function typedValues(formData: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 50_000) : "";
  }
  return values;
}
