// One database handle for the whole app: node-postgres (pg) when DATABASE_URL is set, otherwise embedded
// PGlite. Why pg and not postgres.js, and what a request sees while PostgreSQL is away:
// docs/decisions/039-postgres-driver-and-outages.md.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { fromPglite } from "pg-boss";
import { type Environment, environment, readConfig } from "../config.server";
import { closeJobQueue, installJobQueue, jobQueue, registerJobQueue } from "../jobs/queue.server";
import { logger } from "../lib/logger.server";
import { type Listener, listenWithReconnects } from "./listen.server";
import { PUBLIC_CHANGES_CHANNEL, registerChangeFeed, topicOf } from "./public-changes.server";
import * as schema from "./schema";

/**
 * Both drivers expose the same drizzle query builder, and both answer `execute` with `{ rows }`; we type
 * the handle as the node-postgres flavour so domain modules are written once.
 */
export type Database = NodePgDatabase<typeof schema>;
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
 * While PostgreSQL is away a request fails within these instead of waiting for it (and answers 503,
 * app/db/errors.ts). Connecting, or waiting for a free connection of the pool: 2 s. A statement: PostgreSQL
 * cancels it after 4 s (the connection stays usable); if no answer comes at all (a dead network), the
 * driver gives up after 5 s.
 */
export const DATABASE_TIMEOUTS = { connectMs: 2_000, statementMs: 4_000, queryMs: 5_000 };

/**
 * Any fixed 64-bit key, the same in every process: while one process migrates, the others wait on it.
 * ("manara" in ASCII.)
 */
export const MIGRATION_LOCK_KEY = 0x6d616e617261;

const logDatabase = (message: string) => logger("db").warn(message);

/** A lost connection, said in one line: what PostgreSQL or the network reported. */
function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code ? `${message} (${code})` : String(message ?? error);
}

/**
 * A pool that survives PostgreSQL going away. node-postgres reports a connection lost outside a query as an
 * 'error' event, on the pool for an idle client and on the client itself while it is checked out (inside a
 * transaction, between two statements); an event nobody listens to would be an uncaught exception
 * (brianc/node-postgres#2386, #2439). The pool drops such a client and connects a new one when next asked.
 */
function resilientPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({
    keepAlive: true,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    ...config,
  });
  pool.on("error", (error) => logDatabase(`An idle connection was lost: ${describeError(error)}`));
  pool.on("connect", (client) => client.on("error", () => {}));
  // A client given back inside a transaction or with a statement still running (a rollback that timed out
  // after its connection stopped answering) must not serve the next caller: end it, so the pool drops it.
  pool.on("release", (error, client) => {
    if (!error && client.getTransactionStatus() !== "I") client.end().catch(() => {});
  });
  return pool;
}

/**
 * Several servers starting together would otherwise race through the same migrations (duplicate schema,
 * half-applied steps). One connection holds a session-level advisory lock while another migrates; if the
 * process dies, PostgreSQL drops the lock with the connection. Migrations (and the wait for another
 * server's) may take longer than a request's statement: they get a pool of their own without the timeouts.
 */
async function migrateUnderLock(url: string) {
  const pool = resilientPool({ connectionString: url, max: 2 });
  try {
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder });
        // The job queue's tables (pg-boss's own schema and migrations), under the same lock.
        await installJobQueue({ connectionString: url });
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    } finally {
      lock.release();
    }
  } finally {
    await pool.end();
  }
}

/**
 * `max` is the pool's size; `connectMs` how long a caller may wait for one of its connections (the default fails
 * fast, so a stalled database answers 503 rather than piling requests up; a test that queues fifty transactions on
 * purpose waits longer).
 */
export async function openPostgres(
  url: string,
  options: { max?: number; connectMs?: number } = {},
): Promise<DatabaseHandle> {
  await migrateUnderLock(url);
  const connection = {
    connectionString: url,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    query_timeout: DATABASE_TIMEOUTS.queryMs,
  };
  const pool = resilientPool({
    ...connection,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectMs ?? DATABASE_TIMEOUTS.connectMs,
  });
  const db = drizzleNodePg(pool, { schema });
  registerJobQueue(db, { connectionString: url });
  await jobQueue(db);
  // Notifications arrive on a connection of their own that reconnects by itself; after a reconnect some may
  // have been missed, so the caches forget everything.
  let listener: Listener | undefined;
  let closed = false;
  registerChangeFeed(db, async (deliver) => {
    const started = await listenWithReconnects({
      client: { ...connection, keepAlive: true, connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs },
      channel: PUBLIC_CHANGES_CHANNEL,
      onNotification: (payload) => deliver(topicOf(payload)),
      onReconnect: () => deliver(null),
      log: logDatabase,
    });
    if (closed) await started.close();
    else listener = started;
  });
  return {
    db,
    driver: "postgres",
    close: async () => {
      closed = true;
      await closeJobQueue(db);
      await listener?.close();
      await pool.end();
    },
  };
}

/**
 * `dataDir` undefined opens an in-memory database (tests). `loadDataDir`: a data directory dumped by PGlite's
 * `dumpDataDir`, started from instead of an empty one (the tests' migrated template, tests/global-setup.ts).
 */
export async function openPglite(
  dataDir: string | undefined,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  // Imported lazily so a PostgreSQL deployment never loads the WebAssembly build.
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite ignores the options object when the first argument is undefined, so pass one object.
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // One process owns the embedded database, so no lock is needed around the queue's schema either; pg-boss
  // shares the one connection through its PGlite adapter.
  const queueConnection = { db: fromPglite(client), backend: "pglite" as const };
  await installJobQueue(queueConnection);
  registerJobQueue(db, queueConnection);
  // Started now, not on first use: a job queued inside a transaction must not wait for the one connection
  // that transaction holds.
  await jobQueue(db);
  // One process owns an embedded database, but the notifications still arrive at commit, like PostgreSQL's.
  registerChangeFeed(db, async (deliver) => {
    await client.listen(PUBLIC_CHANGES_CHANNEL, (payload) => deliver(topicOf(payload)));
  });
  return {
    db: db as unknown as Database,
    driver: "pglite",
    close: async () => {
      await closeJobQueue(db);
      await client.close();
    },
  };
}

/** Opens the configured database and applies pending migrations. */
export function openConfiguredDatabase(env: Environment = environment()): Promise<DatabaseHandle> {
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
