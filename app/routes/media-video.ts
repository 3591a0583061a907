// GET/HEAD /media/videos/:videoId: a lesson video of our own host, streamed from the object storage with
// HTTP Range support (206, 416, HEAD; never buffered whole; decision 047) for those who may watch it (app/access/policy.ts): whoever may open its
// lesson — enrolled learners, the course's trainer and admins (the session cookie on pages, a Bearer token
// for API clients), anyone for a free preview of a published course — and its uploader before it is attached.
// /media/videos/:videoId/low and /audio: its light renditions (decision 058), under the same rule, once made.
import { accessToVideo } from "../access/access.server";
import { getUser } from "../auth/guards.server";
import { bearerToken, findSessionUser } from "../auth/session.server";
import { getDb } from "../db/context";
import { UPLOADED_FILE_HEADERS } from "../media/delivery";
import { storedObjectResponse } from "../storage/respond.server";
import { localVideoHost } from "../video/host.server";
import { isRenditionQuality, RENDITION_CONTENT_TYPES } from "../video/renditions";
import { readyRendition, renditionKey } from "../video/renditions.server";
import { findVideo } from "../video/videos.server";
import type { Route } from "./+types/media-video";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = getDb(context);
  let user = getUser(context);
  const token = bearerToken(request);
  if (!user && token) user = await findSessionUser(db, token);
  const quality = params.quality;
  if (quality !== undefined && !isRenditionQuality(quality))
    return new Response("Not Found", { status: 404 });
  const video = await findVideo(db, params.videoId);
  // Only a finished upload stored here streams from this route (Vimeo videos play in Vimeo's player).
  if (video?.provider !== "local" || video.status !== "ready")
    return new Response("Not Found", { status: 404 });
  const access = await accessToVideo(db, user, video);
  if (!access.ok && access.reason === "not_found") return new Response("Not Found", { status: 404 });
  if (!access.ok && access.reason === "sign_in")
    return new Response("Unauthorized", { status: 401, headers: { "Cache-Control": "private, no-store" } });
  if (!access.ok) return new Response("Forbidden", { status: 403 });
  const host = localVideoHost();
  // Who may watch depends on who asks: never kept by shared caches.
  const headers = { "Cache-Control": "private, max-age=3600", ...UPLOADED_FILE_HEADERS };
  if (quality !== undefined) {
    const rendition = await readyRendition(db, video.id, quality);
    if (!rendition) return new Response("Not Found", { status: 404 });
    const response = await storedObjectResponse(request, host.storage, renditionKey(video.id, quality), {
      contentType: RENDITION_CONTENT_TYPES[quality],
      headers: { ...headers, ETag: `"${video.id}-${quality}-${rendition.size}"` },
    });
    return response ?? new Response("Not Found", { status: 404 });
  }
  const response = await storedObjectResponse(request, host.storage, host.key(video.id), {
    contentType: video.contentType ?? "video/mp4",
    headers: { ...headers, ETag: `"${video.id}-${video.size}"` },
  });
  return response ?? new Response("Not Found", { status: 404 });
}
