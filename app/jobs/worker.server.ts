// Working the queues: in every app server unless JOBS_WORKER=0, and in `npm run worker` (scripts/worker.ts).
// Any number of workers share the queues: pg-boss hands each job to one of them (SELECT … FOR UPDATE SKIP
// LOCKED), and its schedules create the sweep's job once per minute for all of them.

import { logger } from "../lib/logger.server";
import { DIGEST_CRON, DISPATCH_CRON } from "../notifications/policy";
import { JOB_HANDLERS, type JobContext } from "./handlers.server";
import { CARD_RECONCILE_CRON, JOB_QUEUES, type JobQueueName, SWEEP_CRON } from "./policy";
import { jobQueue, openJobWorkerBoss } from "./queue.server";

export type JobWorker = { stop: () => Promise<void> };

export type WorkerOptions = {
  /** How often an idle worker looks for jobs, in seconds (pg-boss's floor is 0.5). */
  pollingIntervalSeconds?: number;
  /** Schedule the sweep (every worker does; pg-boss keeps one schedule and one job per minute). */
  schedule?: boolean;
  /** How often pg-boss looks for due schedules, in seconds (its defaults otherwise; tests shorten it). */
  cronIntervalSeconds?: number;
};

/** Starts working every queue of `context.db`'s database; resolves once the worker is polling. */
export async function startJobWorker(
  context: JobContext,
  { pollingIntervalSeconds = 2, schedule = true, cronIntervalSeconds }: WorkerOptions = {},
): Promise<JobWorker> {
  const boss = openJobWorkerBoss(
    context.db,
    cronIntervalSeconds
      ? { cronWorkerIntervalSeconds: cronIntervalSeconds, cronMonitorIntervalSeconds: cronIntervalSeconds }
      : {},
  );
  await boss.start();
  for (const queue of JOB_QUEUES) {
    // The notification only wakes workers for a job due now: a scheduled post or a retry's back-off comes
    // due later and is found by polling, so the poll keeps its pace while notifications are on.
    const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
    await boss.work(queue, { batchSize: 1, ...polling }, async ([job]) => {
      if (job) return JOB_HANDLERS[queue](job.data, context);
    });
  }
  if (schedule) {
    await boss.schedule("sweep", SWEEP_CRON, {}, { tz: "UTC" });
    await boss.schedule("notification-mail", DISPATCH_CRON, {}, { tz: "UTC" });
    await boss.schedule("notification-digest", DIGEST_CRON, {}, { tz: "UTC" });
    await boss.schedule("card-reconcile", CARD_RECONCILE_CRON, {}, { tz: "UTC" });
  }
  return { stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}

/**
 * Works every job that is due now, in this process, until none is left (at most `limit`): tests run the
 * queue to completion with it, with the same handlers the workers use. A handler's error fails the job as
 * a worker's would (pg-boss schedules the retry). Returns how many jobs it worked.
 */
export async function drainJobs(
  context: JobContext,
  { queues = JOB_QUEUES, limit = 100 }: { queues?: readonly JobQueueName[]; limit?: number } = {},
): Promise<number> {
  const boss = await jobQueue(context.db);
  let worked = 0;
  for (let found = true; found && worked < limit; ) {
    found = false;
    for (const queue of queues) {
      const [job] = await boss.fetch(queue, { batchSize: 1 });
      if (!job) continue;
      found = true;
      worked += 1;
      try {
        const output = await JOB_HANDLERS[queue](job.data, context);
        await boss.complete(queue, job.id, output === undefined ? null : { value: output });
      } catch (error) {
        await boss.fail(queue, job.id, { message: (error as Error).message });
      }
    }
  }
  return worked;
}

const WORKER_KEY = Symbol.for("manara.jobWorker");
type WithWorker = typeof globalThis & { [WORKER_KEY]?: Promise<JobWorker | undefined> };

/**
 * Starts this process's worker once (server/app.ts, when JOBS_WORKER is not 0); later calls do nothing.
 * Kept on globalThis so a reload of this module does not start a second. A worker that cannot start (the
 * database is away) is logged, and the next call tries again.
 */
export function ensureJobWorkerStarted(open: () => Promise<JobContext>): void {
  const holder = globalThis as WithWorker;
  holder[WORKER_KEY] ??= open()
    .then((context) => startJobWorker(context))
    .catch((error: unknown) => {
      logger("jobs").error({ err: error }, "The job worker could not start; jobs wait for another worker.");
      delete holder[WORKER_KEY];
      return undefined;
    });
}

/** Stops this process's worker, if one runs (shutdown, tests). */
export async function stopProcessJobWorker(): Promise<void> {
  const holder = globalThis as WithWorker;
  const worker = holder[WORKER_KEY];
  delete holder[WORKER_KEY];
  await (await worker)?.stop();
}
