// The part of Vimeo's embed-player postMessage protocol the learn page speaks (the protocol @vimeo/player
// uses): commands go to the frame as `{method, value?}`; the player answers with `{event, data}` (JSON text
// or an object). Everything that arrives is untrusted: the caller checks the origin and the source window,
// and this module keeps only well-formed events with finite, non-negative numbers.

export type VimeoPlayerEvent =
  | { event: "ready" }
  | { event: "timeupdate" | "pause" | "ended" | "seeked"; seconds: number; duration: number | null };

/** The events the learn page subscribes to once the player says it is ready. */
export const TRACKED_EVENTS = ["timeupdate", "pause", "ended", "seeked"] as const;

const MAX_SECONDS = 24 * 60 * 60 * 10;

function seconds(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= MAX_SECONDS
    ? value
    : null;
}

/** A message from the player frame, or null for anything that is not one of the events we track. */
export function parseVimeoMessage(raw: unknown): VimeoPlayerEvent | null {
  let message: unknown = raw;
  if (typeof raw === "string") {
    if (raw.length > 10_000) return null;
    try {
      message = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof message !== "object" || message === null) return null;
  const { event, data, method } = message as { event?: unknown; data?: unknown; method?: unknown };
  // A player that loaded before the page listened answers the page's "ping" instead of announcing "ready".
  if (event === "ready" || (event === undefined && method === "ping")) return { event: "ready" };
  if (event !== "timeupdate" && event !== "pause" && event !== "ended" && event !== "seeked") return null;
  const payload = (typeof data === "object" && data !== null ? data : {}) as {
    seconds?: unknown;
    duration?: unknown;
  };
  const at = seconds(payload.seconds);
  if (at === null) return null;
  const duration = seconds(payload.duration);
  return { event, seconds: at, duration: duration && duration > 0 ? duration : null };
}

/** A command for the player frame (posted with the frame's exact origin as the target). */
export function vimeoCommand(
  method: "ping" | "addEventListener" | "setCurrentTime",
  value?: string | number,
): { method: string; value?: string | number } {
  return value === undefined ? { method } : { method, value };
}
