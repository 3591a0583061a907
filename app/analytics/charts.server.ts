// Chart geometry, computed on the server: d3-scale places the buckets and values, d3-shape draws the area,
// and the page receives only numbers and path strings. The chart component (app/components/charts) stays
// plain JSX, so d3 never reaches the browser bundle and the charts show without JavaScript.
import { scaleBand, scaleLinear } from "d3-scale";
import { area, line } from "d3-shape";
import type { Locale } from "../i18n/languages";
import { directionOf } from "../i18n/languages";
import { minorUnitDigits } from "../lib/money";
import type { ChartModel } from "./chart-model";
import type { BucketUnit } from "./periods";

/**
 * The drawing's own coordinate space; the SVG scales it to the width it is given. A phone gets a narrower
 * drawing (fewer date labels) rather than the wide one shrunk until its text is unreadable. `xLabels`: about
 * this many dates fit under the chart; the table lists every bucket. The side carrying the value axis (start:
 * left in English, right in Arabic) needs room for its labels.
 */
export const CHART_SIZES = {
  wide: { width: 640, height: 260, axisSide: 64, xLabels: 6 },
  narrow: { width: 360, height: 230, axisSide: 56, xLabels: 3 },
} as const;
export type ChartSize = keyof typeof CHART_SIZES;
const MARGIN = { top: 16, bottom: 36, otherSide: 16 };
/** About half the width of the longest date label ("23 نوفمبر", "Mar 2026") at the chart's font size. */
const LABEL_HALF_WIDTH = 34;

export type ChartInput = {
  kind: "bars" | "area";
  locale: Locale;
  unit: BucketUnit;
  /** Oldest first: bucket start (YYYY-MM-DD) and value. */
  points: { bucketStart: string; value: number }[];
  /** A value as the table shows it. */
  format: (value: number) => string;
  /** A value as the axis shows it (shorter). Defaults to `format`. */
  formatTick?: (value: number) => string;
  /** Counts get whole-number ticks only. */
  integer?: boolean;
  /** The value axis reaches at least this high (one currency unit for money, so ticks are not cents). */
  minTop?: number;
  /** Names a week in the table from its Monday's date ("Week of 9 March 2026"). */
  weekOf?: (date: string) => string;
};

export function buildChart(input: ChartInput, size: ChartSize = "wide"): ChartModel {
  const { width, height, axisSide, xLabels } = CHART_SIZES[size];
  const dir = directionOf(input.locale);
  const rtl = dir === "rtl";
  const keys = input.points.map((point) => point.bucketStart);
  const plotLeft = rtl ? MARGIN.otherSide : axisSide;
  const plotRight = width - (rtl ? axisSide : MARGIN.otherSide);
  const baseline = height - MARGIN.bottom;
  // Time runs with the reading direction: right to left in Arabic.
  const x = scaleBand<string>()
    .domain(keys)
    .range(rtl ? [plotRight, plotLeft] : [plotLeft, plotRight])
    .paddingInner(input.kind === "bars" ? 0.2 : 0)
    .paddingOuter(0.1);
  const max = Math.max(0, ...input.points.map((point) => point.value));
  const y = scaleLinear()
    .domain([0, Math.max(max, input.minTop ?? 1)])
    .range([baseline, MARGIN.top])
    .nice(4);
  const center = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
  const formatTick = input.formatTick ?? input.format;
  const yTicks = y
    .ticks(4)
    .filter((value) => !input.integer || Number.isInteger(value))
    .map((value) => ({ position: round(y(value)), label: formatTick(value) }));
  const axisLabels = dateLabels(input.locale, input.unit, "axis");
  const tableLabels = dateLabels(input.locale, input.unit, "table");
  const every = Math.max(1, Math.ceil(keys.length / xLabels));
  // Label from the newest bucket backwards, so "today" (or this week/month) always has its label.
  const xTicks = keys
    .filter((_, index) => (keys.length - 1 - index) % every === 0)
    // Kept far enough from the drawing's edge that a centred label is not cut off.
    .map((key) => ({
      position: round(Math.min(width - LABEL_HALF_WIDTH, Math.max(LABEL_HALF_WIDTH, center(key)))),
      label: axisLabels(key),
    }));
  const bars =
    input.kind === "bars"
      ? input.points.map((point) => {
          const top = y(point.value);
          return {
            x: round(x(point.bucketStart) ?? 0),
            y: round(top),
            width: round(x.bandwidth()),
            height: round(baseline - top),
          };
        })
      : [];
  type Point = { bucketStart: string; value: number };
  const areaPath =
    input.kind === "area"
      ? (area<Point>()
          .x((point) => center(point.bucketStart))
          .y0(baseline)
          .y1((point) => y(point.value))
          .digits(1)(input.points) ?? "")
      : "";
  const linePath =
    input.kind === "area"
      ? (line<Point>()
          .x((point) => center(point.bucketStart))
          .y((point) => y(point.value))
          .digits(1)(input.points) ?? "")
      : "";
  return {
    kind: input.kind,
    width,
    height,
    dir,
    plotLeft,
    plotRight,
    baseline,
    bars,
    areaPath,
    linePath,
    xTicks,
    yTicks,
    yLabelX: rtl ? plotRight + 8 : plotLeft - 8,
    rows: input.points.map((point) => ({
      label:
        input.unit === "week" && input.weekOf
          ? input.weekOf(tableLabels(point.bucketStart))
          : tableLabels(point.bucketStart),
      value: input.format(point.value),
    })),
    total: input.format(input.points.reduce((sum, point) => sum + point.value, 0)),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * How a bucket is named: short under the axis ("14 Feb", "Mar 2026"), in full in the table ("14 February
 * 2026"; a week by its Monday). UTC, like the buckets.
 */
function dateLabels(
  locale: Locale,
  unit: BucketUnit,
  use: "axis" | "table",
): (bucketStart: string) => string {
  const options: Intl.DateTimeFormatOptions =
    unit === "month"
      ? { month: use === "axis" ? "short" : "long", year: "numeric" }
      : use === "axis"
        ? { day: "numeric", month: "short" }
        : { day: "numeric", month: "long", year: "numeric" };
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
  return (bucketStart) => format.format(new Date(`${bucketStart}T00:00:00Z`));
}

/**
 * Money on an axis, short and without the currency ("1.5K"; the caption's total and the table carry it):
 * the Arabic compact currency ("‏1.5 ألف USD") is too wide for the axis beside the drawing.
 */
export function compactMoney(locale: Locale, currency: string): (minorUnits: number) => string {
  const format = new Intl.NumberFormat(locale, {
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  const scale = 10 ** minorUnitDigits(currency);
  return (minorUnits) => format.format(minorUnits / scale);
}
