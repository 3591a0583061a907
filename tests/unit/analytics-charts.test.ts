import { describe, expect, it } from "vitest";
import { buildChart, compactMoney } from "../../app/analytics/charts.server";

const points = [
  { bucketStart: "2026-03-13", value: 0 },
  { bucketStart: "2026-03-14", value: 3 },
  { bucketStart: "2026-03-15", value: 7 },
];
const count = (value: number) => String(value);

describe("buildChart", () => {
  it("draws one bar per bucket, an empty bucket as a bar of no height", () => {
    const chart = buildChart({
      kind: "bars",
      locale: "en",
      unit: "day",
      points,
      format: count,
      integer: true,
    });
    expect(chart.bars).toHaveLength(3);
    expect(chart.bars[0]?.height).toBe(0);
    const [, three, seven] = chart.bars;
    // Heights are proportional to the values and stand on the baseline.
    expect((seven?.height ?? 0) / (three?.height ?? 1)).toBeCloseTo(7 / 3, 1);
    expect((seven?.y ?? 0) + (seven?.height ?? 0)).toBeCloseTo(chart.baseline, 1);
    expect(chart.total).toBe("10");
    expect(chart.rows.map((row) => row.value)).toEqual(["0", "3", "7"]);
  });

  it("runs time left to right in English and right to left in Arabic", () => {
    const english = buildChart({ kind: "bars", locale: "en", unit: "day", points, format: count });
    const arabic = buildChart({ kind: "bars", locale: "ar", unit: "day", points, format: count });
    expect(english.bars[0]?.x).toBeLessThan(english.bars[2]?.x ?? 0);
    expect(arabic.bars[0]?.x).toBeGreaterThan(arabic.bars[2]?.x ?? 0);
    expect(arabic.dir).toBe("rtl");
    // The value axis stands at the start: left of the plot in English, right of it in Arabic.
    expect(english.yLabelX).toBeLessThan(english.plotLeft);
    expect(arabic.yLabelX).toBeGreaterThan(arabic.plotRight);
  });

  it("keeps count ticks to whole numbers, even when every value is 0", () => {
    const empty = points.map((point) => ({ ...point, value: 0 }));
    const chart = buildChart({
      kind: "bars",
      locale: "en",
      unit: "day",
      points: empty,
      format: count,
      integer: true,
    });
    expect(chart.yTicks.map((tick) => tick.label)).toEqual(["0", "1"]);
  });

  it("draws an area and its line through the bucket centres for revenue", () => {
    const chart = buildChart({ kind: "area", locale: "en", unit: "month", points, format: count });
    expect(chart.bars).toEqual([]);
    expect(chart.linePath).toMatch(/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
    expect(chart.areaPath.endsWith("Z")).toBe(true);
    expect(chart.rows.map((row) => row.label)).toEqual(["March 2026", "March 2026", "March 2026"]);
  });

  it("labels the newest bucket and names weeks by their Monday in the table", () => {
    const many = Array.from({ length: 13 }, (_, index) => ({
      bucketStart: new Date(Date.UTC(2025, 11, 15 + 7 * index)).toISOString().slice(0, 10),
      value: index,
    }));
    const chart = buildChart({
      kind: "bars",
      locale: "en",
      unit: "week",
      points: many,
      format: count,
      weekOf: (date) => `Week of ${date}`,
    });
    expect(chart.xTicks.length).toBeLessThanOrEqual(7);
    expect(chart.xTicks.at(-1)?.label).toBe("Mar 9");
    expect(chart.rows[0]?.label).toBe("Week of December 15, 2025");
  });
});

describe("the phone-sized drawing", () => {
  it("is narrower and carries fewer date labels", () => {
    const days = Array.from({ length: 30 }, (_, index) => ({
      bucketStart: new Date(Date.UTC(2026, 1, 14 + index)).toISOString().slice(0, 10),
      value: index % 3,
    }));
    const input = {
      kind: "bars" as const,
      locale: "en" as const,
      unit: "day" as const,
      points: days,
      format: count,
    };
    const wide = buildChart(input, "wide");
    const narrow = buildChart(input, "narrow");
    expect(narrow.width).toBeLessThan(wide.width);
    expect(narrow.xTicks.length).toBeLessThan(wide.xTicks.length);
    expect(narrow.xTicks.length).toBeLessThanOrEqual(4);
    expect(narrow.rows).toEqual(wide.rows);
  });
});

describe("compactMoney", () => {
  it("shortens minor units for an axis, leaving the currency to the caption", () => {
    expect(compactMoney("en", "USD")(150_000)).toBe("1.5K");
    expect(compactMoney("en", "USD")(500)).toBe("5");
    expect(compactMoney("en", "JPY")(1500)).toBe("1.5K");
    expect(compactMoney("ar", "USD")(150_000)).not.toMatch(/USD/);
  });
});
