// One database handle for the whole app: postgres.js when DATABASE_URL is set, otherwise embedded PGlite.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { readConfig } from "../config.server";
import { PUBLIC_CHANGES_CHANNEL, registerChangeFeed, topicOf } from "./public-changes.server";
import * as schema from "./schema";

/**
 * Both drivers expose the same drizzle query builder; we type the handle as the postgres.js flavour so
 * domain modules are written once. Driver-specific result shapes (`execute`) are not used in the app.
 */
export type Database = PostgresJsDatabase<typeof schema>;
/** The handle inside `db.transaction(...)`; functions that may run inside a caller's transaction take either. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: "postgres" | "pglite";
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/**
 * Any fixed 64-bit key, the same in every process: while one process migrates, the others wait on it.
 * ("manara" in ASCII.)
 */
export const MIGRATION_LOCK_KEY = 0x6d616e617261;

/**
 * Several servers starting together would otherwise race through the same migrations (duplicate schema,
 * half-applied steps). One reserved connection holds a session-level advisory lock while the pool migrates;
 * if the process dies, PostgreSQL drops the lock with the connection.
 */
async function migrateUnderLock(client: postgres.Sql, db: Database) {
  const lock = await client.reserve();
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migratePostgres(db, { migrationsFolder });
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    lock.release();
  }
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  // At least two connections: one holds the migration lock while another migrates.
  const client = postgres(url, { max: Math.max(2, options.max ?? 10), onnotice: () => {} });
  const db = drizzlePostgres(client, { schema });
  // postgres.js listens on a connection of its own and reconnects by itself; after a reconnect some
  // notifications may have been missed, so the caches forget everything (`onlisten` runs on every connect).
  registerChangeFeed(db, async (deliver) => {
    let connected = false;
    await client.listen(
      PUBLIC_CHANGES_CHANNEL,
      (payload) => deliver(topicOf(payload)),
      () => {
        if (connected) deliver(null);
        connected = true;
      },
    );
  });
  try {
    await migrateUnderLock(client, db);
  } catch (error) {
    await client.end({ timeout: 5 });
    throw error;
  }
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
  // One process owns an embedded database, but the notifications still arrive at commit, like PostgreSQL's.
  registerChangeFeed(db, async (deliver) => {
    await client.listen(PUBLIC_CHANGES_CHANNEL, (payload) => deliver(topicOf(payload)));
  });
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
