// POST /api/cloudinary/upload (multipart field `file`) → 201 {url, public_id, resourceType, width?, height?}.
// The path is SPEC §7's; the file goes to whichever media store is configured. Images (JPEG, PNG, WebP,
// AVIF ≤ 5 MB) and PDFs (≤ 20 MB) only, judged by their bytes.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, apiRefusal, methodNotAllowed } from "../../lib/api.server";
import { getMediaStore } from "../../media/context.server";
import { storeUpload } from "../../media/media.server";
import { readUpload, UPLOAD_FAILURE_STATUS } from "../../media/upload.server";
import { uploadFailureMessage } from "../../studio/answers.server";
import type { Route } from "./+types/media-upload";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const t = getI18n(context).getFixedT(apiLocale(request), "studio");
  const upload = await readUpload(request, "any");
  if (!upload.ok) {
    return apiRefusal(UPLOAD_FAILURE_STATUS[upload.reason], uploadFailureMessage(upload.reason, t));
  }
  const stored = await storeUpload(getDb(context), getMediaStore(context), user, upload);
  if (!stored.ok) {
    if (stored.reason === "unreadable")
      return apiError(415, "unsupported_media_type", uploadFailureMessage("unreadable", t));
    return apiError(403, "forbidden", t("errors.forbidden"));
  }
  const { media } = stored;
  return Response.json(
    {
      url: media.url,
      public_id: media.publicId,
      resourceType: media.resourceType,
      ...(media.width ? { width: media.width, height: media.height } : {}),
    },
    { status: 201 },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "POST");
}
