// When a playing lesson's position is saved, for any player (the native <video> or Vimeo's embed player):
// every SAVE_EVERY_MS while playing, on pause, on leaving (a beacon, delivered even after the tab closes),
// and at once when COMPLETION_SHARE of the video has been reached. The server decides whether that completes
// the lesson (it must have been plausibly watched, app/learning/policy.ts); the page then refreshes its ticks.
import { COMPLETION_SHARE } from "../../learning/policy";

/** How often a playing video's position is saved. */
export const SAVE_EVERY_MS = 15_000;

export type ProgressTracker = {
  /** A position report while playing (duration null while the player does not know it yet). */
  playing(positionSeconds: number, durationSeconds: number | null): void;
  paused(positionSeconds: number): void;
  /** The page or the player is going away. */
  leaving(positionSeconds: number): void;
};

type Options = {
  url: string;
  resumeAt: number;
  completed: boolean;
  /** After the save at COMPLETION_SHARE: refresh what shows the ticks. */
  onCompleted: () => void;
  now?: () => number;
  post?: (url: string, body: URLSearchParams) => Promise<Response>;
  beacon?: (url: string, body: URLSearchParams) => void;
};

function body(position: number): URLSearchParams {
  return new URLSearchParams({ positionSeconds: String(position) });
}

export function createProgressTracker({
  url,
  resumeAt,
  completed,
  onCompleted,
  now = Date.now,
  post = (target, fields) =>
    fetch(target, { method: "POST", body: fields, keepalive: true, credentials: "same-origin" }),
  beacon = (target, fields) => {
    navigator.sendBeacon(target, fields);
  },
}: Options): ProgressTracker {
  let lastSaved = Math.floor(resumeAt);
  let lastSavedAt = now();
  let completedSent = completed;

  const save = (positionSeconds: number, complete: boolean) => {
    const at = Math.floor(positionSeconds);
    if (!complete && at === lastSaved) return;
    lastSaved = at;
    lastSavedAt = now();
    void post(url, body(at))
      .then((response) => {
        if (complete && response.ok) onCompleted();
      })
      .catch(() => {});
  };

  return {
    playing(positionSeconds, durationSeconds) {
      if (!completedSent && durationSeconds && durationSeconds > 0) {
        if (positionSeconds >= durationSeconds * COMPLETION_SHARE) {
          completedSent = true;
          save(positionSeconds, true);
          return;
        }
      }
      if (now() - lastSavedAt >= SAVE_EVERY_MS) save(positionSeconds, false);
    },
    paused(positionSeconds) {
      save(positionSeconds, false);
    },
    leaving(positionSeconds) {
      const at = Math.floor(positionSeconds);
      if (at === lastSaved) return;
      lastSaved = at;
      beacon(url, body(at));
    },
  };
}
