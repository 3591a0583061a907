// The route side of the video work: refusals as API answers, the input schema of create-upload-link, and
// the JSON a video's state is reported in.
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Video } from "../db/schema";
import { getI18n } from "../i18n/context.server";
import { type ApiErrorCode, apiError, apiLocale } from "../lib/api.server";
import { entityId, safeText } from "../lib/validation";
import { maxVideoBytes } from "./host.server";
import type { VideoErrorCode } from "./policy";
import { type VideoRefusal, videoState } from "./videos.server";

type Context = Readonly<RouterContextProvider>;

export const CreateUploadLinkInput = z.object({
  fileSize: z
    .int({ error: "errors.fileSize" })
    .min(1, { error: "errors.fileSize" })
    .max(Number.MAX_SAFE_INTEGER, {
      error: "errors.fileSize",
    }),
  fileName: safeText({ max: 200, error: "errors.fileName" }).trim().min(1, { error: "errors.fileName" }),
  description: safeText({ max: 5000, error: "errors.description" }).optional().default(""),
  lessonId: entityId("errors.lessonId"),
});

const REFUSAL: Record<VideoRefusal["reason"], { status: number; code: ApiErrorCode; key: string }> = {
  not_found: { status: 404, code: "not_found", key: "errors.notFound" },
  lesson_not_found: { status: 404, code: "not_found", key: "errors.lessonNotFound" },
  forbidden: { status: 403, code: "forbidden", key: "errors.forbidden" },
  too_large: { status: 413, code: "payload_too_large", key: "errors.tooLarge" },
  not_video_lesson: { status: 409, code: "conflict", key: "errors.notVideoLesson" },
};

/** Human-readable size of the cap, e.g. "2 GiB" or "1.5 MiB", for messages. */
export function formatMaxBytes(bytes = maxVideoBytes()): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

export function videoRefusalAnswer(request: Request, context: Context, refusal: VideoRefusal): Response {
  const t = getI18n(context).getFixedT(apiLocale(request), "video");
  const { status, code, key } = REFUSAL[refusal.reason];
  return apiError(status, code, t(key, { max: formatMaxBytes() }));
}

/** The state JSON of GET /api/instructor/video-status/:id, with the failure reason in the caller's language. */
export function videoStateJson(request: Request, context: Context, video: Video) {
  const state = videoState(video);
  const t = getI18n(context).getFixedT(apiLocale(request), "video");
  return {
    ...state,
    ...(state.error ? { error: t(`reasons.${state.error satisfies VideoErrorCode}`) } : {}),
  };
}
