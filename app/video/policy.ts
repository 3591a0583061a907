// Pure rules of the video work, unit-tested in tests/unit/video-policy.test.ts: who may write to an upload,
// how Vimeo's statuses read as ours, and how an HTTP Range header reads against a file's size.
import { canTeach, isAdmin, type Viewer } from "../access/roles";
import type { VideoStatus } from "../db/schema";

/** Why a video failed, as stored in `videos.error` and shown (translated) to its trainer. */
export type VideoErrorCode =
  | "not_a_video"
  | "size_mismatch"
  | "expired"
  | "vimeo_error"
  | "vimeo_missing"
  | "storage_failed";

export const VIDEO_ERROR_CODES: readonly VideoErrorCode[] = [
  "not_a_video",
  "size_mismatch",
  "expired",
  "vimeo_error",
  "vimeo_missing",
  "storage_failed",
];

/**
 * The longest video whose measured length is believed: the longest lesson a trainer may type (10 000
 * minutes, the `lessons_duration_range` check). Anything longer, like an MP4 header claiming 2^63 ticks, is
 * a broken or hostile header, not a lesson.
 */
export const MAX_VIDEO_SECONDS = 10_000 * 60;

/**
 * A video length as measured by a host or read from a container header, in whole seconds (rounded), or null
 * ("unknown") for anything that is not a finite length from 1 s to `MAX_VIDEO_SECONDS`: NaN, infinities,
 * negatives, zero, absurdly long. The learning rules then fall back on the lesson's typed duration.
 */
export function plausibleDurationSeconds(seconds: unknown): number | null {
  if (typeof seconds !== "number" || !Number.isFinite(seconds)) return null;
  const whole = Math.round(seconds);
  return whole >= 1 && whole <= MAX_VIDEO_SECONDS ? whole : null;
}

export type RemoteVideoState = {
  status: VideoStatus;
  error?: VideoErrorCode;
  durationSeconds?: number | null;
  embedUrl?: string | null;
  bytesReceived?: number;
};

/**
 * Vimeo reports `upload.status` and `transcode.status`, each in_progress, complete or error. Ours: the bytes
 * still arriving → uploading; all arrived but not yet transcoded → processing; transcoded → ready; any
 * error → error.
 */
export function mapVimeoStatus(vimeo: { upload?: string; transcode?: string }): RemoteVideoState {
  if (vimeo.upload === "error" || vimeo.transcode === "error")
    return { status: "error", error: "vimeo_error" };
  if (vimeo.upload !== "complete") return { status: "uploading" };
  if (vimeo.transcode === "complete") return { status: "ready" };
  return { status: "processing" };
}

/** Only the trainer who asked for the upload link, or an admin, may write to it (or read its status). */
export function canWriteVideo(actor: Viewer, video: { ownerId: string | null }) {
  if (!actor) return false;
  return isAdmin(actor) || (canTeach(actor) && video.ownerId === actor.id);
}
