// Two production servers on one PostgreSQL database: a change written through one empties the other's
// anonymous response cache and its public lists within a second (app/db/public-changes.server.ts, PostgreSQL
// LISTEN/NOTIFY), so a visitor sent to either server by a load balancer sees it. Needs PostgreSQL: CI sets
// TEST_DATABASE_URL.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../app/db/seed.server";
import { ensureServerBuild } from "./server-build";
import { type ServerProcess, seed, send, startServer } from "./server-process";
import { adminConnection, createDatabaseFromTemplate } from "./test-database";

const testUrl = process.env.TEST_DATABASE_URL;
const servers: ServerProcess[] = [];
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (!testUrl) return;
  await ensureServerBuild();
  const admin = await adminConnection(testUrl);
  const name = await createDatabaseFromTemplate(admin, "manara_two");
  dropDatabase = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  const url = new URL(testUrl);
  url.pathname = `/${name}`;
  // A long lifetime, so nothing in this test is fresh merely because it expired.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url.toString(),
    // Production with PostgreSQL refuses a missing secret (both servers must share it to share sessions)
    // and a missing public origin.
    SESSION_SECRET: randomUUID(),
    PUBLIC_URL: "http://manara.test",
    PUBLIC_CACHE_SECONDS: "120",
  };
  delete env.TRUST_PROXY;
  await seed(env);
  servers.push(await startServer(env), await startServer(env));
}, 600_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await dropDatabase?.();
}, 60_000);

/** Polls `check` every 20 ms for up to `ms`; the time it took, or null if it never passed. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started <= ms) {
    if (await check()) return Date.now() - started;
    await sleep(20);
  }
  return null;
}

describe.runIf(Boolean(testUrl))("two app servers on one database", () => {
  it("a course renamed through one server shows on the other's cached pages within a second", async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error("servers did not start");
    const list = JSON.parse((await send(second.port, "GET", "/api/courses")).body.toString()) as {
      items: { id: number; title: string }[];
    };
    const course = list.items[0];
    if (!course) throw new Error("the demo content has no course");

    // The second server keeps the anonymous page, and a signed-in learner's page reads the kept catalog.
    const learnerLogin = await send(
      second.port,
      "POST",
      "/api/auth/login",
      { "Content-Type": "application/json" },
      JSON.stringify({ email: "learner@manara.local", password: DEMO_PASSWORD }),
    );
    const { token: learnerToken } = JSON.parse(learnerLogin.body.toString()) as { token: string };
    const learnerApi = { Authorization: `Bearer ${learnerToken}` };
    await send(second.port, "GET", "/courses");
    expect((await send(second.port, "GET", "/courses")).headers.age).toBeDefined();
    expect((await send(second.port, "GET", "/api/courses", learnerApi)).body.toString()).toContain(
      course.title,
    );

    const trainerLogin = await send(
      first.port,
      "POST",
      "/api/auth/login",
      { "Content-Type": "application/json" },
      JSON.stringify({ email: "trainer@manara.local", password: DEMO_PASSWORD }),
    );
    const { token } = JSON.parse(trainerLogin.body.toString()) as { token: string };
    const title = `Renamed on the first server ${Date.now()}`;
    const update = await send(
      first.port,
      "PUT",
      `/api/instructor/course/${course.id}`,
      { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      JSON.stringify({ title }),
    );
    expect(update.status, update.body.toString()).toBe(200);

    const anonymous = await within(1_000, async () =>
      (await send(second.port, "GET", "/courses")).body.toString().includes(title),
    );
    expect(anonymous, "the second server's anonymous /courses").not.toBeNull();
    const signedIn = await within(1_000, async () =>
      (await send(second.port, "GET", "/api/courses", learnerApi)).body.toString().includes(title),
    );
    expect(signedIn, "the second server's public list for a signed-in learner").not.toBeNull();
  });
});
