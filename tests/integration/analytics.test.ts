// Analytics figures on a known dataset, with a fixed "now", so every number below is worked out by hand:
// series with empty buckets as 0, window edges, per-course and total completion, progress and rating, and
// who may see which figures. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  courseFigures,
  enrollmentSeries,
  signupSeries,
  topCourses,
} from "../../app/analytics/analytics.server";
import { bucketStarts, periodOf } from "../../app/analytics/periods";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courses, enrollments, lessonProgress, lessons, type User, users } from "../../app/db/schema";
import { loader as adminDashboard } from "../../app/routes/admin-dashboard";
import { loader as instructorAnalytics } from "../../app/routes/instructor-analytics";
import { cookieFor, createUser } from "./auth-helpers";
import { runRoute } from "./route-context";
import { withSection } from "./section-rows";
import { createTestDatabase } from "./test-database";

// A Sunday: the 30-day window starts 2026-02-14, the 90-day one 2025-12-16, the 365-day one 2025-03-16.
const NOW = new Date("2026-03-15T12:00:00Z");
const month = periodOf(30, NOW);
const quarter = periodOf(90, NOW);
const year = periodOf(365, NOW);

let handle: DatabaseHandle;
let trainerA: User;
let trainerB: User;
let admin: User;
const course = { a1: 0, a2: 0, b1: 0, b2: 0 };

async function setCreatedAt(user: User, at: string) {
  await handle.db
    .update(users)
    .set({ createdAt: new Date(at) })
    .where(eq(users.id, user.id));
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  trainerA = await createUser(db, "trainer");
  trainerB = await createUser(db, "trainer");
  admin = await createUser(db, "admin");
  for (const staff of [trainerA, trainerB, admin]) await setCreatedAt(staff, "2024-01-01T00:00:00Z");
  const learners = await Promise.all([1, 2, 3, 4].map(() => createUser(db, "user")));
  const [l1, l2, l3, l4] = learners as [User, User, User, User];
  // Sign-ups: today, 1 March (a Sunday), New Year's Eve, and last May.
  await setCreatedAt(l1, "2026-03-15T01:00:00Z");
  await setCreatedAt(l2, "2026-03-01T10:00:00Z");
  await setCreatedAt(l3, "2025-12-31T23:00:00Z");
  await setCreatedAt(l4, "2025-05-20T09:00:00Z");

  const base = { description: "d", category: "data-science" as const, isPublished: true };
  const [a1, a2, b1] = await db
    .insert(courses)
    .values([
      {
        ...base,
        slug: "a1",
        title: "A1",
        titleAr: "أ1",
        trainerId: trainerA.id,
        ratingSum: 9,
        ratingCount: 2,
      },
      { ...base, slug: "a2", title: "A2", trainerId: trainerA.id, isPublished: false },
      { ...base, slug: "b1", title: "B1", trainerId: trainerB.id, ratingSum: 5, ratingCount: 1 },
    ])
    .returning({ id: courses.id });
  course.a1 = a1?.id ?? 0;
  course.a2 = a2?.id ?? 0;
  course.b1 = b1?.id ?? 0;
  // A course with a lesson and nobody enrolled: it must add nothing to completion or progress.
  const [b2] = await db
    .insert(courses)
    .values({ ...base, slug: "b2", title: "B2", trainerId: trainerB.id })
    .returning({ id: courses.id });
  course.b2 = b2?.id ?? 0;
  const lessonRows = await db
    .insert(lessons)
    .values(
      await withSection(db, [
        { courseId: course.a1, position: 1, title: "A1.1" },
        { courseId: course.a1, position: 2, title: "A1.2" },
        { courseId: course.b1, position: 1, title: "B1.1" },
        { courseId: course.b2, position: 1, title: "B2.1" },
      ]),
    )
    .returning({ id: lessons.id });
  const [a1l1, a1l2, b1l1] = lessonRows.map((row) => row.id) as [number, number, number];

  const enroll = (user: User, courseId: number, pricePaid: number, at: string) => ({
    userId: user.id,
    courseId,
    pricePaid,
    createdAt: new Date(at),
  });
  await db.insert(enrollments).values([
    enroll(l1, course.a1, 1000, "2026-03-15T08:00:00Z"),
    enroll(l2, course.a1, 2000, "2026-03-10T23:30:00Z"),
    enroll(l3, course.a1, 0, "2026-01-05T10:00:00Z"),
    enroll(l4, course.a1, 500, "2025-06-01T12:00:00Z"),
    enroll(l1, course.b1, 3000, "2026-03-14T00:00:00Z"),
    // Exactly the first moment of the 30-day window (counted), and one second before it (not).
    enroll(l2, course.b1, 4000, "2026-02-14T00:00:00Z"),
    enroll(l3, course.b1, 100, "2026-02-13T23:59:59Z"),
    // After "now": in no window, but the learner is enrolled (a course without lessons: not measured).
    enroll(l4, course.a2, 700, "2026-03-16T00:00:00Z"),
  ]);
  const done = new Date("2026-03-15T09:00:00Z");
  await db.insert(lessonProgress).values([
    // A1 (2 lessons): l1 finished both, l2 one, l3 started one without finishing, l4 nothing.
    { userId: l1.id, courseId: course.a1, lessonId: a1l1, completedAt: done },
    { userId: l1.id, courseId: course.a1, lessonId: a1l2, completedAt: done },
    { userId: l2.id, courseId: course.a1, lessonId: a1l2, completedAt: done },
    { userId: l3.id, courseId: course.a1, lessonId: a1l1, positionSeconds: 40 },
    // B1 (1 lesson): l1 and l2 finished it, l3 did not start.
    { userId: l1.id, courseId: course.b1, lessonId: b1l1, completedAt: done },
    { userId: l2.id, courseId: course.b1, lessonId: b1l1, completedAt: done },
  ]);
});

afterAll(async () => {
  await handle?.close();
});

/** The series as {bucket: value} for the non-zero buckets, after checking it has every bucket in order. */
function nonZero<T extends { bucketStart: string }>(
  series: T[],
  period: ReturnType<typeof periodOf>,
  pick: (point: T) => number | [number, number],
) {
  expect(series.map((point) => point.bucketStart)).toEqual(bucketStarts(period));
  return Object.fromEntries(
    series
      .map((point) => [point.bucketStart, pick(point)] as const)
      .filter(([, value]) => (Array.isArray(value) ? value[0] !== 0 || value[1] !== 0 : value !== 0)),
  );
}

const pair = (point: { enrollments: number; revenue: number }): [number, number] => [
  point.enrollments,
  point.revenue,
];

describe("enrollmentSeries", () => {
  it("covers every day of the last 30 for the platform, empty days as 0", async () => {
    const series = await enrollmentSeries(handle.db, { period: month });
    expect(series).toHaveLength(30);
    expect(nonZero(series, month, pair)).toEqual({
      "2026-02-14": [1, 4000],
      "2026-03-10": [1, 2000],
      "2026-03-14": [1, 3000],
      "2026-03-15": [1, 1000],
    });
  });

  it("keeps to one trainer's courses, or one course", async () => {
    const mine = await enrollmentSeries(handle.db, { period: month, trainerId: trainerA.id });
    expect(nonZero(mine, month, pair)).toEqual({ "2026-03-10": [1, 2000], "2026-03-15": [1, 1000] });
    const one = await enrollmentSeries(handle.db, { period: month, courseId: course.b1 });
    expect(nonZero(one, month, pair)).toEqual({ "2026-02-14": [1, 4000], "2026-03-14": [1, 3000] });
    const nobody = await enrollmentSeries(handle.db, { period: month, trainerId: admin.id });
    expect(nonZero(nobody, month, pair)).toEqual({});
  });

  it("groups 90 days by Monday weeks and 365 days by months", async () => {
    const weeks = await enrollmentSeries(handle.db, { period: quarter });
    expect(nonZero(weeks, quarter, pair)).toEqual({
      "2026-01-05": [1, 0],
      "2026-02-09": [2, 4100],
      "2026-03-09": [3, 6000],
    });
    const months = await enrollmentSeries(handle.db, { period: year });
    expect(nonZero(months, year, pair)).toEqual({
      "2025-06-01": [1, 500],
      "2026-01-01": [1, 0],
      "2026-02-01": [2, 4100],
      "2026-03-01": [3, 6000],
    });
  });
});

describe("signupSeries", () => {
  it("counts new accounts per bucket", async () => {
    const signups = (point: { signups: number }) => point.signups;
    expect(nonZero(await signupSeries(handle.db, month), month, signups)).toEqual({
      "2026-03-01": 1,
      "2026-03-15": 1,
    });
    expect(nonZero(await signupSeries(handle.db, quarter), quarter, signups)).toEqual({
      "2025-12-29": 1,
      "2026-02-23": 1,
      "2026-03-09": 1,
    });
    expect(nonZero(await signupSeries(handle.db, year), year, signups)).toEqual({
      "2025-05-01": 1,
      "2025-12-01": 1,
      "2026-03-01": 2,
    });
  });
});

describe("topCourses", () => {
  it("ranks by enrollments in the window, then revenue", async () => {
    const top = await topCourses(handle.db, { period: month });
    expect(top.map(({ courseId, enrollments, revenue }) => [courseId, enrollments, revenue])).toEqual([
      [course.b1, 2, 7000],
      [course.a1, 2, 3000],
    ]);
    expect(top[1]).toMatchObject({ title: "A1", titleAr: "أ1", trainerName: "Test trainer" });
    const yearTop = await topCourses(handle.db, { period: year });
    expect(yearTop.map(({ courseId, enrollments, revenue }) => [courseId, enrollments, revenue])).toEqual([
      [course.a1, 4, 3500],
      [course.b1, 3, 7100],
    ]);
  });

  it("keeps to one trainer and honours the limit", async () => {
    const mine = await topCourses(handle.db, { period: year, trainerId: trainerB.id });
    expect(mine.map((row) => row.courseId)).toEqual([course.b1]);
    expect(await topCourses(handle.db, { period: year, limit: 1 })).toHaveLength(1);
  });
});

describe("courseFigures", () => {
  it("gives one trainer's courses and their totals", async () => {
    const figures = await courseFigures(handle.db, { period: month, trainerId: trainerA.id });
    expect(figures.courseCount).toBe(2);
    expect(figures.courses).toEqual([
      {
        courseId: course.a1,
        title: "A1",
        titleAr: "أ1",
        enrollments: 2,
        revenue: 3000,
        learners: 4,
        completionRate: 0.25,
        averageProgress: 0.375,
        ratingAverage: 4.5,
        ratingCount: 2,
      },
      {
        courseId: course.a2,
        title: "A2",
        titleAr: null,
        enrollments: 0,
        revenue: 0,
        learners: 1,
        completionRate: null,
        averageProgress: null,
        ratingAverage: null,
        ratingCount: 0,
      },
    ]);
    expect(figures.totals).toEqual({
      enrollments: 2,
      revenue: 3000,
      learners: 5,
      completionRate: 0.25,
      averageProgress: 0.375,
      ratingAverage: 4.5,
      ratingCount: 2,
    });
  });

  it("counts the window's enrollments and revenue per period", async () => {
    const quarterly = await courseFigures(handle.db, { period: quarter, trainerId: trainerA.id });
    expect(quarterly.totals).toMatchObject({ enrollments: 3, revenue: 3000 });
    const yearly = await courseFigures(handle.db, { period: year, trainerId: trainerA.id });
    expect(yearly.totals).toMatchObject({ enrollments: 4, revenue: 3500 });
  });

  it("covers every course for the platform, busiest first, with totals over all of them", async () => {
    const figures = await courseFigures(handle.db, { period: month });
    expect(figures.courseCount).toBe(4);
    // Ties at 0 enrollments and revenue: the newest course first.
    expect(figures.courses.map((row) => row.courseId)).toEqual([course.b1, course.a1, course.b2, course.a2]);
    expect(figures.courses[2]).toMatchObject({ learners: 0, completionRate: null, averageProgress: null });
    expect(figures.courses[0]).toMatchObject({
      enrollments: 2,
      revenue: 7000,
      learners: 3,
      completionRate: 2 / 3,
      averageProgress: 2 / 3,
      ratingAverage: 5,
    });
    expect(figures.totals.enrollments).toBe(4);
    expect(figures.totals.revenue).toBe(10000);
    expect(figures.totals.learners).toBe(8);
    // 1 + 2 completers of the 7 learners of courses with lessons; progress (1.5 + 2) / 7; stars 14 / 3.
    expect(figures.totals.completionRate).toBeCloseTo(3 / 7, 10);
    expect(figures.totals.averageProgress).toBeCloseTo(0.5, 10);
    expect(figures.totals.ratingAverage).toBeCloseTo(14 / 3, 10);
  });

  it("pages the courses while the totals stay whole", async () => {
    const second = await courseFigures(handle.db, { period: month, limit: 1, offset: 1 });
    expect(second.courses.map((row) => row.courseId)).toEqual([course.a1]);
    expect(second.courseCount).toBe(4);
    expect(second.totals.enrollments).toBe(4);
  });

  it("answers a trainer without courses with empty figures", async () => {
    const figures = await courseFigures(handle.db, { period: month, trainerId: admin.id });
    expect(figures).toEqual({
      courses: [],
      courseCount: 0,
      totals: {
        enrollments: 0,
        revenue: 0,
        learners: 0,
        completionRate: null,
        averageProgress: null,
        ratingAverage: null,
        ratingCount: 0,
      },
    });
  });
});

// The pages: who sees which figures, and what any ?period= gives. Their "now" is the real clock, so these
// check scope and shape; the figures themselves are checked above with a fixed "now".
describe("/instructor/analytics and the admin dashboard", () => {
  type InstructorData = Awaited<ReturnType<typeof instructorAnalytics>>;
  type DashboardData = Awaited<ReturnType<typeof adminDashboard>>;

  async function open<T>(handler: (args: never) => Promise<T>, path: string, person: User): Promise<T> {
    const request = new Request(`http://test${path}`, {
      headers: { Cookie: await cookieFor(handle.db, person.id) },
    });
    return runRoute(handle.db, request, handler as never);
  }

  const courseIds = (data: InstructorData) => data.courses.map((row) => row.courseId).sort((a, b) => a - b);

  it("shows a trainer only their own courses, whatever ?trainer= says", async () => {
    const own = await open(instructorAnalytics, "/instructor/analytics", trainerA);
    expect(courseIds(own)).toEqual([course.a1, course.a2]);
    expect(own.courseCount).toBe(2);
    expect(own.totals.learners).toBe("5");
    expect(own.isAdmin).toBe(false);
    expect(own.trainers).toEqual([]);
    const snooping = await open(
      instructorAnalytics,
      `/instructor/analytics?trainer=${trainerB.id}`,
      trainerA,
    );
    expect(courseIds(snooping)).toEqual([course.a1, course.a2]);
    expect(snooping.trainerId).toBe("");
    const other = await open(instructorAnalytics, "/instructor/analytics", trainerB);
    expect(courseIds(other)).toEqual([course.b1, course.b2]);
  });

  it("shows an admin every course, or one trainer's", async () => {
    const all = await open(instructorAnalytics, "/instructor/analytics", admin);
    expect(all.courseCount).toBe(4);
    expect(all.totals.learners).toBe("8");
    const filtered = await open(instructorAnalytics, `/instructor/analytics?trainer=${trainerB.id}`, admin);
    expect(courseIds(filtered)).toEqual([course.b1, course.b2]);
    expect(filtered.trainerId).toBe(trainerB.id);
    // Not a trainer id at all: every course, not an error.
    const junk = await open(instructorAnalytics, "/instructor/analytics?trainer=%00'--", admin);
    expect(junk.courseCount).toBe(4);
  });

  it("answers each period with its buckets, and junk with the default 30 days", async () => {
    const buckets = { 30: [30, 30], 90: [13, 14], 365: [13, 13] } as const;
    for (const days of [30, 90, 365] as const) {
      const data = await open(instructorAnalytics, `/instructor/analytics?period=${days}`, trainerA);
      expect(data.period).toBe(days);
      const rows = data.charts.enrollments.model.rows.length;
      expect(rows).toBeGreaterThanOrEqual(buckets[days][0]);
      expect(rows).toBeLessThanOrEqual(buckets[days][1]);
      expect(data.charts.revenue.narrow.rows).toEqual(data.charts.revenue.model.rows);
    }
    for (const junk of ["7", "abc", "-1", "30.5", "9".repeat(400), "%00", ""]) {
      const data = await open(instructorAnalytics, `/instructor/analytics?period=${junk}`, trainerA);
      expect(data.period, junk).toBe(30);
    }
    const repeated = await open(instructorAnalytics, "/instructor/analytics?period=90&period=365", trainerA);
    expect(repeated.period).toBe(90);
  });

  it("speaks Arabic on Arabic pages", async () => {
    const data = await open(instructorAnalytics, "/ar/instructor/analytics?period=365", trainerA);
    expect(data.charts.enrollments.title).toBe("التسجيلات شهريًا");
    expect(data.charts.enrollments.summary).toContain("آخر 365 يومًا");
    expect(data.courses.find((row) => row.courseId === course.a1)?.localTitle).toBe("أ1");
  });

  it("gives the admin dashboard its charts and top courses for any period", async () => {
    const data: DashboardData = await open(adminDashboard, "/dashboard/admin?period=365", admin);
    expect(data.period).toBe(365);
    expect(Object.keys(data.analytics.charts).sort()).toEqual(["enrollments", "revenue", "signups"]);
    expect(data.analytics.topCourses.length).toBeLessThanOrEqual(5);
    const junk: DashboardData = await open(adminDashboard, "/dashboard/admin?period=week", admin);
    expect(junk.period).toBe(30);
    expect(junk.analytics.charts.signups.model.rows).toHaveLength(30);
  });
});
