// The JSON answers of the learning API, shared by its routes: refusals in the API's error shape.
import type { TFunction } from "../i18n/translator";
import { apiError } from "../lib/api.server";
import type { LessonRefusal } from "./progress.server";

/**
 * 404 for an unknown course, a draft or a lesson of another course; 401 for a guest asking for more than a
 * free preview; 403 for a course the caller may not open.
 */
export function refusalResponse(reason: LessonRefusal, t: TFunction): Response {
  if (reason === "forbidden") return apiError(403, "forbidden", t("api.forbidden"));
  if (reason === "sign_in")
    return apiError(401, "unauthorized", t("common:api.unauthorized"), undefined, {
      headers: { "WWW-Authenticate": 'Bearer realm="manara"' },
    });
  return apiError(404, "not_found", t("api.notFound"));
}
