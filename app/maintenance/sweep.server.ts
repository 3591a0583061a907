// Housekeeping for the tables that only grow: rate-limit windows that have passed, expired sessions, and
// links that ran out (password resets, email-change confirmations).
// Deletes in bounded batches (no long locks, no huge transactions), as a job the queue schedules once a
// minute for the whole cluster (app/jobs/policy.ts SWEEP_CRON), whichever server's worker takes it.
import { and, inArray, lt } from "drizzle-orm";
import { deleteExpiredEmailChanges } from "../account/email-change-rows.server";
import { deleteExpiredResetTokens } from "../account/password-reset.server";
import { RATE_LIMITS } from "../auth/rate-limit.server";
import { deleteExpiredSessions } from "../auth/session.server";
import type { Database } from "../db/client.server";
import { rateLimits } from "../db/schema";
import { purgeSpamLeads } from "../leads/leads.server";
import { expireAbandonedUploads, releaseOrphanVideos } from "../video/videos.server";

export const SWEEP_DEFAULTS = {
  /** Rows per table per batch. */
  batchSize: 1000,
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
  spamLeads?: number;
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
  // Leads marked spam, 30 days after their last change (issue 48).
  const spamLeads = await purgeSpamLeads(db, now, Math.min(batchSize, 100));
  return {
    rateLimits: deletedLimits.length,
    sessions: deletedSessions,
    videos,
    resetTokens,
    emailChanges,
    spamLeads,
  };
}

export type SweepRunOptions = {
  batchSize?: number;
  maxBatchesPerRun?: number;
  /** For tests: what one batch does. */
  sweep?: (db: Database, options: { batchSize: number }) => Promise<SweepResult>;
  log?: Pick<Console, "info">;
};

/**
 * One run of the sweep job (app/jobs/, scheduled every minute for the whole cluster): batch after batch
 * while batches come back full, at most `maxBatchesPerRun`. An error fails the job; the next minute's run is
 * the retry.
 */
export async function runSweep(db: Database, options: SweepRunOptions = {}): Promise<SweepResult> {
  const batchSize = options.batchSize ?? SWEEP_DEFAULTS.batchSize;
  const maxBatches = options.maxBatchesPerRun ?? SWEEP_DEFAULTS.maxBatchesPerRun;
  const sweep = options.sweep ?? sweepExpiredRows;
  const log = options.log ?? console;
  const total: SweepResult = { rateLimits: 0, sessions: 0, videos: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = await sweep(db, { batchSize });
    total.rateLimits += result.rateLimits;
    total.sessions += result.sessions;
    total.videos = (total.videos ?? 0) + (result.videos ?? 0);
    if (result.rateLimits < batchSize && result.sessions < batchSize) break;
  }
  if (total.rateLimits + total.sessions + (total.videos ?? 0) > 0)
    log.info(
      `Sweep: removed ${total.rateLimits} rate-limit rows and ${total.sessions} expired sessions; ${total.videos ?? 0} abandoned or orphaned videos.`,
    );
  return total;
}
