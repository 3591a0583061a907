// The reporting windows of the analytics pages: the last 30, 90 or 365 days, and how each is cut into
// buckets for a chart. Pure, so pages, queries and tests agree on one definition. All dates are UTC.

export const PERIODS = [30, 90, 365] as const;
export type PeriodDays = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: PeriodDays = 30;

/** A chart bar per day for a month, per week for a quarter, per calendar month for a year. */
export type BucketUnit = "day" | "week" | "month";

export type Period = {
  days: PeriodDays;
  unit: BucketUnit;
  /** Midnight UTC of the first day counted: today minus days − 1, so "30 days" is today and the 29 before. */
  start: Date;
  /** The moment the figures are taken (now): rows created after it are not counted. */
  end: Date;
};

const BUCKET_UNIT: Record<PeriodDays, BucketUnit> = { 30: "day", 90: "week", 365: "month" };
const DAY_MS = 86_400_000;

/** `?period=` as one of the offered windows; anything else (missing, junk, 7, "30abc") is the default. */
export function parsePeriod(value: string | null | undefined): PeriodDays {
  const days = Number(value);
  return (PERIODS as readonly number[]).includes(days) && /^\d+$/.test(value ?? "")
    ? (days as PeriodDays)
    : DEFAULT_PERIOD;
}

export function periodOf(days: PeriodDays, now: Date): Period {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { days, unit: BUCKET_UNIT[days], start: new Date(today - (days - 1) * DAY_MS), end: now };
}

/**
 * The start of every bucket the window touches, as YYYY-MM-DD, oldest first. Weeks start on Monday (ISO,
 * as PostgreSQL's date_trunc('week')), months on the 1st; the first and last bucket may be partial. The SQL
 * builds the same list with generate_series; this one lets tests and labels check it without a database.
 */
export function bucketStarts(period: Period): string[] {
  const first = truncate(period.start, period.unit);
  const last = truncate(period.end, period.unit);
  const starts: string[] = [];
  for (let bucket = first; bucket <= last; bucket = advance(bucket, period.unit)) {
    starts.push(bucket.toISOString().slice(0, 10));
  }
  return starts;
}

export function truncate(date: Date, unit: BucketUnit): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (unit === "day") return day;
  if (unit === "month") return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  // getUTCDay: Sunday 0 … Saturday 6; back to Monday.
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

function advance(date: Date, unit: BucketUnit): Date {
  if (unit === "day") return new Date(date.getTime() + DAY_MS);
  if (unit === "week") return new Date(date.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}
