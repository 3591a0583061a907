// `npm run bench`: measures the production server's throughput on a few pages against a plain Node server
// sending the same bytes, so a slowdown shows up as numbers rather than as a feeling.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(import.meta.dirname, "results");
const HOST = "127.0.0.1";
const ROUTES = ["/", "/courses", "/ar/courses", "/courses/1", "/api/courses"] as const;
const BASELINE_SOURCE = "/courses";
const CONNECTIONS = 20;
const DURATION_SECONDS = positiveNumber("BENCH_DURATION", 10);
const WARMUP_SECONDS = Math.min(2, DURATION_SECONDS);
// Building (when the sources changed), migrating and seeding all happen before the first 200.
const STARTUP_TIMEOUT_MS = 240_000;

type Row = {
  path: string;
  server: "app" | "plain";
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  ratioToPlain: number | null;
};

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of seconds`);
  return value;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

type Fetched = { status: number; contentType: string | undefined; body: Buffer };

// node:http rather than fetch: no Accept-Encoding, so these are the bytes autocannon receives too.
function get(port: number, urlPath: string, timeoutMs = 5_000): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: HOST, port, path: urlPath, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers["content-type"],
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${urlPath} timed out`)));
    request.on("error", reject);
  });
}

/** The child's recent output, shown only when it fails to come up. */
function keepTail(child: ChildProcess): () => string {
  let tail = "";
  const append = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  return () => tail;
}

/** Kills the whole process group (npm → tsx → start.ts → server.mjs) and waits for the leader to go. */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once("exit", () => resolve()));
  signalGroup("SIGTERM");
  const timedOut = await Promise.race([exited.then(() => false), sleep(5_000).then(() => true)]);
  // Whether or not the leader went quietly, nothing of the group may outlive the benchmark.
  signalGroup("SIGKILL");
  if (timedOut) await Promise.race([exited, sleep(2_000)]);
}

async function waitForApp(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `npm start exited (${child.exitCode ?? child.signalCode}) before serving:\n${output()}`,
      );
    }
    try {
      if ((await get(port, "/", 2_000)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error(`GET / did not answer 200 within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

// One worker thread generates the load, so the in-process plain server keeps the main thread to itself.
async function load(port: number, urlPath: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `http://${HOST}:${port}${urlPath}`,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
  });
}

async function measure(port: number, urlPath: string, server: Row["server"]): Promise<Row> {
  console.error(
    `  ${server.padEnd(5)} ${urlPath}: ${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s measured`,
  );
  await load(port, urlPath, WARMUP_SECONDS);
  const result = await load(port, urlPath, DURATION_SECONDS);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stats.count ?? 0;
  return {
    path: urlPath,
    server,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    ratioToPlain: server === "plain" ? 1 : null,
  };
}

function startPlainServer(page: Fetched): Promise<http.Server> {
  const headers: http.OutgoingHttpHeaders = { "content-length": page.body.length };
  if (page.contentType) headers["content-type"] = page.contentType;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(page.body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, HOST, () => resolve(server));
  });
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

// Two significant digits: the app's ratios can be far below 0.01, where a fixed two decimals shows 0.00.
function formatRatio(ratio: number): string {
  return ratio >= 1 ? ratio.toFixed(2) : String(Number(ratio.toPrecision(2)));
}

function table(rows: Row[]): string {
  const lines = [
    "| Path | Server | req/s | p99 ms | non-2xx | vs plain |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...rows.map((row) =>
      [
        "",
        ` \`${row.path}\` `,
        ` ${row.server === "app" ? "Manara" : "plain node:http"} `,
        ` ${Math.round(row.requestsPerSecond)} `,
        ` ${row.p99Ms} `,
        ` ${row.non2xx} `,
        ` ${row.ratioToPlain === null ? "n/a" : formatRatio(row.ratioToPlain)} `,
        "",
      ].join("|"),
    ),
  ];
  return lines.join("\n");
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "manara-bench-"));
  let app: ChildProcess | undefined;
  let plain: http.Server | undefined;
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
  }
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    const host = machine();
    const appPort = await freePort();
    console.error(`Starting Manara with npm start on ${HOST}:${appPort} (DATA_DIR ${dataDir})…`);
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(appPort), HOST, DATA_DIR: dataDir };
    // The embedded database, freshly seeded: the same data on every machine.
    delete env.DATABASE_URL;
    app = spawn("npm", ["start"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const output = keepTail(app);
    const startedAt = Date.now();
    await waitForApp(appPort, app, output);
    console.error(`Manara answered GET / after ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);

    const page = await get(appPort, BASELINE_SOURCE);
    if (page.status !== 200) throw new Error(`GET ${BASELINE_SOURCE} answered ${page.status}, expected 200`);
    plain = await startPlainServer(page);
    const plainPort = (plain.address() as AddressInfo).port;

    const date = new Date();
    const rows: Row[] = [];
    for (const route of ROUTES) rows.push(await measure(appPort, route, "app"));
    const baseline = await measure(plainPort, BASELINE_SOURCE, "plain");
    for (const row of rows) row.ratioToPlain = row.requestsPerSecond / baseline.requestsPerSecond;
    rows.push(baseline);

    const heading = [
      `Machine: ${host.cpu}, ${host.cores} cores, ${host.memoryGiB} GiB RAM, Node ${host.node} (${host.platform}), load average ${host.loadAverageAtStart} at start`,
      `Date: ${date.toISOString()}`,
      `Load: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${DURATION_SECONDS} s per row, ${HOST} only. ` +
        `"plain node:http" serves the exact bytes of Manara's ${BASELINE_SOURCE}; "vs plain" is req/s divided by its req/s.`,
    ];
    const markdown = table(rows);
    console.log(`\n${heading.join("\n")}\n\n${markdown}\n`);
    const failures = rows.filter((row) => row.errors > 0 || row.timeouts > 0);
    for (const row of failures)
      console.error(
        `Warning: ${row.path} (${row.server}) had ${row.errors} errors, ${row.timeouts} timeouts.`,
      );

    mkdirSync(resultsDir, { recursive: true });
    const json = {
      date: date.toISOString(),
      machine: host,
      settings: {
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        durationSeconds: DURATION_SECONDS,
        baselineSource: BASELINE_SOURCE,
        baselineBytes: page.body.length,
      },
      results: rows,
    };
    writeFileSync(path.join(resultsDir, "latest.json"), `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(
      path.join(resultsDir, "latest.md"),
      `# Benchmark: latest run\n\n${heading.map((line) => `${line}  `).join("\n")}\n\n${markdown}\n`,
    );
    console.error(`Wrote ${path.relative(root, resultsDir)}/latest.json and latest.md.`);
  } finally {
    if (!interrupted) await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
