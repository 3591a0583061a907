// POST /api/instructor/create-upload-link {fileSize, fileName, description, lessonId} → 201 {videoId,
// uploadLink, approach: "tus"}: the trainer of the lesson's course (or an admin) gets a tus link for exactly
// fileSize bytes — our own /api/videos/tus/:id, or Vimeo's upload_link when Vimeo is configured.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { CreateUploadLinkInput, videoRefusalAnswer } from "../../video/api.server";
import { createUploadLink } from "../../video/videos.server";
import type { Route } from "./+types/video-create-upload-link";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const { data, error } = await readJsonBody(request, CreateUploadLinkInput, getI18n(context), "video");
  if (error) return error;
  const outcome = await createUploadLink(getDb(context), user, data);
  if (!outcome.ok) return videoRefusalAnswer(request, context, outcome);
  return Response.json(
    { videoId: outcome.video.id, uploadLink: outcome.video.uploadLink, approach: "tus" },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "POST");
}
