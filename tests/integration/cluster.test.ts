// Manara as README deploys it on many servers: two production app servers on one PostgreSQL database and one
// S3-compatible bucket, behind nginx (deploy/nginx.conf). Under a bounded load of mixed requests each server
// in turn is killed with SIGKILL and started again, and no idempotent request fails: nginx sends it to the
// other one. What one server writes, the other serves: a video upload begun on one finishes on the other, an
// image, a certificate, a published post; a mail queued by one is sent once, whichever worker takes it.
// Needs PostgreSQL (CI sets TEST_DATABASE_URL), nginx and moto's S3 server (.ci/run installs both).
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeSecretKey, generateEd25519Key } from "../../app/security/multikey";
import { DEMO_PASSWORD } from "../../app/seed/seed.server";
import { createS3Storage, type S3Storage } from "../../app/storage/s3.server";
import { readAll } from "../../app/storage/storage";
import { startMoto, type TestS3 } from "../fakes/s3";
import { type LoadBalancer, startLoadBalancer } from "./load-balancer";
import { ensureServerBuild } from "./server-build";
import { type Answer, type ServerProcess, seed, send, startServer } from "./server-process";
import { imageBytes, multipart } from "./studio-factories";
import { adminConnection, createDatabaseFromTemplate } from "./test-database";
import { tusPatch } from "./tus";

const testUrl = process.env.TEST_DATABASE_URL;
let env: NodeJS.ProcessEnv = {};
const servers: ServerProcess[] = [];
let balancer: LoadBalancer | undefined;
/** Signed in before the load, whose sign-ins use up the address's sign-in limit. */
let adminApi: Record<string, string> = {};
let learner: Record<string, string> = {};
let trainer: Record<string, string> = {};
let dropDatabase: (() => Promise<void>) | undefined;
let s3: TestS3 | undefined;
let bucket: S3Storage;
/** The cluster's database, for what a test sets up without an API (a learner's finished lessons). */
let database: pg.Client | undefined;

beforeAll(async () => {
  if (!testUrl) return;
  await ensureServerBuild();
  const admin = await adminConnection(testUrl);
  const name = await createDatabaseFromTemplate(admin, "manara_cluster");
  dropDatabase = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  const url = new URL(testUrl);
  url.pathname = `/${name}`;
  // tus's S3 store lists an upload's parts to learn its offset: moto has ListParts, s3rver does not.
  s3 = await startMoto();
  bucket = createS3Storage(s3.config);
  database = new pg.Client({ connectionString: url.toString() });
  await database.connect();
  env = {
    ...process.env,
    DATABASE_URL: url.toString(),
    SESSION_SECRET: randomUUID(),
    // One signing key for both servers, as every server of a deployment shares it (decision 053).
    CREDENTIAL_SIGNING_KEY: encodeSecretKey(generateEd25519Key()),
    PUBLIC_URL: "http://manara.test",
    // Behind one proxy: the visitor's address is nginx's X-Forwarded-For.
    TRUST_PROXY: "1",
    PUBLIC_CACHE_SECONDS: "120",
    ...s3.env,
  };
  delete env.DATA_DIR;
  await seed(env);
  servers.push(await startServer(env), await startServer(env));
  balancer = await startLoadBalancer([servers[0]?.port ?? 0, servers[1]?.port ?? 0]);
  adminApi = await login(balancer.port, "admin@manara.local");
  learner = await login(balancer.port, "learner@manara.local");
  trainer = await login(balancer.port, "trainer@manara.local");
}, 600_000);

afterAll(async () => {
  await balancer?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  await database?.end();
  await dropDatabase?.();
  await s3?.close();
}, 60_000);

function json<T>(answer: Answer): T {
  return JSON.parse(answer.body.toString()) as T;
}

async function login(port: number, email: string): Promise<Record<string, string>> {
  const answer = await send(
    port,
    "POST",
    "/api/auth/login",
    { "Content-Type": "application/json" },
    JSON.stringify({ email, password: DEMO_PASSWORD }),
  );
  if (answer.status !== 200) throw new Error(`login of ${email} failed: ${answer.status}`);
  return { Authorization: `Bearer ${json<{ token: string }>(answer).token}` };
}

/** A new learner, signed up through `port`: their Bearer header. */
async function signUp(port: number, email: string, userName: string): Promise<Record<string, string>> {
  const answer = await send(
    port,
    "POST",
    "/api/auth/signup",
    { "Content-Type": "application/json" },
    JSON.stringify({ userName, email, password: DEMO_PASSWORD }),
  );
  if (answer.status !== 201) throw new Error(`sign-up of ${email} failed: ${answer.status} ${answer.body}`);
  return { Authorization: `Bearer ${json<{ token: string }>(answer).token}` };
}

/** Polls `check` every 20 ms for up to `ms`; the time it took, or null if it never passed. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started <= ms) {
    if (await check()) return Date.now() - started;
    await sleep(20);
  }
  return null;
}

type Outcome = { method: string; target: string; status: number | "network error" };

/**
 * `workers` loops of requests through the balancer until `stop()`: the pages and API reads a visitor and a
 * signed-in learner make, and (one in ten) a sign-in, which is not idempotent and so never retried.
 */
function startLoad(port: number, learner: Record<string, string>, workers = 6) {
  const reads: [string, string, Record<string, string>][] = [
    ["GET", "/", {}],
    ["GET", "/ar/courses", {}],
    ["HEAD", "/courses", {}],
    ["GET", "/api/courses", {}],
    ["GET", "/blog", {}],
    ["GET", "/api/auth/me", learner],
    ["GET", "/healthz", {}],
  ];
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let turn = worker; running; turn++) {
      const signIn = turn % 10 === 9;
      const [method, target, headers] = signIn
        ? ["POST", "/api/auth/login", { "Content-Type": "application/json" }]
        : (reads[turn % reads.length] as [string, string, Record<string, string>]);
      const body = signIn
        ? JSON.stringify({ email: "learner@manara.local", password: DEMO_PASSWORD })
        : undefined;
      try {
        const answer = await send(port, method, target, headers, body);
        outcomes.push({ method, target, status: answer.status });
      } catch {
        outcomes.push({ method, target, status: "network error" });
      }
    }
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.runIf(Boolean(testUrl))("two app servers behind nginx", () => {
  it("each server killed and restarted under load: no idempotent request fails", async () => {
    if (!balancer) throw new Error("the load balancer did not start");
    const load = startLoad(balancer.port, learner);
    for (const index of [0, 1]) {
      await sleep(1_500);
      const victim = servers[index] as ServerProcess;
      victim.child.kill("SIGKILL");
      await new Promise((resolve) => victim.child.once("exit", resolve));
      await sleep(1_500);
      servers[index] = await startServer(env, { port: victim.port });
      // nginx tries a failed server again after its fail_timeout (5 s in deploy/nginx.conf): the next kill
      // then proves the restarted one serves.
      await sleep(5_500);
    }
    await sleep(1_000);
    await load.stop();

    const reads = load.outcomes.filter((outcome) => outcome.method !== "POST");
    const failedReads = reads.filter((outcome) => outcome.status !== 200);
    expect(reads.length, "requests made during the kills").toBeGreaterThan(100);
    expect(failedReads, balancer.errorLog()).toEqual([]);
    // A sign-in cut off with its server may fail (nginx must not send it twice); any other answer is a 200
    // or the rate limit's 429.
    for (const outcome of load.outcomes.filter((each) => each.method === "POST"))
      expect([200, 429, 502]).toContain(outcome.status);
  }, 180_000);

  it("a blog post published through one server shows on the other's anonymous pages within a second", async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    // The second server keeps its anonymous /blog (PUBLIC_CACHE_SECONDS is 120 here).
    await send(second.port, "GET", "/blog");
    expect((await send(second.port, "GET", "/blog")).headers.age).toBeDefined();

    const title = `Published on the first server ${Date.now()}`;
    const created = await send(
      first.port,
      "POST",
      "/api/blog",
      { ...adminApi, "Content-Type": "application/json" },
      JSON.stringify({
        title,
        excerpt: "Seen by every server.",
        body: "One database, two servers.",
        status: "published",
      }),
    );
    expect(created.status, created.body.toString()).toBe(201);
    const shown = await within(1_000, async () =>
      (await send(second.port, "GET", "/blog")).body.toString().includes(title),
    );
    expect(shown, "the second server's anonymous /blog").not.toBeNull();
  });
  it("a course renamed through one server shows on the other's cached pages within a second", async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const listed = json<{ items: { id: number; title: string }[] }>(
      await send(second.port, "GET", "/api/courses"),
    );
    const course = listed.items[0];
    if (!course) throw new Error("the demo content has no course");
    // The second server keeps the anonymous page and its data (answered by its Express app, before React
    // Router), and a signed-in learner's page reads the kept catalog.
    for (const target of ["/courses", "/courses.data"]) {
      await send(second.port, "GET", target);
      expect((await send(second.port, "GET", target)).headers.age, target).toBeDefined();
    }
    expect((await send(second.port, "GET", "/api/courses", learner)).body.toString()).toContain(course.title);

    const title = `Renamed on the first server ${Date.now()}`;
    const update = await send(
      first.port,
      "PUT",
      `/api/instructor/course/${course.id}`,
      { ...trainer, "Content-Type": "application/json" },
      JSON.stringify({ title }),
    );
    expect(update.status, update.body.toString()).toBe(200);
    const anonymous = await within(1_000, async () =>
      (await send(second.port, "GET", "/courses")).body.toString().includes(title),
    );
    expect(anonymous, "the second server's anonymous /courses").not.toBeNull();
    const data = await within(1_000, async () =>
      (await send(second.port, "GET", "/courses.data")).body.toString().includes(title),
    );
    expect(data, "the second server's anonymous /courses.data").not.toBeNull();
    const signedIn = await within(1_000, async () =>
      (await send(second.port, "GET", "/api/courses", learner)).body.toString().includes(title),
    );
    expect(signedIn, "the second server's public list for a signed-in learner").not.toBeNull();
  });
});

const DEMO_VIDEO = readFileSync(path.resolve("app/seed/data/videos/manara-demo-1.mp4"));

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** fetch straight to one app server (FormData bodies, binary answers). */
function direct(server: ServerProcess, target: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}${target}`, { ...init, redirect: "manual" });
}

describe.runIf(Boolean(testUrl))("files and work shared by two app servers", () => {
  it("a tus upload begun through one server finishes through the other, byte for byte", async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const lesson = await database?.query<{ id: number }>(
      `select l.id from lessons l join courses c on c.id = l.course_id join users u on u.id = c.trainer_id
       where u.email = 'trainer@manara.local' order by l.id limit 1`,
    );
    const lessonId = lesson?.rows[0]?.id;
    expect(lessonId).toBeDefined();
    const created = await direct(first, "/api/instructor/create-upload-link", {
      method: "POST",
      headers: { ...trainer, "Content-Type": "application/json" },
      body: JSON.stringify({ fileSize: DEMO_VIDEO.length, fileName: "clip.mp4", description: "", lessonId }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { videoId, uploadLink } = (await created.json()) as { videoId: string; uploadLink: string };
    const patch = (server: ServerProcess, offset: number, bytes: Uint8Array) =>
      direct(server, uploadLink, tusPatch(bytes, offset, trainer));
    const half = Math.floor(DEMO_VIDEO.length / 2);
    const begun = await patch(first, 0, DEMO_VIDEO.subarray(0, half));
    expect(begun.status).toBe(204);
    // The second server learns the offset from the bucket, takes the lock in PostgreSQL, and finishes.
    const offset = await direct(second, uploadLink, {
      method: "HEAD",
      headers: { ...trainer, "Tus-Resumable": "1.0.0" },
    });
    expect(offset.headers.get("upload-offset")).toBe(String(half));
    const finished = await patch(second, half, DEMO_VIDEO.subarray(half));
    expect(finished.status).toBe(204);
    expect(finished.headers.get("upload-offset")).toBe(String(DEMO_VIDEO.length));

    const ready = await within(10_000, async () => {
      const status = await direct(first, `/api/instructor/video-status/${videoId}`, { headers: trainer });
      return ((await status.json()) as { status: string }).status === "ready";
    });
    expect(ready, "the video is ready").not.toBeNull();
    for (const server of [first, second]) {
      const played = await direct(server, `/media/videos/${videoId}`, { headers: trainer });
      expect(played.status).toBe(200);
      expect(sha256(new Uint8Array(await played.arrayBuffer()))).toBe(sha256(DEMO_VIDEO));
    }
  }, 60_000);

  it("a course image uploaded through one server shows through the other", async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const uploaded = await direct(first, "/api/cloudinary/upload", {
      method: "POST",
      headers: trainer,
      body: multipart(await imageBytes("png"), "cover.png"),
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const shown = await direct(second, url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/webp");
    const fromFirst = new Uint8Array(await (await direct(first, url)).arrayBuffer());
    expect(sha256(new Uint8Array(await shown.arrayBuffer()))).toBe(sha256(fromFirst));
  });

  it("a certificate issued through one server downloads through the other", async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const email = `graduate-${Date.now()}@manara.test`;
    const graduate = await signUp(first.port, email, "Graduate");
    // A free course, enrolled through the API; its lessons marked finished as a learner's watching would.
    const free = await database?.query<{ id: number }>(
      "select id from courses where price = 0 and is_published order by id limit 1",
    );
    const courseId = free?.rows[0]?.id;
    expect(courseId).toBeDefined();
    const enrolled = await send(first.port, "POST", `/api/course/enrollment/${courseId}`, graduate);
    expect(enrolled.status, enrolled.body.toString()).toBe(200);
    await database?.query(
      `insert into lesson_progress (user_id, lesson_id, course_id, completed_at, updated_at)
       select u.id, l.id, l.course_id, now(), now() from lessons l, users u
       where l.course_id = $1 and u.email = $2`,
      [courseId, email],
    );
    const issued = await send(first.port, "POST", `/api/certificates/${courseId}/generate`, graduate);
    expect(issued.status, issued.body.toString()).toBe(201);
    const { certificate } = json<{ certificate: { id: number } }>(issued);
    const pdf = await within(10_000, async () => {
      const answer = await send(second.port, "GET", `/api/certificates/${certificate.id}/pdf`, graduate);
      return answer.status === 200 && answer.body.subarray(0, 5).toString() === "%PDF-";
    });
    expect(pdf, "the PDF through the second server").not.toBeNull();
  }, 60_000);

  it("a mail queued by one server is delivered once, whichever server's worker takes it", async () => {
    const [first] = servers as [ServerProcess, ServerProcess];
    const email = `forgetful-${Date.now()}@manara.test`;
    await signUp(first.port, email, "Forgetful");
    const requested = await send(
      first.port,
      "POST",
      "/api/auth/forgot-password",
      { "Content-Type": "application/json" },
      JSON.stringify({ email }),
    );
    expect(requested.status).toBeLessThan(300);
    const resetMails = async () => {
      const found: string[] = [];
      for (const key of await bucket.list("outbox/")) {
        const bytes = await readAll(bucket, key);
        const message = bytes
          ? (JSON.parse(new TextDecoder().decode(bytes)) as { to: string; text: string })
          : null;
        if (message?.to === email && message.text.includes("reset-password?token=")) found.push(key);
      }
      return found;
    };
    const delivered = await within(10_000, async () => (await resetMails()).length > 0);
    expect(delivered, "the reset mail reached the outbox").not.toBeNull();
    // Both servers' workers had their chance at the job; it was sent once.
    await sleep(3_000);
    expect(await resetMails()).toHaveLength(1);
  }, 60_000);
});
