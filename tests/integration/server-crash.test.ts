// The production server (`node server.mjs` on the real build) keeps answering after a burst of malformed
// requests: paths that match no route with encoded control characters, odd methods, broken bodies, wrong
// content types, over-long URLs. None may answer 5xx, and the same process must still serve pages and
// /healthz well after the 6 seconds a stray render timer once needed to kill it. Loopback only.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureServerBuild } from "./server-build";

const root = path.resolve(import.meta.dirname, "../..");
const HOST = "127.0.0.1";
/** Longer than the render abort timer (6 s) that used to fire into a ReferenceError after a bad request. */
const SETTLE_MS = 7_000;
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 15_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

type Answer = { status: number; head: string; error?: string };

/**
 * Sends `raw` bytes as they are (node:http would refuse to send most of these) and reads the status line.
 * Status 0 means the server closed the connection without an answer, which is fine for garbage.
 */
function send(port: number, raw: string | Buffer, halfClose = false): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    let received = "";
    let settled = false;
    const done = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const head = received.split("\r\n")[0] ?? "";
      const match = head.match(/^HTTP\/1\.[01] (\d{3})/);
      resolve({ status: match ? Number(match[1]) : 0, head, error });
    };
    const timer = setTimeout(() => done("timeout"), REQUEST_TIMEOUT_MS);
    // halfClose: the client stops sending (FIN) after its bytes, as one that lied about its body would.
    socket.on("connect", () => (halfClose ? socket.end(raw) : socket.write(raw)));
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      // The status line and headers are all we need.
      if (received.includes("\r\n\r\n")) done();
    });
    socket.on("end", () => done());
    socket.on("error", (error) => done(error.message));
  });
}

function request(
  method: string,
  target: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Buffer {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1");
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${HOST}`, "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), payload ?? Buffer.alloc(0)]);
}

/** Every malformed request of the burst, with a label for the failure message. */
type BurstItem = { label: string; raw: Buffer | string; halfClose?: boolean };

function burst(): BurstItem[] {
  const paths = [
    "/api/x%0a",
    "/en/%0a",
    "/blog/x/%0a",
    "/%00",
    "/ar/%0d%0a",
    "/courses/%00",
    "/api/%0d",
    "/api/courses/%0a",
    "/portfolio/%0a%0d",
    "/ar/blog/%00",
    "/en//evil.com",
    "/en/%5cevil.com",
    "/%E0%A4%A",
    "/%",
    "/ar/%ff%fe",
    "/courses/99999999999999999999",
    "/courses/-1",
    "/courses/1e308",
    "/API/auth/me",
    "/%61pi/courses",
    "/..%2f..%2fetc%2fpasswd",
    "/locales/xx/%00",
    "/locales/en/..%2f..%2fpackage.json",
    "/healthz%0a",
    "/auth/login?redirectTo=%0a%0d//evil.com",
    "/courses?q=%00&sort=%0a&limit=-5",
    "/api/courses?limit=1e308&offset=-1&q=%00",
    "/cart?x=%00",
  ];
  const methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
  const all: BurstItem[] = [];
  for (const target of paths)
    for (const method of methods)
      all.push({
        label: `${method} ${target}`,
        raw: request(method, target, { body: method === "POST" ? "" : undefined }),
      });

  const postTargets = [
    "/cart",
    "/contact",
    "/auth/login",
    "/auth/signup",
    "/auth/logout",
    "/courses/1",
    "/dashboard/admin/users",
    "/api/contact",
    "/api/auth/login",
    "/api/auth/signup",
    "/api/course/enrollment/bulk/enroll",
    "/en/%0a",
  ];
  const bodies: { name: string; headers: Record<string, string>; body: string | Buffer }[] = [
    {
      name: "broken JSON",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "a@b.c", "pass',
    },
    {
      name: "JSON NUL",
      headers: { "Content-Type": "application/json" },
      body: '{"email":"\\u0000","name":"\\u0000"}',
    },
    { name: "JSON array", headers: { "Content-Type": "application/json" }, body: "[1e308, -1, null]" },
    { name: "text/plain", headers: { "Content-Type": "text/plain" }, body: "intent=add&courseId=1" },
    { name: "XML", headers: { "Content-Type": "application/xml" }, body: "<?xml version='1.0'?><a>&x;</a>" },
    {
      name: "multipart without boundary",
      headers: { "Content-Type": "multipart/form-data" },
      body: "--x\r\n",
    },
    {
      name: "broken multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
    },
    {
      name: "form NUL and int4 overflow",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=remove&courseId=2147483648&email=%00&name=%00&q=%00",
    },
    {
      name: "invalid UTF-8 form",
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" },
      body: Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
    },
    { name: "no content type", headers: {}, body: "garbage\u0000garbage" },
    { name: "bogus content type", headers: { "Content-Type": ";;;=" }, body: "a=b" },
  ];
  for (const target of postTargets)
    for (const { name, headers, body } of bodies)
      all.push({ label: `POST ${target} (${name})`, raw: request("POST", target, { headers, body }) });

  // What the HTTP parser itself must turn away, and methods no route knows.
  all.push(
    { label: "over-long URL", raw: request("GET", `/${"a".repeat(20_000)}`) },
    { label: "long query", raw: request("GET", `/courses?q=${"x".repeat(8_000)}`) },
    { label: "long API path", raw: request("GET", `/api/${"%0a".repeat(2_000)}`) },
    { label: "raw newline in path", raw: `GET /en/\n HTTP/1.1\r\nHost: ${HOST}\r\n\r\n` },
    { label: "raw NUL in path", raw: `GET /\u0000 HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n` },
    { label: "not HTTP", raw: "\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003" },
    { label: "PROPFIND", raw: request("PROPFIND", "/courses") },
    { label: "TRACE", raw: request("TRACE", "/") },
    { label: "CONNECT", raw: request("CONNECT", "evil.com:443") },
    { label: "unknown method", raw: request("FOO", "/") },
    { label: "absolute-form target", raw: request("GET", "http://evil.com/%0a") },
    { label: "bad Host", raw: `GET / HTTP/1.1\r\nHost: \u0000evil\r\nConnection: close\r\n\r\n` },
    ...["exa mple", "[::1", "a:99999999999999999999", "%zz", "a<b>", "", "évil"].map((host) => ({
      label: `Host "${host}"`,
      raw: Buffer.from(`GET /courses HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, "latin1"),
    })),
    { label: "TRACK", raw: request("TRACK", "/") },
    {
      label: "content-length lies",
      raw: `POST /api/contact HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{}`,
      halfClose: true,
    },
    {
      label: "broken chunked body",
      raw: `POST /cart HTTP/1.1\r\nHost: ${HOST}\r\nTransfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\nzz\r\nintent=add\r\n`,
    },
    {
      label: "bad cookie",
      raw: request("GET", "/", { headers: { Cookie: "__Host-manara_session=%00%ff; manara_cart=%0a" } }),
    },
    {
      label: "bad bearer",
      raw: request("GET", "/api/auth/me", { headers: { Authorization: "Bearer \u0000" } }),
    },
    {
      label: "odd Accept-Language",
      raw: request("GET", "/api/courses", { headers: { "Accept-Language": "%00;q=x" } }),
    },
  );
  return all;
}

let server: ChildProcess | undefined;
let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
let output = "";
/** The end of the server's log, for failure messages. */
const tail = () => output.slice(-4_000);
let port = 0;
let dataDir = "";

async function waitForListening(child: ChildProcess, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (output.includes("is listening on")) return;
    if (exited) throw new Error(`The server exited before listening:\n${tail()}`);
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`The server did not start in ${timeoutMs} ms:\n${tail()}`);
}

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  output = "";
  exited = undefined;
  const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.on("exit", (code, signal) => {
    exited = { code, signal };
  });
  return child;
}

async function stopServer(child: ChildProcess | undefined) {
  if (!child || exited) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([gone, sleep(12_000)]);
  if (!exited) child.kill("SIGKILL");
}

function serverEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", HOST };
  delete env.DATABASE_URL;
  delete env.TRUST_PROXY;
  return { ...env, ...extra };
}

// `npm test` runs Vitest before the end-to-end tests build the app, so build here when there is none.
beforeAll(ensureServerBuild, 600_000);

describe("the production server under a burst of malformed requests", () => {
  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "manara-crash-"));
    server = startServer(serverEnv({ PORT: String(port), DATA_DIR: dataDir }));
    await waitForListening(server, 60_000);
    // The first request opens and migrates the embedded database, which on a busy machine can outlast one
    // request's timeout: ask again until it answers.
    let warm = await send(port, request("GET", "/healthz"));
    const deadline = Date.now() + 90_000;
    while (warm.status !== 200 && Date.now() < deadline && exited === undefined) {
      await sleep(1_000);
      warm = await send(port, request("GET", "/healthz"));
    }
    expect(warm.status, tail()).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("answers no 5xx, stays up past the old render timer, and still serves / and /healthz", async () => {
    const queue = burst();
    const answers: (Answer & { label: string })[] = [];
    let next = 0;
    async function worker() {
      while (next < queue.length && !exited) {
        const item = queue[next++];
        if (!item) break;
        answers.push({ label: item.label, ...(await send(port, item.raw, item.halfClose)) });
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(answers.length).toBeGreaterThan(200);

    await sleep(SETTLE_MS);
    expect(exited, `the server exited after the burst:\n${tail()}`).toBeUndefined();

    const serverErrors = answers.filter((answer) => answer.status >= 500);
    expect(
      serverErrors.map((answer) => `${answer.label} → ${answer.head}`),
      `5xx answers; server log:\n${tail()}`,
    ).toEqual([]);
    const timeouts = answers.filter((answer) => answer.error === "timeout");
    expect(timeouts.map((answer) => answer.label)).toEqual([]);

    const home = await send(port, request("GET", "/"));
    expect(home.status, tail()).toBe(200);
    const health = await send(port, request("GET", "/healthz"));
    expect(health.status, tail()).toBe(200);
    expect(exited).toBeUndefined();
  }, 180_000);

  it("drains and exits 0 on SIGTERM", async () => {
    const child = server;
    if (!child) throw new Error("no server");
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([gone, sleep(12_000)]);
    expect(exited, tail()).toEqual({ code: 0, signal: null });
  }, 20_000);
});

describe("/healthz when the database cannot be reached", () => {
  let down: ChildProcess | undefined;
  afterAll(() => stopServer(down), 30_000);

  it("answers 503 unavailable, not 500", async () => {
    const downPort = await freePort();
    down = startServer(
      serverEnv({
        PORT: String(downPort),
        // Nothing listens on port 1: every attempt to open the database fails at once.
        DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
        SESSION_SECRET: "crash-test-secret-crash-test-secret",
      }),
    );
    await waitForListening(down, 60_000);
    const answer = await send(downPort, request("GET", "/healthz"));
    expect(answer.head, tail()).toMatch(/^HTTP\/1\.1 503/);
  }, 90_000);
});
