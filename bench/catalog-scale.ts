// `npm run bench:catalog` (also run by `npm run bench` when BENCH_DATABASE_URL is set): seeds a scratch
// PostgreSQL database with 100,000 courses and runs the catalog's hot queries, exactly as the app builds them
// (captured from listPublishedCourses through drizzle's logger), under EXPLAIN ANALYZE. It reports each
// statement's p50 and p95 time (planning + execution) and the tables any plan node reads by sequential scan.
// A listing is two statements (rows, total); a search is a transaction of two (total, then rows; only the total
// past its last page), each after a set_config statement that is replayed before its EXPLAIN (decision 036).
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
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

/** What a captured statement is for, read from its shape (decision 036 for a search's). */
function queryRole(query: string): string {
  if (query.includes("count(*) over ()")) return "rows + total, collected";
  if (query.includes('"walked"')) return "rows, walked";
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
  const admin = new pg.Client({ connectionString: baseUrl });
  admin.on("error", () => {});
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const client = new pg.Pool({ connectionString: withDatabase(baseUrl, dbName), max: 2 });
  client.on("error", () => {});
  try {
    const plain = drizzle(client, { schema }) as unknown as Database;
    await migrate(plain, { migrationsFolder: path.join(root, "drizzle") });
    console.error(`  seeding ${COURSES} courses…`);
    const {
      rows: [trainer],
    } = await client.query<{ id: string }>(
      `insert into users (name, email, role) values ('Bench Trainer', 'bench-trainer@manara.local', 'trainer')
       returning id`,
    );
    // Words that appear in some titles only, so a search matches a realistic fraction of the catalog.
    await client.query(
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
      [trainer?.id, COURSES],
    );
    await client.query(
      `insert into lessons (course_id, position, title)
       select c.id, p, 'Lesson ' || p from courses c cross join generate_series(1, 3) as p`,
    );
    // The steady state autovacuum keeps: statistics, and a visibility map for index-only scans.
    await client.query("vacuum analyze");

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
        // In every course: the count reads every match; the page is the first rows of a walk (decision 036). The
        // next case is the same search with a longer term.
        name: 'search "co" (two letters in every course)',
        run: () => listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 0, q: "co" }),
      },
      {
        name: 'search "course" (in every course)',
        run: () => listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 0, q: "course" }),
      },
      {
        name: 'search "course", price descending',
        run: () =>
          listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 0, q: "course", sort: "price-desc" }),
      },
      {
        // "course 9" is in 11,111 titles (course 9, 90-99, 900-999, …, 90000-99999), 10,000 of them the oldest
        // tenth of the catalog: from its 1,112th match on, a walk in newest-first order reads some 90,000 rows
        // before it finds one. The walk's worst case, shown on purpose (decision 036).
        name: 'search "course 9", page 101 (matches bunched at the far end)',
        run: () =>
          listPublishedCourses(db, "en", { limit: PAGE_SIZE, offset: 100 * PAGE_SIZE, q: "course 9" }),
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
        // 5,000 matches: the page asked for is past the last one, so only the total is read.
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
      // A search sends planner settings before each of its statements (decisions 034 and 036): each statement is
      // explained in a transaction after the settings that preceded it.
      const statements: (Captured & { settings?: Captured })[] = [];
      let settings: Captured | undefined;
      for (const statement of captured) {
        if (statement.query.startsWith("select set_config")) settings = statement;
        else statements.push({ ...statement, settings });
      }
      // One transaction, so set_config's local settings apply to the statement explained after them.
      const explain = async (statement: Captured & { settings?: Captured }, prefix: string) => {
        const tx = await client.connect();
        try {
          await tx.query("begin");
          if (statement.settings) await tx.query(statement.settings.query, statement.settings.params);
          return (await tx.query(`${prefix} ${statement.query}`, statement.params)).rows;
        } finally {
          await tx.query("rollback");
          tx.release();
        }
      };
      const times = statements.map(() => [] as number[]);
      const wholeTimes: number[] = [];
      const plans: string[] = [];
      const seqScans: string[][] = [];
      for (let run = 0; run < RUNS; run++) {
        let whole = 0;
        for (const [index, statement] of statements.entries()) {
          const [row] = await explain(statement, "explain (analyze, timing off, buffers, format json)");
          const explained = (row as Record<string, unknown>)["QUERY PLAN"] as Record<string, unknown>[];
          const top = explained[0] as Record<string, unknown>;
          const ms = Number(top["Execution Time"]) + Number(top["Planning Time"]);
          times[index]?.push(ms);
          whole += ms;
          if (run === RUNS - 1) {
            seqScans[index] = seqScansIn(top.Plan as Record<string, unknown>);
            const text = await explain(statement, "explain (analyze, costs off, timing off, summary on)");
            plans[index] = text.map((line) => (line as Record<string, string>)["QUERY PLAN"]).join("\n");
          }
        }
        wholeTimes.push(whole);
      }
      const rounded = (sorted: number[], p: number) => Math.round(percentile(sorted, p) * 100) / 100;
      for (const [index, statement] of statements.entries()) {
        const sorted = (times[index] ?? []).sort((a, b) => a - b);
        results.push({
          name: `${entry.name}: ${queryRole(statement.query)}`,
          sql: statement.query,
          p50Ms: rounded(sorted, 50),
          p95Ms: rounded(sorted, 95),
          seqScans: seqScans[index] ?? [],
          plan: plans[index] ?? "",
        });
      }
      // A search's statements run one after the other: what it costs is their sum, run by run.
      if (entry.name.startsWith("search") && statements.length > 1) {
        wholeTimes.sort((a, b) => a - b);
        results.push({
          name: `${entry.name}: whole search`,
          sql: "",
          p50Ms: rounded(wholeTimes, 50),
          p95Ms: rounded(wholeTimes, 95),
          seqScans: [...new Set(seqScans.flat())],
          plan: "",
        });
      }
    }
    return { courses: COURSES, loadAverage: { start: loadAtStart, end: loadNow() }, queries: results };
  } finally {
    await client.end();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
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
    "the right plans for tables that small. A search is one transaction (decision 036): it first walks",
    "course_search in the page's order, testing at most 50 rows for each row of the page (5,000 at most); when",
    'that finds the page ("rows, walked"), it counts the matches through the GIN indexes ("total"); when it',
    'comes back short, it collects the matches through the index, counted on the way to a top-N sort ("rows +',
    'total, collected"), and counts them on their own only past the last match. A term shorter than three',
    'characters is looked up among each text\'s one- and two-character substrings (decision 034). "whole search"',
    "is the sum of a search's statements, run by run. Each statement is timed after the `set_config` settings sent",
    "before it (`EXPLAIN (ANALYZE, TIMING OFF)`, so no per-row clock reads); the BEGIN, `set_config` and COMMIT",
    "round trips are not in these times.",
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
    ...report.queries
      .filter((query) => query.plan)
      .flatMap((query) => [`**${query.name}**`, "", "```", query.sql, "", query.plan, "```", ""]),
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
