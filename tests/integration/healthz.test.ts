// GET /healthz: 200 when the database answers `select 1`, 503 (never 500) when it fails, hangs or cannot be
// opened; never cached.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../app/db/client.server";
import { databaseContext } from "../../app/db/context";
import { databaseAnswers } from "../../app/maintenance/health.server";
import { databaseMiddleware } from "../../app/middleware/database.server";
import { loader } from "../../app/routes/healthz";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

async function ask(db: Database): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(databaseContext, db);
  const request = new Request("http://test/healthz");
  return (await loader({ request, context, params: {} } as never)) as Response;
}

const failing = {
  execute: () => Promise.reject(new Error("connection refused")),
} as unknown as Database;
const hanging = { execute: () => new Promise(() => {}) } as unknown as Database;

describe("GET /healthz", () => {
  it("answers 200 ok, not cached, when the database answers", async () => {
    const response = await ask(handle.db);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 503 unavailable when the query fails", async () => {
    const response = await ask(failing);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Retry-After")).toBe("5");
  });

  it("gives up on a database that does not answer in time", async () => {
    const started = Date.now();
    expect(await databaseAnswers(hanging, 50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("answers 503 from the middleware when the database cannot be opened, with Retry-After on every route", async () => {
    // A port nothing listens on: opening the configured database fails at once.
    const saved = { url: process.env.DATABASE_URL };
    process.env.DATABASE_URL = "postgres://nobody@127.0.0.1:1/none";
    try {
      const args = (pattern: string) =>
        ({
          request: new Request("http://test/healthz"),
          context: new RouterContextProvider(),
          params: {},
          pattern,
        }) as never;
      const next = async () => new Response("should not get here");
      const response = (await databaseMiddleware(args("healthz"), next)) as Response;
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable" });
      expect(response.headers.get("Retry-After")).toBe("5");
      // Another route's request fails with a 503 answer: a page renders it as its error page, /api as JSON.
      const refused = await Promise.resolve(databaseMiddleware(args("courses"), next)).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(503);
      expect((refused as Response).headers.get("Retry-After")).toBe("5");
    } finally {
      if (saved.url === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved.url;
    }
  });
});
