// /api/videos/tus/:videoId: the embedded tus server (HEAD, PATCH, OPTIONS) for uploads created by
// create-upload-link. Only the trainer who asked for the link, or an admin, may write to it: API clients
// with their Bearer token, the studio page with its session cookie (same origin only). Expired links answer
// 410; after the last byte the file's first bytes are judged (a non-video is refused with 415) and it is
// "processing" until the video-check job has judged the whole file and attached it.
import { getUser } from "../../auth/guards.server";
import { bearerToken, findSessionUser, readSessionToken } from "../../auth/session.server";
import { getDb } from "../../db/context";
import type { User } from "../../db/schema";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale } from "../../lib/api.server";
import { logger } from "../../lib/logger.server";
import { noteFailureLogged, requestIdOf } from "../../lib/request-id";
import { isSameOriginRequest } from "../../security/same-origin.server";
import { localVideoHost, tusFailureOf } from "../../video/host.server";
import { canWriteVideo } from "../../video/policy";
import {
  completeLocalUpload,
  failVideo,
  findVideo,
  localHeadLooksLikeVideo,
} from "../../video/videos.server";
import type { Route } from "./+types/video-tus";

const TUS_METHODS = "HEAD, PATCH, OPTIONS";

/** Who is writing: the Bearer token (already resolved for /api), or the studio's session cookie. */
async function uploader(request: Request, context: Route.LoaderArgs["context"]): Promise<User | null> {
  const viaBearer = getUser(context);
  if (viaBearer) return viaBearer;
  if (bearerToken(request)) return null;
  const token = await readSessionToken(request);
  if (!token) return null;
  return findSessionUser(getDb(context), token);
}

async function handle({ request, context, params }: Route.LoaderArgs | Route.ActionArgs): Promise<Response> {
  const method = request.method.toUpperCase();
  const t = getI18n(context).getFixedT(apiLocale(request), "video");
  const tusHeaders = { "Tus-Resumable": "1.0.0" };
  if (!["HEAD", "PATCH", "OPTIONS"].includes(method))
    return apiError(405, "method_not_allowed", t("errors.methodNotAllowed"), undefined, {
      headers: { Allow: TUS_METHODS, ...tusHeaders },
    });
  const host = localVideoHost();
  // A preflight reveals nothing and changes nothing: the tus server answers its capabilities.
  if (method === "OPTIONS") return host.tus.handleWeb(request);

  const db = getDb(context);
  // The tus server takes the upload id from the URL's last segment: it must be the route's id.
  const lastSegment = new URL(request.url).pathname.split("/").pop() ?? "";
  const video =
    lastSegment.toLowerCase() === params.videoId.toLowerCase() ? await findVideo(db, params.videoId) : null;
  if (video?.provider !== "local")
    return apiError(404, "not_found", t("errors.notFound"), undefined, { headers: tusHeaders });
  if (!bearerToken(request) && !isSameOriginRequest(request))
    return apiError(403, "forbidden", t("errors.crossSite"), undefined, { headers: tusHeaders });
  const user = await uploader(request, context);
  if (!user)
    return apiError(401, "unauthorized", t("errors.unauthorized"), undefined, {
      headers: { "WWW-Authenticate": 'Bearer realm="manara"', ...tusHeaders },
    });
  if (!canWriteVideo(user, video))
    return apiError(403, "forbidden", t("errors.notYourUpload"), undefined, { headers: tusHeaders });

  const expired =
    video.error === "expired" ||
    (video.status === "uploading" && video.expiresAt !== null && video.expiresAt.getTime() < Date.now());
  if (expired) {
    if (video.status === "uploading") await failVideo(db, video, "expired");
    return apiError(410, "not_found", t("reasons.expired"), undefined, { headers: tusHeaders });
  }
  if (video.status === "error")
    return apiError(415, "unsupported_media_type", t(`reasons.${video.error ?? "not_a_video"}`), undefined, {
      headers: tusHeaders,
    });

  if (method === "PATCH" && video.status === "uploading") {
    // The first bytes are judged as soon as they are on disk: a renamed text file is refused at its second
    // chunk, not after gigabytes.
    if (!(await localHeadLooksLikeVideo(host, video.id))) {
      await failVideo(db, video, "not_a_video");
      return apiError(415, "unsupported_media_type", t("reasons.not_a_video"), undefined, {
        headers: tusHeaders,
      });
    }
  }
  const response = await host.tus.handleWeb(request);
  if (response.status >= 500) {
    logger("tus").error(
      {
        requestId: requestIdOf(context),
        method,
        videoId: video.id,
        status: response.status,
        err: tusFailureOf(request),
      },
      "the tus server failed",
    );
    noteFailureLogged(context);
  }
  if (method !== "PATCH" || response.status !== 204) return response;
  const offset = Number(response.headers.get("upload-offset"));
  if (!Number.isSafeInteger(offset)) return response;
  // Bytes received so far are read from disk when asked; only the last byte needs work here.
  if (offset < video.size) return response;
  const completed = await completeLocalUpload(db, video.id, host);
  if (completed?.status === "error")
    return apiError(
      415,
      "unsupported_media_type",
      t(`reasons.${completed.error ?? "not_a_video"}`),
      undefined,
      {
        headers: tusHeaders,
      },
    );
  return response;
}

export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
