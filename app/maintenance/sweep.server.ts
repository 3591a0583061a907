// Housekeeping for the tables that only grow: rate-limit windows that have passed, expired sessions, and
// links that ran out (password resets, email-change confirmations).
// Deletes in bounded batches (no long locks, no huge transactions) on an unref'd timer in the server process.
import { and, inArray, lt } from "drizzle-orm";
import { deleteExpiredEmailChanges } from "../account/email-change-rows.server";
import { deleteExpiredResetTokens } from "../account/password-reset.server";
import { RATE_LIMITS } from "../auth/rate-limit.server";
import { deleteExpiredSessions } from "../auth/session.server";
import type { Database } from "../db/client.server";
import { rateLimits } from "../db/schema";
import { expireAbandonedUploads, releaseOrphanVideos } from "../video/videos.server";

export const SWEEP_DEFAULTS = {
  /** Rows per table per batch. */
  batchSize: 1000,
  /** How often the server sweeps. */
  intervalMs: 60_000,
  /** When a batch comes back full, keep going, but never more than this many batches per run. */
  maxBatchesPerRun: 10,
};

/** A rate-limit row is dead once the longest window of any rule has passed since it started. */
export const RATE_LIMIT_RETENTION_SECONDS = Math.max(
  ...Object.values(RATE_LIMITS).map((rule) => rule.windowSeconds),
);

export type SweepResult = {
  rateLimits: number;
  sessions: number;
  videos?: number;
  resetTokens?: number;
  emailChanges?: number;
};

/** One bounded pass: at most `batchSize` rows from each table. */
export async function sweepExpiredRows(
  db: Database,
  { batchSize = SWEEP_DEFAULTS.batchSize, now = new Date() }: { batchSize?: number; now?: Date } = {},
): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - RATE_LIMIT_RETENTION_SECONDS * 1000);
  const passed = lt(rateLimits.windowStartedAt, cutoff);
  // Locked rows (a hit being counted right now) wait for the next pass; the outer condition is checked
  // again so a window restarted between the two reads survives.
  const batch = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(passed)
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const deletedLimits = await db
    .delete(rateLimits)
    .where(and(inArray(rateLimits.key, batch), passed))
    .returning({ key: rateLimits.key });
  const deletedSessions = await deleteExpiredSessions(db, { now, batchSize });
  // Video uploads unfinished after 24 h lose their bytes; videos of deleted lessons are removed.
  const videos =
    (await expireAbandonedUploads(db, { now, batchSize: Math.min(batchSize, 100) })) +
    (await releaseOrphanVideos(db, Math.min(batchSize, 100)));
  // Unused "forgot password" links past their half hour (few rows: one per request, rate-limited).
  const resetTokens = await deleteExpiredResetTokens(db, now);
  // Email changes whose confirmation link ran out unopened (one row per account at most).
  const emailChanges = await deleteExpiredEmailChanges(db, now);
  return { rateLimits: deletedLimits.length, sessions: deletedSessions, videos, resetTokens, emailChanges };
}

export type SweeperOptions = {
  intervalMs?: number;
  batchSize?: number;
  maxBatchesPerRun?: number;
  /** For tests: what one batch does. */
  sweep?: (db: Database, options: { batchSize: number }) => Promise<SweepResult>;
  log?: Pick<Console, "error" | "info">;
};

export type Sweeper = {
  /** Runs one sweep now unless one is already running (then waits for that one). */
  runNow: () => Promise<void>;
  stop: () => void;
};

/**
 * Sweeps every `intervalMs` on a timer that never keeps the process alive. Runs never overlap (a tick that
 * finds the previous run still going is skipped) and an error is logged, never thrown: the next tick tries
 * again.
 */
export function startSweeper(getDb: () => Promise<Database>, options: SweeperOptions = {}): Sweeper {
  const intervalMs = options.intervalMs ?? SWEEP_DEFAULTS.intervalMs;
  const batchSize = options.batchSize ?? SWEEP_DEFAULTS.batchSize;
  const maxBatches = options.maxBatchesPerRun ?? SWEEP_DEFAULTS.maxBatchesPerRun;
  const sweep = options.sweep ?? sweepExpiredRows;
  const log = options.log ?? console;
  let running: Promise<void> | undefined;

  async function run() {
    try {
      const db = await getDb();
      const total: SweepResult = { rateLimits: 0, sessions: 0 };
      for (let batch = 0; batch < maxBatches; batch++) {
        const result = await sweep(db, { batchSize });
        total.rateLimits += result.rateLimits;
        total.sessions += result.sessions;
        total.videos = (total.videos ?? 0) + (result.videos ?? 0);
        if (result.rateLimits < batchSize && result.sessions < batchSize) break;
      }
      if (total.rateLimits + total.sessions + (total.videos ?? 0) > 0)
        log.info(
          `Sweeper: removed ${total.rateLimits} rate-limit rows and ${total.sessions} expired sessions; ${total.videos ?? 0} abandoned or orphaned videos.`,
        );
    } catch (error) {
      log.error("Sweeper: this run failed; the next one will try again.", error);
    }
  }

  function runNow(): Promise<void> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => {
    if (!running) void runNow();
  }, intervalMs);
  timer.unref();
  return { runNow, stop: () => clearInterval(timer) };
}

const SWEEPER_KEY = Symbol.for("manara.sweeper");
type WithSweeper = typeof globalThis & { [SWEEPER_KEY]?: Sweeper };

/**
 * Starts the process-wide sweeper on first call (the production server calls it as it starts, server/app.ts);
 * later calls do nothing. Kept on globalThis so a reload of this module does not start a second.
 */
export function ensureSweeperStarted(getDb: () => Promise<Database>): void {
  const holder = globalThis as WithSweeper;
  holder[SWEEPER_KEY] ??= startSweeper(getDb);
}

/** For tests and shutdown: stops the process-wide sweeper if one is running. */
export function stopProcessSweeper(): void {
  const holder = globalThis as WithSweeper;
  holder[SWEEPER_KEY]?.stop();
  delete holder[SWEEPER_KEY];
}
