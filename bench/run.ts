// `npm run bench`: measures the production server's throughput on a few pages against a plain Node server
// sending the same bytes, so a slowdown shows up as numbers rather than as a feeling. Every route is measured
// twice: as an anonymous visitor (no cookie: answered from the server's few-second anonymous cache once the
// first answer is stored, app/lib/response-cache.server.ts) and with a cookie that belongs to nobody, which the
// cache never answers, so each of those requests is rendered in full (the cost a signed-in visitor pays). With BENCH_DATABASE_URL
// (a PostgreSQL server) it runs the same rows on PostgreSQL too, and the catalog at 100,000 courses
// (bench/catalog-scale.ts). Each server then takes BENCH_LEAK_REQUESTS requests across the routes and its
// resident memory is compared with its memory after warm-up (the leak check).
//
// For a short, focused run: BENCH_ROUTES (a comma-separated subset of the routes), BENCH_VARIANTS
// ("anonymous", "rendered" or both), BENCH_DURATION, BENCH_LEAK_REQUESTS, and BENCH_RESULTS_NAME (the
// files written in bench/results/, "latest" by default).
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";
import { encodeSecretKey, generateEd25519Key } from "../app/security/multikey";
import { type CatalogQueryResult, catalogMarkdown, catalogScale } from "./catalog-scale";
import {
  formatRatio,
  freePort,
  get,
  HOST,
  keepTail,
  positiveNumber,
  startPlainServer,
  stopGroup,
  waitForApp,
} from "./lib";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(import.meta.dirname, "results");
const ALL_ROUTES = ["/", "/courses", "/ar/courses", "/courses/1", "/terms", "/api/courses"];
const ROUTES = listSetting("BENCH_ROUTES", ALL_ROUTES);
const VARIANTS = listSetting("BENCH_VARIANTS", ["anonymous", "rendered"]) as Variant[];
const RESULTS_NAME = process.env.BENCH_RESULTS_NAME || "latest";
const BASELINE_SOURCE = "/courses";
const CONNECTIONS = 20;
const DURATION_SECONDS = positiveNumber("BENCH_DURATION", 10);
const WARMUP_SECONDS = Math.min(2, DURATION_SECONDS);
const LEAK_REQUESTS = Math.round(positiveNumber("BENCH_LEAK_REQUESTS", 100_000));
const DATABASE_URL = process.env.BENCH_DATABASE_URL || "";
/** The leak check's limit: RSS after the requests may be at most this multiple of RSS after warm-up. */
const LEAK_LIMIT = 1.2;

/** A cookie no code reads: it only keeps the request out of the anonymous cache, so the page is rendered. */
const RENDER_COOKIE = "manara_bench=1";

type Variant = "anonymous" | "rendered";

/** A comma-separated subset of `all` from the environment, or all of it. */
function listSetting(name: string, all: string[]): string[] {
  const raw = process.env[name];
  if (!raw) return all;
  const chosen = raw.split(",").map((each) => each.trim());
  const unknown = chosen.filter((each) => !all.includes(each));
  if (unknown.length > 0 || chosen.length === 0)
    throw new Error(`${name} takes a comma-separated subset of: ${all.join(", ")}`);
  return chosen;
}

// /proc/<pid>/stat counts CPU time in clock ticks.
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** A process's CPU time so far (user + system, all its threads), in milliseconds. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) is in parentheses and may hold spaces; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

type Row = {
  database: "embedded" | "postgres";
  path: string;
  server: "app" | "plain";
  /** anonymous: no cookie (the cache may answer); rendered: with RENDER_COOKIE (never from the cache). */
  variant: Variant;
  /** Whether a repeat anonymous GET came back with an Age header, i.e. from the cache (null for plain). */
  servedFromCache: boolean | null;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  ratioToPlain: number | null;
  /** CPU time of the serving process (server.mjs) per request during the measured run; null for plain. */
  cpuMsPerRequest: number | null;
};

// One worker thread generates the load, so the in-process plain server keeps the main thread to itself.
async function load(
  port: number,
  urlPath: string,
  seconds: number,
  variant: Variant,
): Promise<autocannon.Result> {
  return autocannon({
    url: `http://${HOST}:${port}${urlPath}`,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    headers: variant === "rendered" ? { cookie: RENDER_COOKIE } : {},
  });
}

async function measure(
  port: number,
  urlPath: string,
  server: Row["server"],
  database: Row["database"],
  variant: Variant = "anonymous",
  servingPid: number | null = null,
): Promise<Row> {
  console.error(
    `  ${server.padEnd(5)} ${urlPath} (${variant}): ${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s measured`,
  );
  let servedFromCache: boolean | null = null;
  if (server === "app" && variant === "anonymous") {
    await get(port, urlPath);
    servedFromCache = (await get(port, urlPath)).age !== undefined;
  }
  await load(port, urlPath, WARMUP_SECONDS, variant);
  const cpuBefore = servingPid === null ? 0 : cpuMs(servingPid);
  const result = await load(port, urlPath, DURATION_SECONDS, variant);
  const cpuAfter = servingPid === null ? 0 : cpuMs(servingPid);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stats.count ?? 0;
  return {
    database,
    path: urlPath,
    server,
    variant,
    servedFromCache,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    ratioToPlain: server === "plain" ? 1 : null,
    cpuMsPerRequest: servingPid === null ? null : (cpuAfter - cpuBefore) / Math.max(1, result.requests.total),
  };
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    // Other work on the machine skews the figures; the 1-minute load average at the start tells how busy it was.
    loadAverageAtStart: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

function requestLabel(row: Row): string {
  if (row.server === "plain") return "plain node:http";
  if (row.variant === "rendered") return "Manara, rendered (cookie)";
  return row.servedFromCache ? "Manara, anonymous (cache)" : "Manara, anonymous (NOT cached)";
}

function table(rows: Row[]): string {
  const lines = [
    "| Database | Path | Server | req/s | p99 ms | non-2xx | vs plain | CPU ms/req |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map((row) =>
      [
        "",
        ` ${row.database === "postgres" ? "PostgreSQL" : "embedded"} `,
        ` \`${row.path}\` `,
        ` ${requestLabel(row)} `,
        ` ${Math.round(row.requestsPerSecond)} `,
        ` ${row.p99Ms} `,
        ` ${row.non2xx} `,
        ` ${row.ratioToPlain === null ? "n/a" : formatRatio(row.ratioToPlain)} `,
        ` ${row.cpuMsPerRequest === null ? "n/a" : row.cpuMsPerRequest.toFixed(3)} `,
        "",
      ].join("|"),
    ),
  ];
  return lines.join("\n");
}

type LeakCheck = {
  database: Row["database"];
  requests: number;
  rssAfterWarmupMiB: number;
  rssAfterRequestsMiB: number;
  ratio: number;
  limit: number;
  pass: boolean;
  non2xx: number;
  errors: number;
};

/** The server process (server.mjs) inside the `npm start` process group: its pid and resident memory in KiB. */
function serverProcess(groupId: number): { pid: number; rssKiB: number } {
  const listing = execFileSync("ps", ["-o", "pid=,rss=,args=", "-g", String(groupId)], { encoding: "utf8" });
  for (const line of listing.split("\n")) {
    const match = line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/);
    if (match?.[3]?.includes("server.mjs") && !match[3].includes("tsx"))
      return { pid: Number(match[1]), rssKiB: Number(match[2]) };
  }
  throw new Error(`No server.mjs process in group ${groupId}:\n${listing}`);
}

const serverRssKiB = (groupId: number) => serverProcess(groupId).rssKiB;

const mib = (kib: number) => Math.round((kib / 1024) * 10) / 10;

/** RSS after warm-up, then LEAK_REQUESTS requests spread evenly over the routes, then RSS again. */
async function leakCheck(port: number, groupId: number, database: Row["database"]): Promise<LeakCheck> {
  console.error(
    `  leak check: ${LEAK_REQUESTS} requests across ${ROUTES.length} routes, anonymous and rendered…`,
  );
  const before = serverRssKiB(groupId);
  const result = await autocannon({
    url: `http://${HOST}:${port}`,
    connections: CONNECTIONS,
    amount: LEAK_REQUESTS,
    workers: 1,
    // Each connection cycles through the routes, each anonymous and rendered.
    requests: ROUTES.flatMap((route) => [
      { method: "GET" as const, path: route },
      { method: "GET" as const, path: route, headers: { cookie: RENDER_COOKIE } },
    ]),
  });
  // Let the last responses' buffers go before reading the figure.
  await sleep(2_000);
  const after = serverRssKiB(groupId);
  const ratio = after / before;
  return {
    database,
    requests: result.requests.total,
    rssAfterWarmupMiB: mib(before),
    rssAfterRequestsMiB: mib(after),
    ratio: Math.round(ratio * 100) / 100,
    limit: LEAK_LIMIT,
    pass: ratio <= LEAK_LIMIT,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function leakTable(checks: LeakCheck[]): string {
  return [
    "| Database | Requests | RSS after warm-up MiB | RSS after requests MiB | Ratio | Limit | Result |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...checks.map(
      (check) =>
        `| ${check.database === "postgres" ? "PostgreSQL" : "embedded"} | ${check.requests} | ${check.rssAfterWarmupMiB} | ${check.rssAfterRequestsMiB} | ${check.ratio} | ${check.limit} | ${check.pass ? "pass" : "FAIL"} |`,
    ),
  ].join("\n");
}

/** A scratch database on the BENCH_DATABASE_URL server: created for this run, dropped after it. */
async function scratchDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `manara_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  admin.on("error", () => {});
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

type Suite = { rows: Row[]; leak: LeakCheck; baselineBytes: number };

/** One server (embedded or PostgreSQL): start it, measure every route and the plain server, leak-check it. */
async function runSuite(
  database: Row["database"],
  env: NodeJS.ProcessEnv,
  track: (child: ChildProcess | undefined, server: http.Server | undefined) => void,
): Promise<Suite> {
  const appPort = await freePort();
  console.error(`Starting Manara (${database}) with npm start on ${HOST}:${appPort}…`);
  const app = spawn("npm", ["start"], {
    cwd: root,
    env: { ...env, PORT: String(appPort), HOST },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  track(app, undefined);
  let plain: http.Server | undefined;
  try {
    const output = keepTail(app);
    const startedAt = Date.now();
    await waitForApp(appPort, app, output);
    console.error(`Manara answered GET / after ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);

    const page = await get(appPort, BASELINE_SOURCE);
    if (page.status !== 200) throw new Error(`GET ${BASELINE_SOURCE} answered ${page.status}, expected 200`);
    plain = await startPlainServer(page);
    track(app, plain);
    const plainPort = (plain.address() as AddressInfo).port;

    const servingPid = serverProcess(app.pid as number).pid;
    const rows: Row[] = [];
    for (const route of ROUTES)
      for (const variant of VARIANTS)
        rows.push(await measure(appPort, route, "app", database, variant, servingPid));
    const baseline = await measure(plainPort, BASELINE_SOURCE, "plain", database);
    for (const row of rows) row.ratioToPlain = row.requestsPerSecond / baseline.requestsPerSecond;
    rows.push(baseline);
    // Every route has been warmed up (and measured) by now: the leak check starts from there.
    const leak = await leakCheck(appPort, app.pid as number, database);
    return { rows, leak, baselineBytes: page.body.length };
  } finally {
    if (plain) {
      plain.closeAllConnections();
      plain.close();
    }
    await stopGroup(app);
    track(undefined, undefined);
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "manara-bench-"));
  let app: ChildProcess | undefined;
  let plain: http.Server | undefined;
  let dropScratch: (() => Promise<void>) | undefined;
  const track = (child: ChildProcess | undefined, server: http.Server | undefined) => {
    app = child;
    plain = server;
  };
  // Last resort if this process dies without reaching `finally`: take the app's process group along.
  const killOnExit = () => {
    if (app?.pid !== undefined)
      try {
        process.kill(-app.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
  };
  process.on("exit", killOnExit);
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the benchmark…`);
    cleanup().finally(() => process.exit(130));
  };
  async function cleanup(): Promise<void> {
    if (plain) {
      plain.closeAllConnections();
      plain.close();
      plain = undefined;
    }
    if (app) {
      await stopGroup(app);
      app = undefined;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (dropScratch) await dropScratch().catch(() => {});
    dropScratch = undefined;
  }
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    const host = machine();
    const date = new Date();
    // The build happens once, before either server starts, so no suite's warm-up pays for it.
    console.error("Building…");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);

    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    // The embedded database, freshly seeded: the same data on every machine.
    delete env.DATABASE_URL;
    const suites: Suite[] = [await runSuite("embedded", env, track)];
    let catalog: { courses: number; queries: CatalogQueryResult[] } | undefined;
    if (DATABASE_URL) {
      const scratch = await scratchDatabase(DATABASE_URL);
      dropScratch = scratch.drop;
      // The same demo content as the embedded database gets on its first start.
      const seed = spawnSync("npm", ["run", "db:seed"], {
        cwd: root,
        env: { ...env, DATABASE_URL: scratch.url },
        stdio: ["ignore", "ignore", "inherit"],
      });
      if (seed.status !== 0) throw new Error("npm run db:seed failed on the scratch PostgreSQL database");
      // Production with DATABASE_URL requires a session secret and a signing key (fresh ones for this run)
      // and PUBLIC_URL.
      const secret = randomBytes(32).toString("hex");
      suites.push(
        await runSuite(
          "postgres",
          {
            ...env,
            DATABASE_URL: scratch.url,
            SESSION_SECRET: secret,
            CREDENTIAL_SIGNING_KEY: encodeSecretKey(generateEd25519Key()),
            PUBLIC_URL: "http://localhost",
          },
          track,
        ),
      );
      console.error("Catalog at scale on PostgreSQL…");
      catalog = await catalogScale(DATABASE_URL);
    }
    const rows = suites.flatMap((suite) => suite.rows);
    const leaks = suites.map((suite) => suite.leak);

    const heading = [
      `Machine: ${host.cpu}, ${host.cores} cores, ${host.memoryGiB} GiB RAM, Node ${host.node} (${host.platform}), load average ${host.loadAverageAtStart} at start, ${Math.round((os.loadavg()[0] ?? 0) * 100) / 100} at the end`,
      `Date: ${date.toISOString()}`,
      `Load: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${DURATION_SECONDS} s per row, ${HOST} only. ` +
        `"plain node:http" serves the exact bytes of Manara's ${BASELINE_SOURCE} (from the same database); "vs plain" is req/s divided by its req/s in the same run. ` +
        `"anonymous (cache)": requests without a cookie, answered from the server's anonymous response cache (a repeat GET came back with an Age header); ` +
        `"rendered (cookie)": the same requests with a cookie that belongs to nobody, which the cache never answers, so every one is rendered.`,
    ];
    const markdown = table(rows);
    const leakMarkdown = `### Leak check (resident memory of server.mjs)\n\n${leakTable(leaks)}`;
    const catalogText = catalog ? `\n\n${catalogMarkdown(catalog)}` : "";
    console.log(`\n${heading.join("\n")}\n\n${markdown}\n\n${leakMarkdown}${catalogText}\n`);
    const failures = rows.filter((row) => row.errors > 0 || row.timeouts > 0);
    for (const row of failures)
      console.error(
        `Warning: ${row.path} (${row.server}, ${row.database}) had ${row.errors} errors, ${row.timeouts} timeouts.`,
      );

    mkdirSync(resultsDir, { recursive: true });
    const json = {
      date: date.toISOString(),
      machine: { ...host, loadAverageAtEnd: Math.round((os.loadavg()[0] ?? 0) * 100) / 100 },
      settings: {
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        durationSeconds: DURATION_SECONDS,
        baselineSource: BASELINE_SOURCE,
        baselineBytes: suites[0]?.baselineBytes,
        leakRequests: LEAK_REQUESTS,
        postgres: Boolean(DATABASE_URL),
      },
      results: rows,
      leakChecks: leaks,
      catalog: catalog ?? null,
    };
    writeFileSync(path.join(resultsDir, `${RESULTS_NAME}.json`), `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(
      path.join(resultsDir, `${RESULTS_NAME}.md`),
      `# Benchmark: ${RESULTS_NAME === "latest" ? "latest run" : RESULTS_NAME}\n\n${heading.map((line) => `${line}  `).join("\n")}\n\n${markdown}\n\n${leakMarkdown}${catalogText}\n`,
    );
    console.error(`Wrote ${path.relative(root, resultsDir)}/${RESULTS_NAME}.json and ${RESULTS_NAME}.md.`);
  } finally {
    if (!interrupted) await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
