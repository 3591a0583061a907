// `npm run bench:catalog` (also run by `npm run bench` when BENCH_DATABASE_URL is set): seeds a scratch
// PostgreSQL database with 100,000 courses and runs the catalog's hot queries, exactly as the app builds them
// (captured from listPublishedCourses through drizzle's logger), under EXPLAIN ANALYZE. It reports each
// statement's p50 and p95 time (planning + execution) and the tables any plan node reads by sequential scan.
// A listing is two statements (rows, total); a search is one (rows + total), two past its last page; a search
// shorter than a trigram runs in a transaction after a set_config statement, replayed before each EXPLAIN.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { listPublishedCourses } from "../app/courses/catalog.server";
import type { Database } from "../app/db/client.server";
import * as schema from "../app/db/schema";

const root = path.resolve(import.meta.dirname, "..");
const COURSES = Number(process.env.BENCH_CATALOG_COURSES || 100_000);
const RUNS = 20;
const PAGE_SIZE = 12;

export type CatalogQueryResult = {
  name: string;
  sql: string;
  p50Ms: number;
  p95Ms: number;
  seqScans: string[];
  plan: string;
};

type Captured = { query: string; params: unknown[] };

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function seqScansIn(node: Record<string, unknown>, found: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan") found.push(String(node["Relation Name"]));
  for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) seqScansIn(child, found);
  return found;
}

/** What a captured statement is for, read from its shape (a search's page carries its total). */
function queryRole(query: string): string {
  if (query.includes("count(*) over ()")) return "rows + total";
  if (/^select (count\(|coalesce\(sum)/.test(query)) return "total";
  return "rows";
}

export type CatalogReport = {
  courses: number;
  /** The 1-minute load average when the queries started and ended: other work on the machine skews p95. */
  loadAverage?: { start: number; end: number };
  queries: CatalogQueryResult[];
};

const loadNow = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

export async function catalogScale(baseUrl: string): Promise<CatalogReport> {
  const dbName = `manara_bench_catalog_${process.pid}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const client = postgres(withDatabase(baseUrl, dbName), { max: 2, onnotice: () => {} });
  try {
    const plain = drizzle(client, { schema }) as unknown as Database;
    await migrate(plain, { migrationsFolder: path.join(root, "drizzle") });
    console.error(`  seeding ${COURSES} courses…`);
    const [trainer] = await client`
      insert into users (name, email, role) values ('Bench Trainer', 'bench-trainer@manara.local', 'trainer')
      returning id`;
    // Words that appear in some titles only, so a search matches a realistic fraction of the catalog.
    await client.unsafe(
      `insert into courses (slug, title, title_ar, description, description_ar, category, price, is_published,
         trainer_id, created_at)
       select 'bench-' || i,
         (array['Python','React','Docker','Kubernetes','Rust','SQL','Figma','Swift','Go','Security'])[1 + i % 10]
           || ' course ' || i || ' ' || md5(i::text),
         'دورة ' || i,
         'A practical course number ' || i || ' about ' || md5((i * 7)::text),
         'وصف الدورة ' || i,
         (enum_range(null::course_category))[1 + (i * 7) % 10],
         (i % 50) * 500,
         i % 20 <> 0,
         $1,
         now() - (i || ' minutes')::interval
       from generate_series(1, $2::int) as i`,
      [trainer?.id as string, COURSES],
    );
    await client.unsafe(
      `insert into lessons (course_id, position, title)
       select c.id, p, 'Lesson ' || p from courses c cross join generate_series(1, 3) as p`,
    );
    // The steady state autovacuum keeps: statistics, and a visibility map for index-only scans.
    await client.unsafe("vacuum analyze");

    const captured: Captured[] = [];
    const db = drizzle(client, {
      schema,
      logger: { logQuery: (query, params) => captured.push({ query, params }) },
    }) as unknown as Database;
    const cases: { name: string; run: () => Promise<unknown> }[] = [
      {
        name: "page 1 (newest), with total",
        run: () => listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 0 }),
      },
      {
        name: "page 50 (newest), with total",
        run: () => listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 49 * PAGE_SIZE }),
      },
      {
        name: "category filter, page 1",
        run: () => listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 0, category: "data-science" }),
      },
      {
        name: "category filter, price ascending",
        run: () =>
          listPublishedCourses(db, "en", {
            limit: PAGE_SIZE,
            offset: 0,
            category: "cyber-security",
            sort: "price-asc",
          }),
      },
      {
        name: 'search "kubernetes"',
        run: () => listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 0, q: "kubernetes" }),
      },
      {
        name: 'search "بايثون" (Arabic, with glossary)',
        run: () => listPublishedCourses(db, "ar", { limit: PAGE_SIZE, offset: 0, q: "بايثون" }),
      },
      {
        // Two letters make no trigram: looked up among the one- and two-character substrings (decision 034).
        name: 'search "go" (shorter than a trigram)',
        run: () => listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 0, q: "go" }),
      },
      {
        name: 'search "go" + category, price ascending',
        run: () =>
          listPublishedCourses(db, "en", {
            limit: PAGE_SIZE,
            offset: 0,
            q: "go",
            category: "artificial-intelligence",
            sort: "price-asc",
          }),
      },
      {
        // In every course: a broad search costs what counting and sorting all its matches costs, whatever the
        // term's length (the next case is the same search with a longer term).
        name: 'search "co" (two letters in every course)',
        run: () => listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 0, q: "co" }),
      },
      {
        name: 'search "course" (in every course)',
        run: () => listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 0, q: "course" }),
      },
      {
        name: "search + category (no match)",
        run: () =>
          listPublishedCourses(db, "en", {
            limit: PAGE_SIZE,
            offset: 0,
            q: "docker",
            category: "cloud-computing",
          }),
      },
      {
        // The seed gives every title word one category: Docker courses are all in artificial-intelligence.
        name: "search + category (10,000 matches), price ascending",
        run: () =>
          listPublishedCourses(db, "en", {
            limit: PAGE_SIZE,
            offset: 0,
            q: "docker",
            category: "artificial-intelligence",
            sort: "price-asc",
          }),
      },
      {
        name: 'search "kubernetes", page 50',
        run: () =>
          listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 49 * PAGE_SIZE, q: "kubernetes" }),
      },
      {
        // 5,000 matches: the page asked for is past the last one, so the total is counted on its own.
        name: 'search "بايثون", past the last page',
        run: () => listPublishedCourses(db, "ar", { limit: PAGE_SIZE, offset: 5_004, q: "بايثون" }),
      },
      {
        name: "home teaser (no total)",
        run: () => listPublishedCourses(db, "en", { limit: 6, offset: 0, countTotal: false }),
      },
    ];
    const results: CatalogQueryResult[] = [];
    const loadAtStart = loadNow();
    for (const entry of cases) {
      captured.length = 0;
      await entry.run();
      // A short search sets planner settings for its transaction first (decision 034): replayed the same way.
      const settings = captured.filter(({ query }) => query.startsWith("select set_config"));
      const explain = (query: string, params: unknown[]) =>
        client.begin(async (tx) => {
          for (const setting of settings) await tx.unsafe(setting.query, setting.params as never[]);
          return tx.unsafe(query, params as never[]);
        });
      for (const { query, params } of captured) {
        if (settings.some((setting) => setting.query === query)) continue;
        const name = `${entry.name}: ${queryRole(query)}`;
        const times: number[] = [];
        let plan = "";
        let seqScans: string[] = [];
        for (let run = 0; run < RUNS; run++) {
          const [row] = await explain(`explain (analyze, buffers, format json) ${query}`, params);
          const explained = (row as Record<string, unknown>)["QUERY PLAN"] as Record<string, unknown>[];
          const top = explained[0] as Record<string, unknown>;
          times.push(Number(top["Execution Time"]) + Number(top["Planning Time"]));
          if (run === RUNS - 1) {
            seqScans = seqScansIn(top.Plan as Record<string, unknown>);
            const text = await explain(
              `explain (analyze, costs off, timing off, summary on) ${query}`,
              params,
            );
            plan = text.map((line) => (line as Record<string, string>)["QUERY PLAN"]).join("\n");
          }
        }
        times.sort((a, b) => a - b);
        results.push({
          name,
          sql: query,
          p50Ms: Math.round(percentile(times, 50) * 100) / 100,
          p95Ms: Math.round(percentile(times, 95) * 100) / 100,
          seqScans,
          plan,
        });
      }
    }
    return { courses: COURSES, loadAverage: { start: loadAtStart, end: loadNow() }, queries: results };
  } finally {
    await client.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end({ timeout: 5 });
  }
}

export function catalogMarkdown(report: CatalogReport): string {
  const lines = [
    `### Catalog at ${report.courses.toLocaleString("en")} courses (PostgreSQL, EXPLAIN ANALYZE, ${RUNS} runs each; planning + execution)`,
    "",
    ...(report.loadAverage
      ? [
          `Load average (1 min) ${report.loadAverage.start} when the queries started, ${report.loadAverage.end} at the end (${os.cpus().length} cores).`,
          "",
        ]
      : []),
    "Sequential scans of `users` (one trainer in the seed) and `catalog_counts` (ten rows, one per category) are",
    "the right plans for tables that small. A search shorter than three characters has no trigram: it is looked",
    "up among each text's one- and two-character substrings, in a transaction that keeps the planner to that index",
    "(decision 034); its BEGIN, `set_config` and COMMIT round trips are not in these times.",
    "",
    "| Query | p50 ms | p95 ms | Seq scans |",
    "| --- | ---: | ---: | --- |",
    ...report.queries.map(
      (query) =>
        `| ${query.name} | ${query.p50Ms} | ${query.p95Ms} | ${query.seqScans.length ? query.seqScans.join(", ") : "none"} |`,
    ),
    "",
    "<details><summary>Plans</summary>",
    "",
    ...report.queries.flatMap((query) => [
      `**${query.name}**`,
      "",
      "```",
      query.sql,
      "",
      query.plan,
      "```",
      "",
    ]),
    "</details>",
  ];
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error(
      "Set BENCH_DATABASE_URL to a PostgreSQL server (a scratch database is created and dropped).",
    );
    process.exit(1);
  }
  const report = await catalogScale(url);
  const markdown = catalogMarkdown(report);
  console.log(markdown);
  writeFileSync(
    path.join(import.meta.dirname, "results", "catalog.md"),
    `# Benchmark: catalog scale\n\nDate: ${new Date().toISOString()}\n\n${markdown}\n`,
  );
  writeFileSync(
    path.join(import.meta.dirname, "results", "catalog.json"),
    `${JSON.stringify(report, null, 2)}\n`,
  );
}
