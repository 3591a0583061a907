// The one way page actions read a form: zod-validate, translate field errors, keep what was typed.
import type { z } from "zod";
import type { TFunction } from "../i18n/translator";
import { BodyError, readFormBody } from "./request-body.server";

export type FieldErrors = Record<string, string>;

export type FormResult<T> =
  | { ok: true; data: T }
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

export async function parseForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  t: TFunction,
): Promise<FormResult<z.infer<Schema>>> {
  return validateForm(await readForm(request), schema, t);
}

/** The same for a form already read (when something else needs the same body, e.g. remix-auth). */
export function validateForm<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
  t: TFunction,
): FormResult<z.infer<Schema>> {
  const raw: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") raw[key] = value;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const values = Object.fromEntries(Object.entries(raw).filter(([key]) => !SECRET_FIELDS.has(key)));
  return { ok: false, fieldErrors: translateIssues(parsed.error.issues, t), values };
}
