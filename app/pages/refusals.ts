// The pages' refusals, one table for the editor and the JSON API alike: each reason's HTTP status, the API's
// stable error code and the message key (`site` namespace).
import type { ApiErrorCode } from "../lib/api.server";
import type { PageRefusal } from "./pages.server";

export type RefusalAnswer = { status: number; code: ApiErrorCode; key: string };

const ANSWERS: Record<PageRefusal["reason"], RefusalAnswer> = {
  not_found: { status: 404, code: "not_found", key: "pages.refusals.notFound" },
  stale_revision: { status: 409, code: "stale_revision", key: "pages.refusals.staleRevision" },
  built_in_page: { status: 409, code: "built_in_page", key: "pages.refusals.builtIn" },
  slug_taken: { status: 409, code: "slug_taken", key: "pages.refusals.slugTaken" },
  invalid_time: { status: 422, code: "validation_failed", key: "pages.refusals.invalidTime" },
};

export function pageRefusal(reason: PageRefusal["reason"]): RefusalAnswer {
  return ANSWERS[reason];
}
