// The JSON API's one error shape, {error: {code, message, fields?}}, and its zod-validated body reader.
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { DATABASE_RETRY_AFTER_SECONDS } from "../db/errors";
import { getI18n, type ServerI18n } from "../i18n/context.server";
import type { Locale } from "../i18n/languages";
import type { TFunction } from "../i18n/translator";
import { translateIssues } from "./forms.server";
import { BodyError, readJsonValue } from "./request-body.server";

/**
 * Every `error.code` the API answers with (the OpenAPI document lists them per endpoint). A refusal of the
 * domain has its own code; `conflict` is left for a state nobody named.
 */
export const API_ERROR_CODES = [
  "bad_request",
  "validation_failed",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  // Refusals, each with its own code (a client branches on these, never on the message):
  "course_unavailable",
  "insufficient_funds",
  "not_watched",
  /** Marking a quiz lesson complete (or not): it completes when its quiz is passed. */
  "quiz_lesson",
  /** A quiz start, save or trainer's save on a lesson that is not a quiz. */
  "not_a_quiz",
  /** A quiz start on a quiz with no questions yet. */
  "quiz_empty",
  /** A quiz start past the attempts allowed. */
  "no_attempts_left",
  /** Saving a quiz attempt's answers after its deadline. */
  "time_up",
  /** Saving the answers of an attempt already submitted. */
  "attempt_closed",
  /** A practice by someone who holds the course: they take real attempts only (issue 43). */
  "practice_unavailable",
  /** A practice submit that does not answer every question an attempt would draw (issue 43). */
  "practice_incomplete",
  "email_taken",
  "last_admin",
  "media_in_use",
  "already_reviewed",
  "balance_limit",
  "refund_window_closed",
  "code_taken",
  "too_many_pending",
  /** A top-up by bank transfer while no admin has entered the account to transfer to. */
  "transfer_unavailable",
  /** A checkout of courses the buyer already owns: there is nothing to pay for. */
  "nothing_to_buy",
  "cannot_publish",
  "has_enrollments",
  "lessons_remaining",
  "not_enrolled",
  "own_course",
  /** A retry of a job that has not failed (queued, running or done). */
  "not_failed",
  /** A mailed link's token that is unknown, used, replaced or another account's. */
  "token_invalid",
  /** A section that still holds lessons: move or delete them first (issue 32). */
  "section_not_empty",
  /** A course keeps at least one section. */
  "last_section",
  /** A mailed link's token that ran out. */
  "token_expired",
  /** Editing a Q&A post more than 30 minutes after posting it (issue 35). */
  "edit_window_closed",
  /** Hiding a Q&A post that is already hidden. */
  "already_hidden",
  /** A caption file that does not parse, or whose cues run past the video (issue 36): the message names the line. */
  "invalid_captions",
  /** Captions (or a video) for a lesson that is an article or a quiz. */
  "not_video_lesson",
  /** A card checkout when no card provider can take orders (issue 46). */
  "provider_unavailable",
  /** The card provider did not open a payment (unreachable, or it refused): the order is written failed. */
  "provider_error",
  /** A consultation's slot someone else holds (issue 48, item 4). */
  "slot_taken",
  /** A page's save made from an older revision: another admin saved since (issue 49). */
  "stale_revision",
  /** Deleting one of the built-in pages (home, about_us, services, faq, help, safety, privacy, terms). */
  "built_in_page",
  /** A landing page's slug that a page already has. */
  "slug_taken",
  "rate_limited",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "internal_error",
  "unavailable",
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export function apiError(
  status: number,
  code: ApiErrorCode,
  message: string,
  fields?: Record<string, string>,
  init: ResponseInit = {},
): Response {
  return Response.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { ...init, status });
}

/** The code an HTTP status stands for, for a failure that has no code of its own (see apiRefusal). */
const CODE_FOR_STATUS: Record<number, ApiErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "rate_limited",
  500: "internal_error",
  503: "unavailable",
};

/**
 * A failure with a status and a message but no code of its own — an upload too large, of the wrong type, a
 * broken multipart body — as the API's error: the code follows from the status, the same way everywhere.
 * Domain refusals have their own codes (API_ERROR_CODES) and do not come through here.
 */
export function apiRefusal(status: number, message: string, fields?: Record<string, string>): Response {
  return apiError(status, CODE_FOR_STATUS[status] ?? "bad_request", message, fields);
}

/** 422 `validation_failed`, "Some fields are not valid", and each field's message. */
export function validationFailed(
  request: Request,
  i18n: ServerI18n,
  fields?: Record<string, string>,
): Response {
  return apiError(
    422,
    "validation_failed",
    i18n.getFixedT(apiLocale(request))("api.validationFailed"),
    fields,
  );
}

/**
 * Parses input that is not a JSON body — a query string, the fields of a multipart form — against `schema`.
 * Returns the data, or the 422 to send with the messages of `namespace` in the caller's language.
 */
export function parseApiInput<Schema extends z.ZodType>(
  request: Request,
  input: unknown,
  schema: Schema,
  i18n: ServerI18n,
  namespace: string,
): { data: z.infer<Schema>; error?: never } | { data?: never; error: Response } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const t = i18n.getFixedT(apiLocale(request), namespace);
  return { error: validationFailed(request, i18n, translateIssues(parsed.error.issues, t)) };
}

/** API callers choose the language of error messages with Accept-Language; English otherwise. */
export function apiLocale(request: Request): Locale {
  const header = request.headers.get("accept-language") ?? "";
  const first = header.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("ar") ? "ar" : "en";
}

/**
 * Parses a JSON body against `schema`. Returns the data, or the error Response to send as it is —
 * a caller cannot forget to act on a failure it has to return.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  i18n: ServerI18n,
  namespace: string,
): Promise<{ data: z.infer<Schema>; error?: never } | { data?: never; error: Response }> {
  let body: unknown;
  try {
    body = await readJsonValue(request);
  } catch (error) {
    if (error instanceof BodyError)
      return { error: bodyErrorResponse(error, i18n.getFixedT(apiLocale(request))) };
    throw error;
  }
  return parseApiInput(request, body, schema, i18n, namespace);
}

/**
 * Parses a request's URL query against `schema` (one value per name, the last one given). Returns the data,
 * or the 422 to send as it is, with messages in the request's language like a body's.
 */
export function readQuery<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  i18n: ServerI18n,
  namespace = "common",
): { data: z.infer<Schema>; error?: never } | { data?: never; error: Response } {
  const locale = apiLocale(request);
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (parsed.success) return { data: parsed.data };
  return {
    error: apiError(
      422,
      "validation_failed",
      i18n.getFixedT(locale)("api.validationFailed"),
      translateIssues(parsed.error.issues, i18n.getFixedT(locale, namespace)),
    ),
  };
}

/** 400 for a broken body, 413 for one over the limit, 415 for one that is not JSON. */
export function bodyErrorResponse(error: BodyError, t: TFunction): Response {
  if (error.status === 413) return apiError(413, "payload_too_large", t("api.tooLarge"));
  if (error.status === 415)
    return apiError(415, "unsupported_media_type", t("api.unsupportedMediaType"), undefined, {
      headers: { Accept: "application/json" },
    });
  return apiError(400, "bad_request", t("api.invalidJson"));
}

/** What /api answers for an error nobody expected: the JSON shape, never the HTML error page. */
export function internalError(request: Request, i18n: ServerI18n): Response {
  return apiError(500, "internal_error", i18n.getFixedT(apiLocale(request))("api.internalError"));
}

/** What /api answers while the database is away: 503 and when to try again, never a 500. */
export function serviceUnavailable(request: Request, i18n: ServerI18n): Response {
  return apiError(503, "unavailable", i18n.getFixedT(apiLocale(request))("api.unavailable"), undefined, {
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}

type ContextWithI18n = Readonly<RouterContextProvider>;

export function methodNotAllowed(request: Request, context: ContextWithI18n, allow: string): Response {
  const t = getI18n(context).getFixedT(apiLocale(request));
  return apiError(405, "method_not_allowed", t("api.methodNotAllowed"), undefined, {
    headers: { Allow: allow },
  });
}

export function tooManyRequests(
  request: Request,
  context: ContextWithI18n,
  retryAfterSeconds: number,
): Response {
  const t = getI18n(context).getFixedT(apiLocale(request));
  return apiError(429, "rate_limited", t("api.rateLimited", { count: retryAfterSeconds }), undefined, {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}
