// GET /api/instructor/video-status/:id → {videoId, status, bytesReceived, size, durationSeconds?, error?}:
// for the trainer who uploaded it (or one who may edit its lesson's course) and admins.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { methodNotAllowed } from "../../lib/api.server";
import { videoRefusalAnswer, videoStateJson } from "../../video/api.server";
import { readVideoStatus } from "../../video/videos.server";
import type { Route } from "./+types/video-status";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiRole(request, context, canTeach);
  const outcome = await readVideoStatus(getDb(context), user, params.id);
  if (!outcome.ok) return videoRefusalAnswer(request, context, outcome);
  return Response.json(videoStateJson(request, context, outcome.video), {
    headers: { "Cache-Control": "no-store" },
  });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "GET");
}
