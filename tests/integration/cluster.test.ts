// Manara as README deploys it on many servers: two production app servers on one PostgreSQL database behind
// nginx (deploy/nginx.conf). Under a bounded load of mixed requests each server in turn is
// killed with SIGKILL and started again, and no idempotent request fails: nginx sends it to the other one.
// What one server writes, the other serves. Needs PostgreSQL (CI sets TEST_DATABASE_URL) and nginx (.ci/run
// installs it).
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../app/db/seed.server";
import { type LoadBalancer, startLoadBalancer } from "./load-balancer";
import { ensureServerBuild } from "./server-build";
import { type Answer, type ServerProcess, seed, send, startServer } from "./server-process";
import { adminConnection, createDatabaseFromTemplate } from "./test-database";

const testUrl = process.env.TEST_DATABASE_URL;
let env: NodeJS.ProcessEnv = {};
const servers: ServerProcess[] = [];
let balancer: LoadBalancer | undefined;
/** Signed in before the load, whose sign-ins use up the address's sign-in limit. */
let adminApi: Record<string, string> = {};
let learner: Record<string, string> = {};
let dropDatabase: (() => Promise<void>) | undefined;

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
  env = {
    ...process.env,
    DATABASE_URL: url.toString(),
    SESSION_SECRET: randomUUID(),
    PUBLIC_URL: "http://manara.test",
    // Behind one proxy: the visitor's address is nginx's X-Forwarded-For.
    TRUST_PROXY: "1",
    PUBLIC_CACHE_SECONDS: "120",
  };
  await seed(env);
  servers.push(await startServer(env), await startServer(env));
  balancer = await startLoadBalancer([servers[0]?.port ?? 0, servers[1]?.port ?? 0]);
  adminApi = await login(balancer.port, "admin@manara.local");
  learner = await login(balancer.port, "learner@manara.local");
}, 600_000);

afterAll(async () => {
  await balancer?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  await dropDatabase?.();
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
});
