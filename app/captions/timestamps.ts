/**
 * Caption timestamps in integer milliseconds: the WebVTT form (`hh:mm:ss.mmm`) written into served files, and
 * the short form a transcript shows beside each line (`m:ss`, or `h:mm:ss` from an hour on).
 */

/** The latest timestamp a caption file may carry: 99:59:59.999, so the WebVTT form keeps two hour digits. */
export const MAX_TIMESTAMP_MS = 100 * 3_600_000 - 1;

function clamp(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) return 0;
  return Math.min(Math.floor(ms), MAX_TIMESTAMP_MS);
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");

/** `hh:mm:ss.mmm`, the WebVTT timestamp (negative or non-finite input reads as 0, beyond the maximum as it). */
export function formatTimestamp(ms: number): string {
  const whole = clamp(ms);
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(whole % 1000, 3)}`;
}

/** The transcript's short form: `0:05`, `12:34`, `1:02:03` (seconds rounded down). */
export function formatDisplayTimestamp(ms: number): string {
  const total = Math.floor(clamp(ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor(total / 60) % 60;
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes, 2)}:${pad(seconds, 2)}` : `${minutes}:${pad(seconds, 2)}`;
}
