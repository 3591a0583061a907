// One database handle for the whole app: postgres.js when DATABASE_URL is set, otherwise embedded PGlite.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { readConfig } from "../config.server";
import * as schema from "./schema";

/**
 * Both drivers expose the same drizzle query builder; we type the handle as the postgres.js flavour so
 * domain modules are written once. Driver-specific result shapes (`execute`) are not used in the app.
 */
export type Database = PostgresJsDatabase<typeof schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "postgres" | "pglite";
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(process.cwd(), "drizzle");

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema });
  await migratePostgres(db, { migrationsFolder });
  return { db, driver: "postgres", close: () => client.end({ timeout: 5 }) };
}

/** `dataDir` undefined opens an in-memory database (tests). */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  // Imported lazily so a PostgreSQL deployment never loads the WebAssembly build.
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite ignores the options object when the first argument is undefined, so pass one object.
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: "pglite", close: () => client.close() };
}

/** Opens the configured database and applies pending migrations. */
export function openConfiguredDatabase(env: NodeJS.ProcessEnv = process.env): Promise<DatabaseHandle> {
  const config = readConfig(env);
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, "pglite"));
}

let shared: Promise<DatabaseHandle> | undefined;

/** The process-wide handle, opened on first use rather than at import time. */
export function getDatabase(): Promise<DatabaseHandle> {
  shared ??= openConfiguredDatabase().catch((error) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
