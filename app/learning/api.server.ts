// The JSON answers of the learning API, shared by its routes: refusals in the API's error shape.
import type { TFunction } from "../i18n/translator";
import { apiError } from "../lib/api.server";
import type { LessonRefusal } from "./progress.server";

/** 404 for an unknown course or a lesson of another course; 403 for a course the caller may not open. */
export function refusalResponse(reason: LessonRefusal, t: TFunction): Response {
  return reason === "forbidden"
    ? apiError(403, "forbidden", t("api.forbidden"))
    : apiError(404, "not_found", t("api.notFound"));
}
