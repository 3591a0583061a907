// How a Q&A refusal reads in the JSON API and on the pages: one status and one message per reason.
import type { RouterContextProvider } from "react-router";
import { getI18n } from "../i18n/context.server";
import { type ApiErrorCode, apiError, apiLocale } from "../lib/api.server";
import type { QaFailure } from "./qa.server";

const STATUS: Record<QaFailure["reason"], [number, ApiErrorCode]> = {
  not_found: [404, "not_found"],
  sign_in: [401, "unauthorized"],
  forbidden: [403, "forbidden"],
  not_author: [403, "forbidden"],
  edit_window_closed: [409, "edit_window_closed"],
  already_hidden: [409, "already_hidden"],
  rate_limited: [429, "rate_limited"],
};

/** The HTTP status a page answers a fetcher with for this refusal. */
export function qaFailureStatus(failure: QaFailure): number {
  return STATUS[failure.reason][0];
}

export function qaApiFailure(
  request: Request,
  context: Readonly<RouterContextProvider>,
  failure: QaFailure,
): Response {
  const [status, code] = STATUS[failure.reason];
  const t = getI18n(context).getFixedT(apiLocale(request), "qa");
  const retry = failure.retryAfterSeconds;
  return apiError(
    status,
    code,
    t(`errors.${failure.reason}`, { count: retry ?? 0 }),
    undefined,
    retry ? { headers: { "Retry-After": String(retry) } } : {},
  );
}
