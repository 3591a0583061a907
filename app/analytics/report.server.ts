// The analytics pages' data, ready to render: the figures of analytics.server.ts run in parallel, turned
// into chart geometry and into text for the reader's locale (money, percentages, dates), so the routes only
// parse the URL and the components only lay out strings.
import type { Database } from "../db/client.server";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { formatMoney, minorUnitDigits } from "../lib/money";
import {
  type CourseFigures,
  courseFigures,
  enrollmentSeries,
  type Figures,
  signupSeries,
  topCourses,
} from "./analytics.server";
import type { ChartModel } from "./chart-model";
import { buildChart, compactMoney } from "./charts.server";
import type { BucketUnit, Period } from "./periods";

type Translate = (key: string, options?: Record<string, unknown>) => string;

type Reader = { locale: Locale; t: Translate; currency: string };

/** A chart drawn twice, for a phone and for wider screens (CSS shows one); the figures are the same. */
export type ChartView = { model: ChartModel; narrow: ChartModel; title: string; summary: string };

/** Figures as the totals cards and the per-course table show them. */
export type FiguresView = {
  enrollments: string;
  revenue: string;
  learners: string;
  completionRate: string;
  averageProgress: string;
  rating: string;
  ratingCount: string;
};

function formatters({ locale, t, currency }: Reader) {
  const whole = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const stars = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    count: (value: number) => whole.format(value),
    money: (minorUnits: number) => formatMoney(minorUnits, locale, currency),
    compactMoney: compactMoney(locale, currency),
    /** "—" (with its meaning for screen readers in the table's note) when there is no one to measure. */
    share: (value: number | null) => (value === null ? t("analytics:figures.none") : percent.format(value)),
    stars: (value: number | null) =>
      value === null
        ? t("analytics:figures.noRating")
        : t("analytics:figures.stars", { value: stars.format(value) }),
  };
}

function figuresView(figures: Figures, reader: Reader): FiguresView {
  const format = formatters(reader);
  return {
    enrollments: format.count(figures.enrollments),
    revenue: format.money(figures.revenue),
    learners: format.count(figures.learners),
    completionRate: format.share(figures.completionRate),
    averageProgress: format.share(figures.averageProgress),
    rating: format.stars(figures.ratingAverage),
    // Only beside an average: "Not rated yet, 0 ratings" says the same thing twice.
    ratingCount:
      figures.ratingCount > 0
        ? reader.t("analytics:figures.ratingCount", { count: figures.ratingCount })
        : "",
  };
}

function chartView(
  reader: Reader,
  period: Period,
  chart: "enrollments" | "revenue" | "signups",
  points: { bucketStart: string; value: number }[],
): ChartView {
  const format = formatters(reader);
  const money = chart === "revenue";
  const input = {
    kind: money ? ("area" as const) : ("bars" as const),
    locale: reader.locale,
    unit: period.unit,
    points,
    format: money ? format.money : format.count,
    formatTick: money ? format.compactMoney : format.count,
    integer: !money,
    minTop: money ? 10 ** minorUnitDigits(reader.currency) : 1,
    weekOf: (date: string) => reader.t("analytics:chart.weekOf", { date }),
  };
  const model = buildChart(input, "wide");
  const title = reader.t(`analytics:chart.${chart}.${period.unit satisfies BucketUnit}`);
  return {
    model,
    narrow: buildChart(input, "narrow"),
    title,
    summary: reader.t("analytics:chart.summary", {
      title,
      period: reader.t(`analytics:period.options.${period.days}`),
      total: model.total,
    }),
  };
}

export type CourseRowView = FiguresView & { courseId: number; title: string; titleAr: string | null };

/** /instructor/analytics: one trainer's (or, for an admin without a filter, every) course. */
export async function instructorReport(
  db: Database,
  reader: Reader,
  { period, trainerId, limit, offset }: { period: Period; trainerId?: string; limit: number; offset: number },
) {
  const [series, figures] = await Promise.all([
    enrollmentSeries(db, { period, trainerId }),
    courseFigures(db, { period, trainerId, limit, offset }),
  ]);
  return {
    charts: {
      enrollments: chartView(
        reader,
        period,
        "enrollments",
        series.map((point) => ({ bucketStart: point.bucketStart, value: point.enrollments })),
      ),
      revenue: chartView(
        reader,
        period,
        "revenue",
        series.map((point) => ({ bucketStart: point.bucketStart, value: point.revenue })),
      ),
    },
    totals: figuresView(figures.totals, reader),
    courses: figures.courses.map(
      (course: CourseFigures): CourseRowView => ({
        courseId: course.courseId,
        title: course.title,
        titleAr: course.titleAr,
        ...figuresView(course, reader),
      }),
    ),
    courseCount: figures.courseCount,
  };
}

/** The admin dashboard's analytics: the platform's revenue, enrollments and sign-ups, and its top courses. */
export async function adminReport(db: Database, reader: Reader, { period }: { period: Period }) {
  const format = formatters(reader);
  const [series, signups, top] = await Promise.all([
    enrollmentSeries(db, { period }),
    signupSeries(db, period),
    topCourses(db, { period, limit: 5 }),
  ]);
  return {
    charts: {
      revenue: chartView(
        reader,
        period,
        "revenue",
        series.map((point) => ({ bucketStart: point.bucketStart, value: point.revenue })),
      ),
      enrollments: chartView(
        reader,
        period,
        "enrollments",
        series.map((point) => ({ bucketStart: point.bucketStart, value: point.enrollments })),
      ),
      signups: chartView(
        reader,
        period,
        "signups",
        signups.map((point) => ({ bucketStart: point.bucketStart, value: point.signups })),
      ),
    },
    topCourses: top.map((course) => ({
      courseId: course.courseId,
      title: pick(reader.locale, course.title, course.titleAr),
      trainerName: pick(reader.locale, course.trainerName, course.trainerNameAr),
      enrollments: format.count(course.enrollments),
      revenue: format.money(course.revenue),
    })),
  };
}
