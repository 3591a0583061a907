// A fresh, migrated database per test file: PGlite in memory by default, a throwaway PostgreSQL database
// when TEST_DATABASE_URL is set (CI sets it), so the same tests run against both drivers.
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { type DatabaseHandle, openPglite, openPostgres } from "../../app/db/client.server";

/** With PostgreSQL, `url` is the database's own: another handle (another app server) can open it. */
export type TestDatabaseHandle = DatabaseHandle & { url?: string };

export async function createTestDatabase(): Promise<TestDatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openPglite(undefined);
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const name = `manara_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await admin.unsafe(`create database "${name}"`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openPostgres(testUrl.toString(), { max: 5 });
  return {
    ...handle,
    url: testUrl.toString(),
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** A second handle on the same PostgreSQL database, as a second app server would open it. */
export function openSecondHandle(first: TestDatabaseHandle): Promise<DatabaseHandle> {
  if (!first.url) throw new Error("A second handle needs PostgreSQL (TEST_DATABASE_URL)");
  return openPostgres(first.url, { max: 2 });
}
