// POST /api/instructor/upload-video and /api/instructor/upload-video-with-progress (multipart: `lessonId`,
// then `file`; `?lessonId=` works too) → 201 {videoId, status}. The file is streamed to disk (never held in
// memory), capped at MAX_VIDEO_BYTES and judged by its bytes; the second path is the same endpoint for
// clients that report the upload's progress themselves.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, apiRefusal, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { formatMaxBytes, videoRefusalAnswer } from "../../video/api.server";
import { getVideoHost, localVideoHost, maxVideoBytes } from "../../video/host.server";
import { MULTIPART_FAILURE_STATUS, receiveVideoUpload } from "../../video/multipart.server";
import { editableLesson, storeReceivedVideo, type VideoRefusal } from "../../video/videos.server";
import type { Route } from "./+types/video-upload";

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const db = getDb(context);
  const t = getI18n(context).getFixedT(apiLocale(request), "video");
  const queryLesson = url.searchParams.get("lessonId");
  const received = await receiveVideoUpload<VideoRefusal>(request, {
    maxBytes: maxVideoBytes(),
    incomingDirectory: localVideoHost().incomingDirectory,
    lessonId: queryLesson === null ? undefined : (parseId(queryLesson) ?? 0),
    authorize: async (lessonId) => {
      const lesson = await editableLesson(db, user, lessonId, undefined, { forVideo: true });
      return lesson.ok ? null : lesson;
    },
  });
  if (!received.ok) {
    if (received.refusal) return videoRefusalAnswer(request, context, received.refusal);
    return apiRefusal(
      MULTIPART_FAILURE_STATUS[received.reason],
      t(`multipart.${received.reason}`, { max: formatMaxBytes() }),
    );
  }
  const video = await storeReceivedVideo(db, user, received, getVideoHost());
  if (video.status === "error" && video.error === "storage_failed")
    return apiError(500, "internal_error", t("reasons.storage_failed"));
  if (video.status === "error")
    return apiError(415, "unsupported_media_type", t(`reasons.${video.error ?? "storage_failed"}`));
  return Response.json({ videoId: video.id, status: video.status }, { status: 201 });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "POST");
}
