// GET/HEAD /media/videos/:videoId: a locally stored lesson video, streamed with HTTP Range support (206,
// 416, HEAD; never buffered whole) for those who may watch it (app/access/policy.ts): whoever may open its
// lesson — enrolled learners, the course's trainer and admins (the session cookie on pages, a Bearer token
// for API clients), anyone for a free preview of a published course — and its uploader before it is attached.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { accessToVideo } from "../access/access.server";
import { getUser } from "../auth/guards.server";
import { bearerToken, findSessionUser } from "../auth/session.server";
import { getDb } from "../db/context";
import { UPLOADED_FILE_HEADERS } from "../media/delivery";
import { localVideoHost } from "../video/host.server";
import { parseRange } from "../video/policy";
import { findVideo } from "../video/videos.server";
import type { Route } from "./+types/media-video";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = getDb(context);
  let user = getUser(context);
  const token = bearerToken(request);
  if (!user && token) user = await findSessionUser(db, token);
  const video = await findVideo(db, params.videoId);
  // Only a finished upload stored here streams from this route (Vimeo videos play in Vimeo's player).
  if (video?.provider !== "local" || video.status !== "ready")
    return new Response("Not Found", { status: 404 });
  const access = await accessToVideo(db, user, video);
  if (!access.ok && access.reason === "not_found") return new Response("Not Found", { status: 404 });
  if (!access.ok && access.reason === "sign_in")
    return new Response("Unauthorized", { status: 401, headers: { "Cache-Control": "private, no-store" } });
  if (!access.ok) return new Response("Forbidden", { status: 403 });
  const filePath = localVideoHost().filePath(video.id);
  let size: number;
  try {
    size = (await stat(filePath)).size;
  } catch {
    return new Response("Not Found", { status: 404 });
  }
  const headers: Record<string, string> = {
    "Content-Type": video.contentType ?? "video/mp4",
    "Accept-Ranges": "bytes",
    // Who may watch depends on who asks: never kept by shared caches.
    "Cache-Control": "private, max-age=3600",
    ...UPLOADED_FILE_HEADERS,
    ETag: `"${video.id}-${size}"`,
  };
  const range = parseRange(request.headers.get("range"), size);
  if (range.kind === "unsatisfiable")
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  const head = request.method === "HEAD";
  if (range.kind === "full") {
    const body = head ? null : (Readable.toWeb(createReadStream(filePath)) as ReadableStream);
    return new Response(body, { headers: { ...headers, "Content-Length": String(size) } });
  }
  const { start, end } = range;
  const body = head ? null : (Readable.toWeb(createReadStream(filePath, { start, end })) as ReadableStream);
  return new Response(body, {
    status: 206,
    headers: {
      ...headers,
      "Content-Length": String(end - start + 1),
      "Content-Range": `bytes ${start}-${end}/${size}`,
    },
  });
}
