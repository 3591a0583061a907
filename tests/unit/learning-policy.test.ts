import { describe, expect, it } from "vitest";
import {
  checkPosition,
  maxPositionSeconds,
  mayMarkComplete,
  plausibleWatch,
  progressPercent,
  reachesCompletion,
  resumeFrom,
  UNBOUNDED_POSITION_LIMIT,
  WATCH_SLACK_SECONDS,
} from "../../app/learning/policy";

describe("position bounds", () => {
  it("uses the video's measured length first, then the typed duration, then a day", () => {
    expect(maxPositionSeconds({ videoSeconds: 95.4, durationMinutes: 10 })).toBe(96);
    expect(maxPositionSeconds({ videoSeconds: null, durationMinutes: 10 })).toBe(600);
    expect(maxPositionSeconds({ videoSeconds: 0, durationMinutes: null })).toBe(UNBOUNDED_POSITION_LIMIT);
    expect(maxPositionSeconds({ videoSeconds: null, durationMinutes: 0 })).toBe(UNBOUNDED_POSITION_LIMIT);
  });

  it("accepts 0 through the end, rounded down to whole seconds", () => {
    const length = { videoSeconds: 120, durationMinutes: null };
    expect(checkPosition(0, length)).toEqual({ ok: true, seconds: 0 });
    expect(checkPosition(12.9, length)).toEqual({ ok: true, seconds: 12 });
    expect(checkPosition(120, length)).toEqual({ ok: true, seconds: 120 });
  });

  it("refuses negative, beyond the end, and non-finite positions", () => {
    const length = { videoSeconds: 120, durationMinutes: 50 };
    expect(checkPosition(-0.5, length)).toEqual({ ok: false, reason: "negative", max: 120 });
    expect(checkPosition(120.5, length)).toEqual({ ok: false, reason: "beyond_end", max: 120 });
    expect(checkPosition(Number.NaN, length)).toMatchObject({ ok: false, reason: "invalid" });
    expect(checkPosition(Number.POSITIVE_INFINITY, length)).toMatchObject({ ok: false, reason: "invalid" });
    expect(checkPosition(601, { videoSeconds: null, durationMinutes: 10 })).toMatchObject({
      ok: false,
      reason: "beyond_end",
    });
    expect(
      checkPosition(UNBOUNDED_POSITION_LIMIT + 1, { videoSeconds: null, durationMinutes: null }),
    ).toMatchObject({ ok: false, reason: "beyond_end" });
  });
});

describe("completion at 90 % watched", () => {
  it("completes at 90 % of the measured length, not before", () => {
    expect(reachesCompletion(89, 100)).toBe(false);
    expect(reachesCompletion(90, 100)).toBe(true);
    expect(reachesCompletion(100, 100)).toBe(true);
    expect(reachesCompletion(9, 10)).toBe(true);
    expect(reachesCompletion(8, 10)).toBe(false);
  });

  it("never completes without a measured length", () => {
    expect(reachesCompletion(10_000, null)).toBe(false);
    expect(reachesCompletion(10, 0)).toBe(false);
  });
});

describe("percent rounding", () => {
  it("rounds down so 100 % means every lesson, and shows at least 1 % once one is done", () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(0, 8)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(1, 500)).toBe(1);
    expect(progressPercent(5, 4)).toBe(100);
  });
});

describe("resume", () => {
  it("resumes at the saved position, from the start when it is at the very end", () => {
    expect(resumeFrom(0, 100)).toBe(0);
    expect(resumeFrom(42, 100)).toBe(42);
    expect(resumeFrom(42, null)).toBe(42);
    expect(resumeFrom(99, 100)).toBe(0);
  });
});

describe("what counts as watched", () => {
  const start = new Date("2026-11-25T10:00:00Z");
  const secondsLater = (seconds: number) => new Date(start.getTime() + seconds * 1000);

  it("never reaches past the wall-clock time since the lesson was begun, plus the slack", () => {
    expect(plausibleWatch(600, start, secondsLater(1))).toBe(1 + WATCH_SLACK_SECONDS);
    expect(plausibleWatch(600, start, secondsLater(300))).toBe(300 + WATCH_SLACK_SECONDS);
    expect(plausibleWatch(120, start, secondsLater(300))).toBe(120);
    // A clock that went backwards grants nothing beyond the slack.
    expect(plausibleWatch(600, start, secondsLater(-50))).toBe(WATCH_SLACK_SECONDS);
  });

  it("lets a video lesson be marked complete only once 90 % could have been watched", () => {
    const video = { videoSeconds: 600 };
    // "completed: true" a second after buying: refused.
    expect(mayMarkComplete(video, { watchedSeconds: 0, startedAt: null }, secondsLater(1))).toBe(false);
    expect(mayMarkComplete(video, { watchedSeconds: 0, startedAt: start }, secondsLater(1))).toBe(false);
    // Positions reported up to 90 %, or the page open that long (no JavaScript reports no positions).
    expect(mayMarkComplete(video, { watchedSeconds: 540, startedAt: start }, secondsLater(600))).toBe(true);
    expect(
      mayMarkComplete(
        video,
        { watchedSeconds: 0, startedAt: start },
        secondsLater(540 - WATCH_SLACK_SECONDS),
      ),
    ).toBe(true);
    expect(
      mayMarkComplete(
        video,
        { watchedSeconds: 0, startedAt: start },
        secondsLater(500 - WATCH_SLACK_SECONDS),
      ),
    ).toBe(false);
  });

  it("lets a lesson without a measured video (a typed length, or nothing to watch) be marked complete at once", () => {
    expect(mayMarkComplete({ videoSeconds: null }, { watchedSeconds: 0, startedAt: null }, start)).toBe(true);
    expect(mayMarkComplete({ videoSeconds: 0 }, { watchedSeconds: 0, startedAt: null }, start)).toBe(true);
  });
});
