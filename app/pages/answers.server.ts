// The pages' refusals as the API's one error shape, with the message in the caller's language.
import type { RouterContextProvider } from "react-router";
import { getI18n } from "../i18n/context.server";
import { apiError, apiLocale } from "../lib/api.server";
import type { PageRefusal } from "./pages.server";
import { pageRefusal } from "./refusals";

export function pageRefusalAnswer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  refusal: PageRefusal,
): Response {
  const answer = pageRefusal(refusal.reason);
  const t = getI18n(context).getFixedT(apiLocale(request), "site");
  const field = refusal.reason === "stale_revision" ? { revision: t(answer.key) } : undefined;
  return apiError(answer.status, answer.code, t(answer.key), field);
}
