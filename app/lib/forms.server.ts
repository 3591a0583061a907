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

export function translateIssues(issues: z.core.$ZodIssue[], t: TFunction): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= t(issue.message);
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
  const raw: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") raw[key] = value;
  const input: Record<string, string | string[]> = { ...raw };
  for (const name of lists)
    input[name] = formData.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const parsed = schema.safeParse(input);
  const values = Object.fromEntries(Object.entries(raw).filter(([key]) => !SECRET_FIELDS.has(key)));
  if (parsed.success) return { ok: true, data: parsed.data, values };
  return { ok: false, fieldErrors: translateIssues(parsed.error.issues, t), values };
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
