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
