// The tus server's locks (one request at a time writes to an upload) in PostgreSQL, so that every app
// server sees them: an upload begun on one server resumes on another, and a PATCH that arrives at server B
// while server A still holds the upload (a stalled request the browser gave up on) asks A to let go.
//
// A lock is a session-level advisory lock, pg_try_advisory_lock, held on a connection of its own for as long
// as the request writes. A request that finds the lock taken asks its holder to release it — a NOTIFY that
// every server LISTENs for; the holder's tus server then ends its request and unlocks — and tries again
// until it gets the lock, its request is aborted, or acquireLockTimeout passes (ERR_LOCK_TIMEOUT), as the
// in-memory locker of @tus/server does within one process.
//
// Embedded PGlite is one connection in one process: there the in-memory locker is exactly as strong, and is
// what sharedTusLocker() returns.
import { ERRORS, type Lock, type Locker, MemoryLocker, type RequestRelease } from "@tus/server";
import pg from "pg";
import { readConfig } from "../config.server";
import { DATABASE_TIMEOUTS } from "../db/client.server";
import { logger } from "../lib/logger.server";

export const RELEASE_CHANNEL = "manara_tus_release";

export type PostgresLockerOptions = {
  /** How long a request waits for a lock before it fails (tus's default: 30 s). */
  acquireLockTimeout?: number;
  /** How often a waiting request tries again. */
  retryMs?: number;
};

export class PostgresLocker implements Locker {
  readonly timeout: number;
  readonly retryMs: number;
  /** The locks this process holds, with the callback that makes their request let go. */
  readonly held = new Map<string, RequestRelease>();
  private listener: Promise<pg.PoolClient> | null = null;

  constructor(
    readonly pool: pg.Pool,
    { acquireLockTimeout = 30_000, retryMs = 50 }: PostgresLockerOptions = {},
  ) {
    this.timeout = acquireLockTimeout;
    this.retryMs = retryMs;
  }

  newLock(id: string): Lock {
    return new PostgresLock(id, this);
  }

  /** LISTENs for release requests from every server (once; again after the connection broke). */
  listen(): Promise<pg.PoolClient> {
    this.listener ??= (async () => {
      const client = await this.pool.connect();
      client.on("notification", (message) => {
        if (message.channel !== RELEASE_CHANNEL || !message.payload) return;
        void this.held.get(message.payload)?.();
      });
      client.on("error", () => {
        this.listener = null;
        client.release(true);
      });
      await client.query(`LISTEN ${RELEASE_CHANNEL}`);
      return client;
    })().catch((error: unknown) => {
      this.listener = null;
      throw error;
    });
    return this.listener;
  }

  async close(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    if (listener) (await listener.catch(() => null))?.release(true);
  }
}

/** The advisory-lock key of an upload: 64 bits of a hash of its id (a collision only makes one wait). */
const LOCK_KEY_SQL = "hashtextextended('manara.tus:' || $1, 0)";

class PostgresLock implements Lock {
  private client: pg.PoolClient | null = null;
  private onError: (() => void) | null = null;

  constructor(
    readonly id: string,
    readonly locker: PostgresLocker,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.locker.listen();
    const client = await this.locker.pool.connect();
    // A broken connection has lost the lock already: the request holding it is asked to stop. (Without a
    // listener, a checked-out client's error would be thrown as an uncaught exception.)
    let holding = false;
    const onError = () => {
      if (holding) void requestRelease();
    };
    client.on("error", onError);
    const deadline = Date.now() + this.locker.timeout;
    try {
      for (;;) {
        if (stopSignal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        const { rows } = await client.query<{ locked: boolean }>(
          `select pg_try_advisory_lock(${LOCK_KEY_SQL}) as locked`,
          [this.id],
        );
        if (rows[0]?.locked) break;
        // Whoever holds it, on this server or another, is asked to finish its request and unlock.
        await client.query("select pg_notify($1, $2)", [RELEASE_CHANNEL, this.id]);
        await waitFor(this.locker.retryMs, stopSignal);
      }
    } catch (error) {
      client.off("error", onError);
      // A database error (an Error) discards the connection; the timeout (a tus answer) returns it.
      client.release(error instanceof Error ? error : undefined);
      throw error;
    }
    holding = true;
    this.client = client;
    this.onError = onError;
    this.locker.held.set(this.id, requestRelease);
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error("Releasing an unlocked lock!");
    this.client = null;
    this.locker.held.delete(this.id);
    try {
      await client.query(`select pg_advisory_unlock(${LOCK_KEY_SQL})`, [this.id]);
      client.release();
    } catch (error) {
      // The session is gone or unusable: dropping the connection releases the lock.
      client.release(true);
      throw error;
    } finally {
      if (this.onError) client.off("error", this.onError);
      this.onError = null;
    }
  }
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

/**
 * At most 20 uploads write at once per server (more wait for a connection, up to the connect timeout). A
 * lost connection is an 'error' event on the pool (idle) or on the client (checked out); unheard, either
 * would be an uncaught exception, as app/db/client.server.ts explains.
 */
function lockPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    keepAlive: true,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    idleTimeoutMillis: 30_000,
  });
  pool.on("error", (error) =>
    logger("tus").warn({ reason: error.message }, "tus locks: an idle connection was lost"),
  );
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

const KEY = Symbol.for("manara.tusLocker");
type Holder = typeof globalThis & { [KEY]?: Locker };

/**
 * The locker of this process's tus server: PostgreSQL's when DATABASE_URL is set (a small pool of its own,
 * so uploads holding locks never starve page requests of connections), the in-memory one for PGlite.
 */
export function sharedTusLocker(): Locker {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const { databaseUrl } = readConfig();
    holder[KEY] = databaseUrl ? new PostgresLocker(lockPool(databaseUrl)) : new MemoryLocker();
  }
  return holder[KEY];
}
