// `npm run bench:web`: what a visitor's browser pays for each page (issue 15). Builds (via `npm start`),
// serves the production build on a fresh DATA_DIR, then
//   1. loads every page of PAGES_BY_ROLE (both locales for the guest pages, signed in for the others) in
//      Chromium through Playwright and sums the gzipped JavaScript the page fetched (network log: every
//      script, modulepreload and lazy chunk requested until the network is idle);
//   2. runs Lighthouse (the version package.json pins; the report names it) in its default mode — mobile,
//      simulated throttling — a few times on the six pages of the issue and keeps the median of each figure.
// It reports; it does not fail on a budget (the bench is not a test). Writes bench/results/web-latest.{json,md}.
// Env: BENCH_LH_RUNS (default 3), CHROME_PATH (default /usr/bin/chromium), BENCH_SKIP_LIGHTHOUSE=1.
//
// BENCH_WEB_COMPARE=NAME=VALUE compares instead: a second server of the same build runs with that one
// setting (e.g. DEFER_PAGE_SCRIPTS=0), and Lighthouse measures the two in turn — page by page, run by run,
// the order swapped every run — so load from other work on a shared machine falls on both sides alike.
// Writes bench/results/web-compare-<date>.{json,md}.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type Browser, chromium } from "playwright";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, localized, PAGES_BY_ROLE, type Role } from "../tests/e2e/helpers";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(import.meta.dirname, "results");
const HOST = "127.0.0.1";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const LH_RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3) || 3);
/** Lighthouse runs per page that may fail on its own (a lost trace) and be run again. */
const LH_RETRIES = 2;
const LH_PAGES = ["/", "/ar", "/courses", "/ar/courses", "/courses/1", "/ar/courses/1"] as const;
/** The issue's budget: every page at most this many gzipped bytes of JavaScript. */
const JS_BUDGET_BYTES = 125 * 1024;
const STARTUP_TIMEOUT_MS = 240_000;
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];

type JsRow = { role: Role; path: string; status: number; scripts: number; gzipBytes: number };
type LhMetrics = {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the host CPU (higher is faster); simulated TBT scales with the host's speed. */
  benchmarkIndex: number;
};
/** One page: the medians of its runs, and every run. */
type LhRow = LhMetrics & { path: string; runs: number; allRuns: LhMetrics[] };

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

function status(port: number, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: HOST, port, path: urlPath, timeout: 2_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", reject);
  });
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
      if ((await status(port, "/")) === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error(`Manara did not answer within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** Kills the whole process group (npm → tsx → start.ts → server.mjs). */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // Already gone.
    }
  };
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once("exit", () => resolve()));
  signal("SIGTERM");
  await Promise.race([exited, sleep(5_000)]);
  signal("SIGKILL");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/** Gzipped JavaScript a page fetches, from the browser's network log. */
async function measureJs(browser: Browser, base: string): Promise<JsRow[]> {
  const rows: JsRow[] = [];
  for (const role of Object.keys(PAGES_BY_ROLE) as Role[]) {
    const context = await browser.newContext({ baseURL: base });
    if (role !== "guest") {
      // Sign in through the plain form (cookie set by the action's redirect).
      const page = await context.newPage();
      await page.goto("/auth/login");
      await page.getByLabel("Email address").fill(DEMO_ACCOUNTS[role].email);
      await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
      await Promise.all([
        page.waitForURL((url) => !url.pathname.startsWith("/auth/login")),
        page.locator("main").getByRole("button", { name: "Log in" }).click(),
      ]);
      await page.close();
    }
    const paths =
      role === "guest" ? PAGES_BY_ROLE.guest.flatMap((p) => [p, localized(p, "ar")]) : PAGES_BY_ROLE[role];
    for (const pagePath of paths) {
      const page = await context.newPage();
      const bodies: Promise<number>[] = [];
      page.on("response", (response) => {
        const type = response.headers()["content-type"] ?? "";
        if (!/javascript/.test(type) && !response.url().endsWith(".js")) return;
        bodies.push(
          response
            .body()
            .then((body) => gzipSync(body, { level: 9 }).length)
            .catch(() => 0),
        );
      });
      const response = await page.goto(pagePath, { waitUntil: "networkidle" });
      // Hydration can request lazy chunks after load; give them a moment to show up.
      await page.waitForLoadState("networkidle");
      const sizes = await Promise.all(bodies);
      rows.push({
        role,
        path: pagePath,
        status: response?.status() ?? 0,
        scripts: sizes.length,
        gzipBytes: sizes.reduce((sum, size) => sum + size, 0),
      });
      await page.close();
    }
    await context.close();
  }
  return rows;
}

let lighthouseVersion = "unknown";

/** One Lighthouse run of one page, in a new Chrome; retried a few times when Lighthouse loses the trace. */
async function lighthouseRun(url: string): Promise<LhMetrics> {
  for (let attempt = 0; ; attempt++) {
    // A first visit every run, as the Lighthouse CLI and PageSpeed Insights measure it: a new Chrome with
    // a new profile. Lighthouse's own reset between runs clears the HTTP cache but not localStorage, so
    // one browser for all runs would measure a state no visitor is in (the web fonts remembered as cached,
    // but not in the cache; app/fonts.ts).
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    try {
      // No config: Lighthouse's defaults are mobile emulation with simulated (Lantern) throttling.
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      lighthouseVersion = lhr.lighthouseVersion;
      if (lhr.runtimeError) {
        // Lighthouse itself sometimes loses the trace on a busy machine (NO_NAVSTART): run again, a few times.
        if (attempt < LH_RETRIES) {
          console.warn(`Lighthouse ${url}: ${lhr.runtimeError.code}; running again`);
          continue;
        }
        throw new Error(`${url}: ${lhr.runtimeError.message}`);
      }
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: Math.round(numeric("first-contentful-paint")),
        lcpMs: Math.round(numeric("largest-contentful-paint")),
        tbtMs: Math.round(numeric("total-blocking-time")),
        cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
        benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
      };
    } finally {
      chrome.kill();
    }
  }
}

function summarize(pagePath: string, allRuns: LhMetrics[]): LhRow {
  return {
    path: pagePath,
    runs: allRuns.length,
    performance: median(allRuns.map((r) => r.performance)),
    fcpMs: median(allRuns.map((r) => r.fcpMs)),
    lcpMs: median(allRuns.map((r) => r.lcpMs)),
    tbtMs: median(allRuns.map((r) => r.tbtMs)),
    cls: median(allRuns.map((r) => r.cls)),
    benchmarkIndex: median(allRuns.map((r) => r.benchmarkIndex)),
    allRuns,
  };
}

async function runLighthouse(base: string): Promise<LhRow[]> {
  const rows: LhRow[] = [];
  for (const pagePath of LH_PAGES) {
    const allRuns: LhMetrics[] = [];
    for (let run = 0; run < LH_RUNS; run++) allRuns.push(await lighthouseRun(`${base}${pagePath}`));
    rows.push(summarize(pagePath, allRuns));
    console.error(`Lighthouse ${pagePath}: ${rows.at(-1)?.performance}`);
  }
  return rows;
}

/** The same pages on two servers, interleaved: per page, run by run, A then B, then B then A. */
async function compareLighthouse(bases: { a: string; b: string }): Promise<{ a: LhRow[]; b: LhRow[] }> {
  const a: LhRow[] = [];
  const b: LhRow[] = [];
  for (const pagePath of LH_PAGES) {
    const runs = { a: [] as LhMetrics[], b: [] as LhMetrics[] };
    for (let run = 0; run < LH_RUNS; run++) {
      const order: ("a" | "b")[] = run % 2 === 0 ? ["a", "b"] : ["b", "a"];
      for (const side of order) runs[side].push(await lighthouseRun(`${bases[side]}${pagePath}`));
    }
    a.push(summarize(pagePath, runs.a));
    b.push(summarize(pagePath, runs.b));
    console.error(`Lighthouse ${pagePath}: A ${a.at(-1)?.performance}, B ${b.at(-1)?.performance}`);
  }
  return { a, b };
}

/** 1, 5 and 15 minute load averages, as text (the JSON stays in the shape Biome formats). */
function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

function markdown(report: {
  date: string;
  machine: string;
  loadBefore: string;
  loadAfter: string;
  lighthouseVersion: string;
  lighthouse: LhRow[];
  js: JsRow[];
}): string {
  const lines = [
    "# Web performance (`npm run bench:web`)",
    "",
    `- Date: ${report.date}`,
    `- Machine: ${report.machine}`,
    `- Load average (1/5/15 min) before: ${report.loadBefore}, after: ${report.loadAfter} (shared machine; simulated throttling is sensitive to CPU load)`,
    `- Lighthouse ${report.lighthouseVersion}, mobile, default simulated throttling, Chromium at ${CHROME_PATH}, median of ${LH_RUNS} runs`,
    "",
  ];
  if (report.lighthouse.length > 0) {
    lines.push(
      "| Page | Performance | FCP | LCP | TBT | CLS | Host CPU index |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const r of report.lighthouse) {
      lines.push(
        `| \`${r.path}\` | ${r.performance} | ${r.fcpMs} ms | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} | ${r.benchmarkIndex} |`,
      );
    }
    lines.push(
      "",
      "Host CPU index: Lighthouse's `benchmarkIndex` (median of the runs; higher is a faster host). Simulated",
      "throttling multiplies the tasks observed on this host by 4, so TBT rises when the shared host is slow.",
      "",
    );
  }
  const over = report.js.filter((r) => r.gzipBytes > JS_BUDGET_BYTES);
  const largest = Math.max(...report.js.map((r) => r.gzipBytes));
  lines.push(
    `## Gzipped JavaScript per page (budget ${kb(JS_BUDGET_BYTES)} KB)`,
    "",
    `Largest: ${kb(largest)} KB. Over budget: ${over.length} of ${report.js.length} pages${over.length > 0 && over.length <= 10 ? ` (${over.map((r) => `${r.role} ${r.path}`).join(", ")})` : ""}.`,
    "",
    "| Role | Page | Status | Scripts | Gzipped JS |",
    "| --- | --- | ---: | ---: | ---: |",
  );
  for (const r of report.js) {
    lines.push(`| ${r.role} | \`${r.path}\` | ${r.status} | ${r.scripts} | ${kb(r.gzipBytes)} KB |`);
  }
  return `${lines.join("\n")}\n`;
}

/** `npm start` on a fresh DATA_DIR with `extraEnv`; resolves once it serves `/`. */
async function startServer(extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "manara-bench-web-"));
  const port = await freePort();
  const env = {
    ...process.env,
    ...extraEnv,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
  };
  const app = spawn("npm", ["start"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  app.stdout?.on("data", keep);
  app.stderr?.on("data", keep);
  const stop = async () => {
    await stopGroup(app);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForApp(port, app, () => tail);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base: `http://${HOST}:${port}`, stop };
}

function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

async function measure() {
  const server = await startServer();
  try {
    const loadBefore = loadAverage();
    const browser = await chromium.launch({
      executablePath: CHROME_PATH,
      args: ["--no-sandbox", "--disable-gpu"],
    });
    let js: JsRow[];
    try {
      js = await measureJs(browser, server.base);
    } finally {
      await browser.close();
    }
    const lh = process.env.BENCH_SKIP_LIGHTHOUSE === "1" ? [] : await runLighthouse(server.base);
    const report = {
      date: new Date().toISOString(),
      machine: machine(),
      loadBefore,
      loadAfter: loadAverage(),
      lighthouseVersion: lighthouseVersion,
      lighthouse: lh,
      js,
    };
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, "web-latest.json"), `${JSON.stringify(report, null, 2)}\n`);
    const md = markdown(report);
    writeFileSync(path.join(resultsDir, "web-latest.md"), md);
    console.log(md);
  } finally {
    await server.stop();
  }
}

async function compare(setting: string) {
  const [name, value] = [setting.slice(0, setting.indexOf("=")), setting.slice(setting.indexOf("=") + 1)];
  if (!/^[A-Z][A-Z0-9_]*$/.test(name))
    throw new Error(`BENCH_WEB_COMPARE must be NAME=VALUE, not ${setting}`);
  // One after the other: the first builds when the sources changed, the second finds the build current.
  const a = await startServer();
  try {
    const b = await startServer({ [name]: value });
    try {
      const loadBefore = loadAverage();
      const result = await compareLighthouse({ a: a.base, b: b.base });
      const report = {
        date: new Date().toISOString(),
        machine: machine(),
        loadBefore,
        loadAfter: loadAverage(),
        lighthouseVersion,
        sideA: "the default settings",
        sideB: `${name}=${value}`,
        ...result,
      };
      const stamp = report.date.slice(0, 16).replace(/:/g, "-");
      mkdirSync(resultsDir, { recursive: true });
      writeFileSync(
        path.join(resultsDir, `web-compare-${stamp}Z.json`),
        `${JSON.stringify(report, null, 2)}\n`,
      );
      const md = compareMarkdown(report);
      writeFileSync(path.join(resultsDir, `web-compare-${stamp}Z.md`), md);
      console.log(md);
    } finally {
      await b.stop();
    }
  } finally {
    await a.stop();
  }
}

type CompareReport = {
  date: string;
  machine: string;
  loadBefore: string;
  loadAfter: string;
  lighthouseVersion: string;
  sideA: string;
  sideB: string;
  a: LhRow[];
  b: LhRow[];
};

function compareMarkdown(report: CompareReport): string {
  const lines = [
    "# Web performance, two settings side by side (`BENCH_WEB_COMPARE`, `npm run bench:web`)",
    "",
    `- Date: ${report.date}`,
    `- Machine: ${report.machine}`,
    `- Load average (1/5/15 min) before: ${report.loadBefore}, after: ${report.loadAfter} (shared machine; both sides ran in turn, so load falls on both)`,
    `- Lighthouse ${report.lighthouseVersion}, mobile, default simulated throttling, Chromium at ${CHROME_PATH}, median of ${LH_RUNS} runs per side, interleaved (A B, B A, …)`,
    `- A: ${report.sideA}; B: ${report.sideB}; the same build`,
    "",
    "| Page | Performance A | B | FCP A | B | LCP A | B | TBT A | B | CLS A | B | Host CPU index A | B |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  report.a.forEach((a, index) => {
    const b = report.b[index];
    if (!b) return;
    lines.push(
      `| \`${a.path}\` | ${a.performance} | ${b.performance} | ${a.fcpMs} ms | ${b.fcpMs} ms | ${a.lcpMs} ms | ${b.lcpMs} ms | ${a.tbtMs} ms | ${b.tbtMs} ms | ${a.cls} | ${b.cls} | ${a.benchmarkIndex} | ${b.benchmarkIndex} |`,
    );
  });
  lines.push(
    "",
    "Every run (A | B), in the order taken per page:",
    "",
    "| Page | Run | A perf / FCP / LCP / TBT | B perf / FCP / LCP / TBT |",
    "| --- | ---: | --- | --- |",
  );
  report.a.forEach((a, index) => {
    const b = report.b[index];
    a.allRuns.forEach((runA, run) => {
      const runB = b?.allRuns[run];
      const cell = (r: LhMetrics | undefined) =>
        r ? `${r.performance} / ${r.fcpMs} / ${r.lcpMs} / ${r.tbtMs}` : "";
      lines.push(`| \`${a.path}\` | ${run + 1} | ${cell(runA)} | ${cell(runB)} |`);
    });
  });
  return `${lines.join("\n")}\n`;
}

await (process.env.BENCH_WEB_COMPARE ? compare(process.env.BENCH_WEB_COMPARE) : measure());
