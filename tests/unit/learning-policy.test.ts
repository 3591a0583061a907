import { describe, expect, it } from "vitest";
import {
  checkPosition,
  maxPositionSeconds,
  progressPercent,
  reachesCompletion,
  resumeFrom,
  UNBOUNDED_POSITION_LIMIT,
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
