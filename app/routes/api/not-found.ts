// Any /api path without a handler answers JSON 404, never the HTML 404 page.

import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale } from "../../lib/api.server";
import type { Route } from "./+types/not-found";

function notFound({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  return apiError(404, "not_found", getI18n(context).getFixedT(apiLocale(request))("api.notFound"));
}

export const loader = notFound;
export const action = notFound;
