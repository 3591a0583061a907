// A fresh, migrated database per test file: PGlite in memory by default, a throwaway PostgreSQL database
// when TEST_DATABASE_URL is set (CI sets it), so the same tests run against both drivers.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../../app/db/client.server";

/** With PostgreSQL, `url` is the database's own: another handle (another app server) can open it. */
export type TestDatabaseHandle = DatabaseHandle & { url?: string };

export async function createTestDatabase(): Promise<TestDatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openPglite(undefined);
  const admin = await adminConnection(url);
  const name = `manara_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await admin.query(`create database "${name}"`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openPostgres(testUrl.toString(), { max: 5 });
  return {
    ...handle,
    url: testUrl.toString(),
    close: async () => {
      await handle.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * One connection to the PostgreSQL server of `url`, for creating and dropping databases. A lost connection
 * rejects the statement in flight; the listener keeps its 'error' event from being an uncaught exception.
 */
export async function adminConnection(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/** A second handle on the same PostgreSQL database, as a second app server would open it. */
export function openSecondHandle(first: TestDatabaseHandle): Promise<DatabaseHandle> {
  if (!first.url) throw new Error("A second handle needs PostgreSQL (TEST_DATABASE_URL)");
  return openPostgres(first.url, { max: 2 });
}
