// The job queue: pg-boss on the app's own database (docs/decisions/048-job-queue.md). PostgreSQL through a
// small pool of pg-boss's own; embedded PGlite through pg-boss's PGlite adapter on the app's one connection.
//
// Three kinds of pg-boss instance, all on the same tables:
// - the installer, run once per start under the migration lock (app/db/client.server.ts);
// - a process's client (`jobQueue(db)`): sends, lists and retries jobs, never works them;
// - workers (`openJobWorkerBoss`): work the queues, run pg-boss's supervision and the schedules
//   (app/jobs/worker.server.ts). Any number of them, in any number of processes.
import { sql } from "drizzle-orm";
import { type ConstructorOptions, fromDrizzle, PgBoss } from "pg-boss";
import type { Queryable } from "../db/client.server";
import { logger } from "../lib/logger.server";
import { JOB_QUEUES, type JobQueueName, jobIdForKey, QUEUE_POLICIES } from "./policy";

/** Where pg-boss reaches the database: a connection string (a pool of its own) or an adapter. */
export type QueueConnection = Pick<ConstructorOptions, "connectionString" | "db" | "backend">;

/** pg-boss's tables live in a schema of their own, beside the app's. */
export const JOB_SCHEMA = "pgboss";

const connections = new WeakMap<object, QueueConnection>();
const clients = new WeakMap<object, Promise<PgBoss>>();

const logJobs = (message: string, error: unknown) => logger("jobs").error({ err: error }, message);

/** How the database client says where `db`'s queue is (app/db/client.server.ts, for either driver). */
export function registerJobQueue(db: object, connection: QueueConnection): void {
  connections.set(db, connection);
}

function connectionOf(db: object): QueueConnection {
  const connection = connections.get(db);
  if (!connection)
    throw new Error("This database handle has no job queue (open it with app/db/client.server.ts)");
  return connection;
}

function newBoss(connection: QueueConnection, options: ConstructorOptions): PgBoss {
  const boss = new PgBoss({
    ...connection,
    schema: JOB_SCHEMA,
    // Statistics and the instance registry are for pg-boss's own dashboard; ours reads the job table.
    registerInstance: false,
    monitorVacuum: false,
    persistWarnings: false,
    ...(connection.connectionString ? { max: 2, connectionTimeoutMillis: 2_000 } : {}),
    ...options,
  });
  // An 'error' event nobody listens to would be an uncaught exception: pg-boss reports a failed poll or a
  // lost connection this way and tries again by itself.
  boss.on("error", (error) => logJobs("pg-boss reported an error", error));
  return boss;
}

/**
 * Creates or migrates pg-boss's schema and the app's queues. The database client calls it while it holds
 * the migration advisory lock, right after the app's own migrations, so servers starting together never
 * race through it; the instances opened later find it done (`migrate: false`).
 */
export async function installJobQueue(connection: QueueConnection): Promise<void> {
  const boss = newBoss(connection, { migrate: true, supervise: false, schedule: false });
  await boss.start();
  try {
    for (const name of JOB_QUEUES) {
      const { policy, ...retry } = QUEUE_POLICIES[name];
      // notify: a job queued here wakes the workers at its commit (pg_notify) instead of at their next poll,
      // so a mail leaves within moments of the request that queued it.
      const options = { ...retry, notify: true };
      if (await boss.getQueue(name)) await boss.updateQueue(name, options);
      else await boss.createQueue(name, { policy, ...options });
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** This process's client of `db`'s queue, started on first use; it works no jobs. */
export function jobQueue(db: object): Promise<PgBoss> {
  let client = clients.get(db);
  if (!client) {
    const boss = newBoss(connectionOf(db), { migrate: false, supervise: false, schedule: false });
    client = boss.start().catch((error: unknown) => {
      clients.delete(db);
      throw error;
    });
    clients.set(db, client);
  }
  return client;
}

/** Whether this process has opened `db`'s client (tests drain only queues something was sent to). */
export function hasJobQueueClient(db: object): boolean {
  return clients.has(db);
}

/** A worker instance on `db`'s queue: supervision (expiry, retention) and schedules on. Started by the caller. */
export function openJobWorkerBoss(db: object, options: ConstructorOptions = {}): PgBoss {
  // Workers listen for new jobs (one connection of their own on PostgreSQL, in-process on PGlite); polling
  // stays as the floor if the listener is lost.
  return newBoss(connectionOf(db), {
    migrate: false,
    supervise: true,
    schedule: true,
    useListenNotify: true,
    ...options,
  });
}

/** Stops `db`'s client, if one was started (the database handle's close calls it). */
export async function closeJobQueue(db: object): Promise<void> {
  const client = clients.get(db);
  clients.delete(db);
  if (client) await (await client.catch(() => undefined))?.stop({ graceful: false });
}

export type EnqueueOptions = {
  /** Jobs with the same key in the same queue are one job (see `jobIdForKey`). */
  key?: string;
  /** Not before then. */
  startAfter?: Date;
};

/**
 * Queues a job. Given a transaction (`on`), the job is written in it: it exists if and only if the rows
 * that caused it commit. Returns the job's id, or null when a job with the same key already exists.
 */
export async function enqueueJob(
  db: object,
  on: Queryable,
  queue: JobQueueName,
  data: object,
  { key, startAfter }: EnqueueOptions = {},
): Promise<string | null> {
  const boss = await jobQueue(db);
  return boss.send(queue, data, {
    db: fromDrizzle(on, sql),
    ...(key ? { id: jobIdForKey(queue, key) } : {}),
    ...(startAfter ? { startAfter } : {}),
  });
}
