// DELETE /api/cloudinary/delete/:publicId/:resourceType? (resourceType image or raw, image by default) →
// 200 {result: "ok"}. Only the uploader or an admin; a file a course or lesson still uses is refused (409).
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { getMediaStore } from "../../media/context.server";
import { deleteUpload } from "../../media/media.server";
import type { Route } from "./+types/media-delete";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "DELETE") return methodNotAllowed(request, context, "DELETE");
  const t = getI18n(context).getFixedT(apiLocale(request), "studio");
  const resourceType = params.resourceType ?? "image";
  if (resourceType !== "image" && resourceType !== "raw") {
    return apiError(422, "validation_failed", t("errors.invalid"), { resourceType: t("errors.invalid") });
  }
  const outcome = await deleteUpload(
    getDb(context),
    getMediaStore(context),
    user,
    params.publicId,
    resourceType,
  );
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return apiError(404, "not_found", t("errors.mediaNotFound"));
    if (outcome.reason === "forbidden") return apiError(403, "forbidden", t("errors.forbidden"));
    return apiError(409, "media_in_use", t("errors.mediaInUse"));
  }
  return Response.json({ result: "ok" });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "DELETE");
}
