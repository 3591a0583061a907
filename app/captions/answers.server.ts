// How a caption refusal reads, for the studio page and the JSON API: one translated message per refusal,
// a file's parse error with its line (decision 052's codes), and the API's status and code for each.
import type { TFunction } from "../i18n/translator";
import { apiError } from "../lib/api.server";
import type { CaptionError } from "./captions";
import type { CaptionRefusal } from "./captions.server";

/** "Line 7: a timestamp is malformed…", in the caller's language (namespace "video"). */
export function captionErrorMessage(error: CaptionError, t: TFunction): string {
  const reason = t(`captions.errors.${error.code}`);
  return error.line === null ? reason : t("captions.errors.atLine", { line: error.line, reason });
}

export function captionRefusalMessage(refusal: CaptionRefusal, t: TFunction): string {
  switch (refusal.reason) {
    case "invalid":
      return captionErrorMessage(refusal.error, t);
    case "forbidden":
      return t("errors.forbidden");
    case "not_video_lesson":
      return t("captions.notVideoLesson");
    default:
      return t("errors.lessonNotFound");
  }
}

/** The API's answer to a refused caption write: 404, 403, 409 not_video_lesson, 422 invalid_captions. */
export function captionRefusalAnswer(refusal: CaptionRefusal, t: TFunction): Response {
  const message = captionRefusalMessage(refusal, t);
  switch (refusal.reason) {
    case "invalid":
      return apiError(422, "invalid_captions", message, {
        file: message,
        ...(refusal.error.line !== null ? { line: String(refusal.error.line) } : {}),
      });
    case "forbidden":
      return apiError(403, "forbidden", message);
    case "not_video_lesson":
      return apiError(409, "not_video_lesson", message);
    default:
      return apiError(404, "not_found", message);
  }
}

/**
 * The stored WebVTT as a download: `text/vtt; charset=utf-8`, kept only by the viewer's own browser (who may
 * read it depends on who asks), revalidated by its ETag, never run as a page (sandboxed, no sniffing).
 */
export function vttResponse(request: Request, caption: { vtt: string; updatedAt: Date }): Response {
  const etag = `"${caption.updatedAt.getTime().toString(36)}"`;
  const headers = {
    "Content-Type": "text/vtt; charset=utf-8",
    "Cache-Control": "private, max-age=300",
    ETag: etag,
    "Content-Security-Policy": "sandbox",
    "X-Content-Type-Options": "nosniff",
  };
  const asked = request.headers.get("if-none-match");
  if (asked?.split(",").some((tag) => tag.trim() === etag))
    return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : caption.vtt, { headers });
}
