// EXPLAIN ANALYZE of every analytics query (app/analytics/analytics.server.ts) on PostgreSQL with generated
// data: 20,000 learners, 50 trainers, 2,000 courses of 5 lessons, ~200,000 enrollments over 400 days, progress
// for a third of them. The plans go in docs/decisions/021-analytics.md.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> npx tsx bench/analytics-explain.ts
import { type SQL, sql } from "drizzle-orm";
import { courseFigures, enrollmentSeries, signupSeries, topCourses } from "../app/analytics/analytics.server";
import { periodOf } from "../app/analytics/periods";
import { type Database, openPostgres } from "../app/db/client.server";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL: a PostgreSQL database to fill with generated data");

const handle = await openPostgres(url, { max: 2 });
const { db } = handle;

async function count(query: SQL): Promise<number> {
  const rows = (await db.execute(query)) as unknown as { n: number }[];
  return Number(rows[0]?.n ?? 0);
}

if ((await count(sql`select count(*)::int as n from users where email like 'bench-learner-%'`)) === 0) {
  console.log("generating data…");
  await db.execute(sql`insert into users (name, email, role, created_at)
    select 'Trainer ' || g, 'bench-trainer-' || g || '@example.com', 'trainer', now() - interval '800 days'
    from generate_series(1, 50) g`);
  await db.execute(sql`insert into users (name, email, created_at)
    select 'Learner ' || g, 'bench-learner-' || g || '@example.com', now() - (g % 500) * interval '1 day'
    from generate_series(1, 20000) g`);
  await db.execute(sql`with t as (select array_agg(id order by email) as ids from users where email like 'bench-trainer-%')
    insert into courses (slug, title, description, category, price, is_published, trainer_id, rating_sum, rating_count)
    select 'bench-course-' || g, 'Course ' || g, 'Generated', 'data-science', (g % 5) * 1000, true,
           t.ids[1 + g % 50], (g % 7) * 4, g % 7
    from generate_series(1, 2000) g, t`);
  await db.execute(sql`insert into lessons (course_id, position, title)
    select c.id, p, 'Lesson ' || p from courses c, generate_series(1, 5) p where c.slug like 'bench-course-%'`);
  // A learner's ten enrollments are ten distinct courses (211 k + g mod 2000 differs for k = 0…9).
  await db.execute(sql`with l as (select array_agg(id order by email) as ids from users where email like 'bench-learner-%'),
    c as (select array_agg(id order by id) as ids from courses where slug like 'bench-course-%')
    insert into enrollments (user_id, course_id, price_paid, created_at)
    select l.ids[1 + g % 20000], c.ids[1 + ((g / 20000) * 211 + g) % 2000], (g % 5) * 1000,
           now() - (g % 400) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, 200000) g, l, c
    on conflict do nothing`);
  await db.execute(sql`insert into lesson_progress (user_id, lesson_id, course_id, completed_at)
    select e.user_id, l.id, e.course_id, now()
    from enrollments e join lessons l on l.course_id = e.course_id and l.position <= e.id % 6
    where e.id % 3 = 0
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}

// A stand-in database whose execute prints the plan of each query instead of its rows.
let label = "";
const explaining = {
  execute: async (query: SQL) => {
    const rows = (await db.execute(
      sql`explain (analyze, costs off, buffers off) ${query}`,
    )) as unknown as Record<string, string>[];
    console.log(`\n### ${label}\n`);
    for (const row of rows) console.log(Object.values(row)[0]);
    return [];
  },
} as unknown as Database;

const trainer = (await db.execute(
  sql`select c.trainer_id as id from courses c where c.slug = 'bench-course-1'`,
)) as unknown as { id: string }[];
const trainerId = trainer[0]?.id ?? "";
const now = new Date();
const runs: [string, () => Promise<unknown>][] = [
  [
    "enrollmentSeries, platform, 365 days",
    () => enrollmentSeries(explaining, { period: periodOf(365, now) }),
  ],
  [
    "enrollmentSeries, one trainer, 90 days",
    () => enrollmentSeries(explaining, { period: periodOf(90, now), trainerId }),
  ],
  ["signupSeries, 30 days", () => signupSeries(explaining, periodOf(30, now))],
  ["topCourses, platform, 30 days", () => topCourses(explaining, { period: periodOf(30, now) })],
  [
    "courseFigures, one trainer (40 courses), 30 days",
    () => courseFigures(explaining, { period: periodOf(30, now), trainerId }),
  ],
  ["courseFigures, every course, 30 days", () => courseFigures(explaining, { period: periodOf(30, now) })],
];
for (const [name, run] of runs) {
  label = name;
  // courseFigures complains that its totals row is missing: the stand-in returns no rows.
  await run().catch(() => {});
}
await handle.close();
