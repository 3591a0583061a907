// A fresh, migrated database per test file: PGlite in memory by default, a throwaway PostgreSQL database
// when TEST_DATABASE_URL is set (CI sets it), so the same tests run against both drivers. Each is a copy of
// the template the global setup migrated once (tests/integration/template-database.ts).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../../app/db/client.server";
import { adminConnection, databaseUrl } from "./template-database";

export { adminConnection } from "./template-database";

/** With PostgreSQL, `url` is the database's own: another handle (another app server) can open it. */
export type TestDatabaseHandle = DatabaseHandle & { url?: string };

let pgliteTemplate: Blob | undefined;

export async function createTestDatabase(): Promise<TestDatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = inject("pgliteTemplate");
    if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
    return openPglite(undefined, { loadDataDir: pgliteTemplate });
  }
  const admin = await adminConnection(url);
  const name = await createDatabaseFromTemplate(admin, "manara_test");
  const testUrl = databaseUrl(url, name);
  // The copy is migrated already; openPostgres only finds nothing left to apply.
  const handle = await openPostgres(testUrl, { max: 5 });
  return {
    ...handle,
    url: testUrl,
    close: async () => {
      await handle.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** PostgreSQL's "source database is being accessed by other users". */
const TEMPLATE_IN_USE = "55006";

/**
 * A new database named `<prefix>_<random>`: a copy of the migrated template when the global setup made one,
 * otherwise empty (the app migrates it when it opens it). Returns its name.
 */
export async function createDatabaseFromTemplate(admin: pg.Client, prefix: string): Promise<string> {
  const name = `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const template = inject("postgresTemplate");
  if (!template) {
    await admin.query(`create database "${name}"`);
    return name;
  }
  // Nobody connects to the template (it refuses connections), so copies made at once by several workers
  // all succeed; a retry covers a connection that slipped in anyway (a person with psql).
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${template}"`);
      return name;
    } catch (error) {
      if ((error as { code?: string }).code !== TEMPLATE_IN_USE || attempt >= 20) throw error;
      await sleep(50 * attempt);
    }
  }
}

/** A second handle on the same PostgreSQL database, as a second app server would open it. */
export function openSecondHandle(first: TestDatabaseHandle): Promise<DatabaseHandle> {
  if (!first.url) throw new Error("A second handle needs PostgreSQL (TEST_DATABASE_URL)");
  return openPostgres(first.url, { max: 2 });
}
