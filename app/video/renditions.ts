// The rules of light renditions that need no database or ffmpeg (issue 36; decision 058): which qualities
// exist, how ffmpeg is told to make each, and which one a player picks for a learner's choice and connection.
// The original upload is "high"; "low" (~360p, ~300 kbps H.264 + 48 kbps AAC) and "audio" (48 kbps AAC)
// are made from it by the video-renditions job (renditions.server.ts).
import type { RenditionQuality, RenditionStatus } from "../db/schema/renditions";

export const RENDITION_QUALITIES = ["low", "audio"] as const satisfies readonly RenditionQuality[];

export const isRenditionQuality = (value: unknown): value is RenditionQuality =>
  typeof value === "string" && (RENDITION_QUALITIES as readonly string[]).includes(value);

/** What a player can play: the original or one of its renditions. */
export type PlaybackQuality = "high" | RenditionQuality;

/** What a learner picks in the player; "auto" lets the connection decide. */
export const QUALITY_CHOICES = ["auto", "high", "low", "audio"] as const;
export type QualityChoice = (typeof QUALITY_CHOICES)[number];

export const isQualityChoice = (value: unknown): value is QualityChoice =>
  typeof value === "string" && (QUALITY_CHOICES as readonly string[]).includes(value);

/** The targets, also the bounds the rendition tests hold the made files to. */
export const LOW_RENDITION = { maxHeight: 360, videoKbps: 300, audioKbps: 48, maxFps: 30 } as const;
export const AUDIO_RENDITION = { audioKbps: 48 } as const;

export const RENDITION_CONTENT_TYPES: Record<RenditionQuality, string> = {
  low: "video/mp4",
  audio: "audio/mp4",
};

export const RENDITION_EXTENSIONS: Record<RenditionQuality, string> = { low: "mp4", audio: "m4a" };

/**
 * ffmpeg's arguments to make `quality` from `input` into `output`. Both outputs are MP4 with the index up
 * front (`+faststart`), so they play while they download, and mono AAC at 48 kbps, which is plenty for a
 * voice. The low video keeps the aspect ratio at an even height of at most 360 lines and at most 30 frames
 * per second; `maxrate`/`bufsize` keep the bitrate near its target even in busy scenes, and a source already
 * lighter than the target gets a lower one (`lowVideoKbps`).
 */
export function ffmpegArguments(
  quality: RenditionQuality,
  input: string,
  output: string,
  sourceBitRate: number | null = null,
): string[] {
  const common = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", input];
  const audio = ["-c:a", "aac", "-ac", "1"];
  const tail = ["-movflags", "+faststart", "-map_metadata", "-1", output];
  if (quality === "audio") {
    return [...common, "-map", "0:a:0", "-vn", ...audio, "-b:a", `${AUDIO_RENDITION.audioKbps}k`, ...tail];
  }
  const { maxHeight, audioKbps, maxFps } = LOW_RENDITION;
  const videoKbps = lowVideoKbps(sourceBitRate);
  return [
    ...common,
    "-map",
    "0:v:0",
    "-map",
    "0:a:0?",
    "-vf",
    `scale=-2:'2*trunc(min(${maxHeight},ih)/2)'`,
    "-fpsmax",
    String(maxFps),
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-profile:v",
    "main",
    "-pix_fmt",
    "yuv420p",
    "-b:v",
    `${videoKbps}k`,
    "-maxrate",
    `${Math.round(videoKbps * 1.1)}k`,
    "-bufsize",
    `${videoKbps * 2}k`,
    ...audio,
    "-b:a",
    `${audioKbps}k`,
    ...tail,
  ];
}

/** A light source's low rendition spends at most this share of the source's bitrate, so it stays lighter. */
const LIGHTER_THAN_SOURCE = 0.85;
const MIN_VIDEO_KBPS = 48;

/**
 * The low rendition's video bitrate: the target, or less for a source already lighter than the target, so
 * the "light" version is never heavier than the original (a 126 kbps demo clip would otherwise grow to
 * 350 kbps).
 */
export function lowVideoKbps(sourceBitRate: number | null): number {
  const { videoKbps, audioKbps } = LOW_RENDITION;
  if (sourceBitRate === null || !Number.isFinite(sourceBitRate) || sourceBitRate <= 0) return videoKbps;
  const budget = Math.floor((sourceBitRate / 1000) * LIGHTER_THAN_SOURCE) - audioKbps;
  return Math.max(MIN_VIDEO_KBPS, Math.min(videoKbps, budget));
}

/** What the browser told us of its connection (Save-Data, the Network Information API). */
export type ConnectionHints = {
  saveData?: boolean;
  /** navigator.connection.effectiveType: "slow-2g" | "2g" | "3g" | "4g". */
  effectiveType?: string;
  /** navigator.connection.downlink, in Mbit/s. */
  downlinkMbps?: number;
};

/** Slower than this, the original (often several Mbit/s) stalls; the low rendition needs about 0.35. */
const SLOW_DOWNLINK_MBPS = 1.5;

/** Whether "auto" should play the light rendition: the learner saves data, or the connection is slow. */
export function prefersLightRendition(hints: ConnectionHints): boolean {
  if (hints.saveData) return true;
  if (hints.effectiveType === "slow-2g" || hints.effectiveType === "2g" || hints.effectiveType === "3g")
    return true;
  return (
    typeof hints.downlinkMbps === "number" &&
    hints.downlinkMbps > 0 &&
    hints.downlinkMbps < SLOW_DOWNLINK_MBPS
  );
}

export type RenditionState = { quality: PlaybackQuality; status: RenditionStatus };

/**
 * The quality a player plays for the learner's choice: a rendition only once it is ready (until then the
 * original plays), and for "auto" the low one only when the connection asks for it.
 */
export function pickQuality(
  choice: QualityChoice,
  hints: ConnectionHints,
  renditions: readonly RenditionState[],
): PlaybackQuality {
  const ready = (quality: RenditionQuality) =>
    renditions.some((rendition) => rendition.quality === quality && rendition.status === "ready");
  if (choice === "low" || choice === "audio") return ready(choice) ? choice : "high";
  if (choice === "auto" && prefersLightRendition(hints) && ready("low")) return "low";
  return "high";
}
