import { describe, expect, it } from "vitest";
import { bucketStarts, parsePeriod, periodOf, truncate } from "../../app/analytics/periods";

// A Sunday afternoon, so weeks (Monday-based) and months both have a partial last bucket.
const NOW = new Date("2026-03-15T12:00:00Z");

describe("parsePeriod", () => {
  it("accepts the offered windows", () => {
    expect(parsePeriod("30")).toBe(30);
    expect(parsePeriod("90")).toBe(90);
    expect(parsePeriod("365")).toBe(365);
  });

  it("falls back to 30 days for anything else", () => {
    for (const junk of [
      null,
      undefined,
      "",
      "7",
      "0",
      "-30",
      "30.0",
      "30abc",
      " 90",
      "1e2",
      "365365",
      "NaN",
    ]) {
      expect(parsePeriod(junk), String(junk)).toBe(30);
    }
  });
});

describe("periodOf", () => {
  it("counts today and the days before it, from midnight UTC", () => {
    const month = periodOf(30, NOW);
    expect(month.unit).toBe("day");
    expect(month.start.toISOString()).toBe("2026-02-14T00:00:00.000Z");
    expect(month.end).toBe(NOW);
    expect(periodOf(90, NOW)).toMatchObject({ unit: "week", start: new Date("2025-12-16T00:00:00Z") });
    expect(periodOf(365, NOW)).toMatchObject({ unit: "month", start: new Date("2025-03-16T00:00:00Z") });
  });
});

describe("bucketStarts", () => {
  it("has one bucket per day for 30 days", () => {
    const starts = bucketStarts(periodOf(30, NOW));
    expect(starts).toHaveLength(30);
    expect(starts[0]).toBe("2026-02-14");
    expect(starts.at(-1)).toBe("2026-03-15");
  });

  it("has Monday weeks for 90 days, the first and last partial", () => {
    const starts = bucketStarts(periodOf(90, NOW));
    expect(starts[0]).toBe("2025-12-15");
    expect(starts.at(-1)).toBe("2026-03-09");
    expect(starts).toHaveLength(13);
  });

  it("has calendar months for 365 days", () => {
    const starts = bucketStarts(periodOf(365, NOW));
    expect(starts[0]).toBe("2025-03-01");
    expect(starts.at(-1)).toBe("2026-03-01");
    expect(starts).toHaveLength(13);
  });
});

describe("truncate", () => {
  it("takes a date back to its bucket's start in UTC", () => {
    const late = new Date("2026-03-15T23:59:59Z");
    expect(truncate(late, "day").toISOString()).toBe("2026-03-15T00:00:00.000Z");
    expect(truncate(late, "week").toISOString()).toBe("2026-03-09T00:00:00.000Z");
    expect(truncate(new Date("2026-03-09T00:00:00Z"), "week").toISOString()).toBe("2026-03-09T00:00:00.000Z");
    expect(truncate(late, "month").toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});
