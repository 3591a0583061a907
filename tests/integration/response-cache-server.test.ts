// The production server's anonymous response cache (server/response-cache.ts answering,
// app/middleware/response-cache.server.ts filling), end to end on the real build and the demo content: repeat
// anonymous GETs are served from it (the same bytes and headers, nonce included), compressed once; the
// Save-Data variants stay apart; requests with a cookie or credentials never are; answers that must not be
// shared are not stored; and a change made through the server shows on the very next anonymous page.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../app/seed/seed.server";
import { ensureServerBuild } from "./server-build";

const root = path.resolve(import.meta.dirname, "../..");
const HOST = "127.0.0.1";

let port = 0;
let dataDir = "";
let server: ChildProcess | undefined;
let log = "";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function send(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: HOST, port, method, path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

const nonceOf = (answer: Answer) =>
  String(answer.headers["content-security-policy"]).match(/nonce-([^']+)/)?.[1];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed: ${errors}`))));
  });
}

beforeAll(async () => {
  // `npm test` runs Vitest before the end-to-end tests build the app, so build here when there is none.
  await ensureServerBuild();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "manara-cache-"));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", HOST, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.TRUST_PROXY;
  // The demo content, as `npm start` seeds it, then the server itself (a long lifetime: no expiry mid-test).
  await run(path.join(root, "node_modules/.bin/tsx"), ["scripts/db-seed.ts"], env);
  port = await freePort();
  server = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: { ...env, PORT: String(port), PUBLIC_CACHE_SECONDS: "120" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!log.includes("listening")) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`server did not start:\n${log}`);
    await sleep(100);
  }
}, 600_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const gone = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([gone, sleep(12_000)]);
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe("the anonymous response cache", () => {
  it("serves a repeated anonymous page from the cache, byte for byte, nonce and all", async () => {
    const first = await send("GET", "/courses?cache-test=1");
    expect(first.status, log).toBe(200);
    expect(first.headers.age).toBeUndefined();
    const second = await send("GET", "/courses?cache-test=1");
    expect(second.headers.age).toBeDefined();
    expect(second.body.equals(first.body)).toBe(true);
    expect(nonceOf(second)).toBe(nonceOf(first));
    expect(second.headers["set-cookie"]).toBeUndefined();
    // The security headers the server adds to everything are there too.
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers a hit with every header the answer that stored it had, and Age", async () => {
    // What is per response: the time, the age, and the request's own id (decision 059: a hit is a request of
    // its own, logged under its own id).
    const withoutTime = (answer: Answer) => {
      const { date: _date, age: _age, "x-request-id": requestId, ...rest } = answer.headers;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      return rest;
    };
    const variants: Record<string, string>[] = [
      {},
      { "Accept-Encoding": "gzip, deflate, br" },
      { "Save-Data": "on" },
    ];
    for (const headers of variants) {
      const first = await send("GET", "/courses?cache-test=5", headers);
      const second = await send("GET", "/courses?cache-test=5", headers);
      expect(second.headers.age, JSON.stringify(headers)).toBeDefined();
      expect(withoutTime(second)).toEqual(withoutTime(first));
    }
    // A page's data, and the API (whose Content-Type gets its charset from Express on a hit too).
    for (const target of ["/courses.data?cache-test=5", "/api/courses?cache-test=5"]) {
      const first = await send("GET", target);
      const second = await send("GET", target);
      expect(second.headers.age, target).toBeDefined();
      expect(withoutTime(second)).toEqual(withoutTime(first));
    }
  });

  it("keeps a page's Save-Data variant apart from the other", async () => {
    const plain = await send("GET", "/courses?cache-test=6");
    const saving = await send("GET", "/courses?cache-test=6", { "Save-Data": "on" });
    expect(saving.headers.age).toBeUndefined();
    const [plainAgain, savingAgain] = [
      await send("GET", "/courses?cache-test=6"),
      await send("GET", "/courses?cache-test=6", { "Save-Data": "on" }),
    ];
    expect(plainAgain?.headers.age).toBeDefined();
    expect(savingAgain?.headers.age).toBeDefined();
    expect(plainAgain?.body.equals(plain.body)).toBe(true);
    expect(savingAgain?.body.equals(saving.body)).toBe(true);
    expect(saving.body.toString()).not.toContain("@font-face");
    expect(plain.body.toString()).toContain("@font-face");
  });

  it("never answers a request with a cookie or credentials from it", async () => {
    await send("GET", "/courses?cache-test=2");
    const withCookie = await send("GET", "/courses?cache-test=2", { Cookie: "unrelated=1" });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.age).toBeUndefined();
    const withToken = await send("GET", "/api/courses?cache-test=2", { Authorization: "Bearer nope" });
    expect(withToken.headers.age).toBeUndefined();
    // A fresh rendering has its own nonce.
    const anonymous = await send("GET", "/courses?cache-test=2");
    expect(nonceOf(withCookie)).not.toBe(nonceOf(anonymous));
  });

  it("compresses a stored page once and answers HEAD with its length", async () => {
    const plain = await send("GET", "/terms");
    const gzip = await send("GET", "/terms", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(String(gzip.headers.vary)).toMatch(/Accept-Encoding/i);
    const head = await send("HEAD", "/terms");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(plain.body.length);
  });

  it("keeps one API answer per language asked for", async () => {
    const ar = await send("GET", "/api/courses?cache-test=3", { "Accept-Language": "ar" });
    const en = await send("GET", "/api/courses?cache-test=3", { "Accept-Language": "en" });
    expect(String(ar.headers.vary)).toMatch(/Accept-Language/);
    expect(ar.body.equals(en.body)).toBe(false);
    const arAgain = await send("GET", "/api/courses?cache-test=3", { "Accept-Language": "ar" });
    expect(arAgain.headers.age).toBeDefined();
    expect(arAgain.body.equals(ar.body)).toBe(true);
  });

  it("does not store what must not be shared: errors and pages that set a cookie", async () => {
    await send("GET", "/no-such-page");
    const missing = await send("GET", "/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.headers.age).toBeUndefined();
    await send("GET", "/auth/google");
    const oauth = await send("GET", "/auth/google");
    expect(oauth.headers.age).toBeUndefined();
  });

  it("shows a change made through the server on the next anonymous page, without waiting for expiry", async () => {
    const list = JSON.parse((await send("GET", "/api/courses")).body.toString()) as {
      items: { id: number; title: string }[];
    };
    const course = list.items[0];
    if (!course) throw new Error("the demo content has no course");
    const before = await send("GET", "/courses");
    expect((await send("GET", "/courses")).headers.age).toBeDefined();
    expect(before.body.toString()).toContain(course.title);

    const login = await send(
      "POST",
      "/api/auth/login",
      { "Content-Type": "application/json" },
      JSON.stringify({ email: "trainer@manara.local", password: DEMO_PASSWORD }),
    );
    expect(login.status, login.body.toString()).toBe(200);
    const { token } = JSON.parse(login.body.toString()) as { token: string };
    const title = `Renamed for the cache test ${Date.now()}`;
    const update = await send(
      "PUT",
      `/api/instructor/course/${course.id}`,
      { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      JSON.stringify({ title }),
    );
    expect(update.status, update.body.toString()).toBe(200);

    const after = await send("GET", "/courses");
    expect(after.headers.age).toBeUndefined();
    expect(after.body.toString()).toContain(title);
    const api = await send("GET", "/api/courses");
    expect(api.body.toString()).toContain(title);
  });

  it("keeps the cache for a change nothing public shows: a learner's saved video position", async () => {
    const login = await send(
      "POST",
      "/api/auth/login",
      { "Content-Type": "application/json" },
      JSON.stringify({ email: "learner@manara.local", password: DEMO_PASSWORD }),
    );
    const { token } = JSON.parse(login.body.toString()) as { token: string };
    const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const list = JSON.parse((await send("GET", "/api/courses")).body.toString()) as {
      items: { id: number }[];
    };
    const courseId = list.items.at(-1)?.id;
    const enroll = await send("POST", `/api/course/enrollment/${courseId}`, auth, "{}");
    expect([200, 201, 409], enroll.body.toString()).toContain(enroll.status);
    const detail = JSON.parse((await send("GET", `/api/courses/${courseId}`)).body.toString()) as {
      course?: { lessons: { id: number }[] };
      lessons?: { id: number }[];
    };
    const lessonId = (detail.course?.lessons ?? detail.lessons ?? [])[0]?.id;
    expect(lessonId).toBeDefined();

    await send("GET", "/courses?cache-test=4");
    expect((await send("GET", "/courses?cache-test=4")).headers.age).toBeDefined();
    const progress = await send(
      "POST",
      `/api/courses/${courseId}/lessons/${lessonId}/progress`,
      auth,
      JSON.stringify({ positionSeconds: 3 }),
    );
    expect(progress.status, progress.body.toString()).toBe(200);
    expect((await send("GET", "/courses?cache-test=4")).headers.age).toBeDefined();
  });
});
