// Fixed-window rate limits with their counters in the database, so the limit holds across processes.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { rateLimits } from "../db/schema";

export type RateLimitRule = { limit: number; windowSeconds: number };

export const RATE_LIMITS = {
  loginPerIp: { limit: 60, windowSeconds: 15 * 60 },
  /** Failed passwords for one account from one address (see docs/decisions/008-login-limits.md). */
  loginFailuresPerAccountAndIp: { limit: 10, windowSeconds: 15 * 60 },
  contactPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Consultations booked from one address (issue 48, item 4): a bot cannot fill the calendar. */
  consultationPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Newsletter sign-ups from one address (issue 48): as many as contact messages. */
  newsletterPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Confirmation mails to one address: a repeated sign-up mails again, but not in a flood. */
  newsletterMailsPerAddress: { limit: 3, windowSeconds: 24 * 60 * 60 },
  signupPerIp: { limit: 20, windowSeconds: 60 * 60 },
  signupPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  /** "Forgot password" requests from one address, whatever the email. */
  passwordResetPerIp: { limit: 20, windowSeconds: 60 * 60 },
  /** Reset mails one account receives per hour; requests past it get the same answer and no mail. */
  passwordResetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  /**
   * Email-change requests of one account, wrong passwords included (each good one mails two addresses; the
   * count also bounds password guesses through the form).
   */
  emailChangePerAccount: { limit: 5, windowSeconds: 60 * 60 },
  /** Email-change requests from one address, whatever the account. */
  emailChangePerIp: { limit: 20, windowSeconds: 60 * 60 },
  /**
   * Files one learner downloads for offline in a day, all lessons together (app/learning/offline.ts; each
   * file counts once per window, however it is split into ranges — `hitRateLimitOnce`): enough for a week's
   * lessons, not for mirroring a catalogue.
   */
  offlineDownloadsPerLearner: { limit: 30, windowSeconds: 24 * 60 * 60 },
  /**
   * Graded practices of free-preview quizzes from one address, and from one account (issue 43, item 3): a
   * practice's score is an answer about the bank that real attempts are graded on, so it is rationed like
   * other public actions. Twenty an hour is more than a person practising needs.
   */
  quizPracticePerAddress: { limit: 20, windowSeconds: 60 * 60 },
  quizPracticePerAccount: { limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one hit against `key` and says whether it is still inside the rule. */
export async function hitRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitDecision> {
  const window = `${rule.windowSeconds} seconds`;
  // One atomic upsert: a new window starts when the old one has passed; otherwise the count goes up.
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStartedAt} <= now() - ${window}::interval then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= now() - ${window}::interval then now() else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + ${window}::interval - now())))::int`,
    });
  if (!row || row.hits <= rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(row.retryAfter)) };
}

/**
 * Counts one hit against `key` the first time `item` is seen in the key's current window; `item` again in
 * the same window is free (allowed, not counted), even once the key has no hits left. Each item's mark is a
 * row of its own, `key#item`, carrying the window it was counted in, so it is forgotten when the window ends
 * and swept with it. The key's row is locked for the whole decision: parallel hits for one key — on any
 * server — are decided one at a time, so "first time" and "one left" are never both answered twice.
 */
export async function hitRateLimitOnce(
  db: Database,
  key: string,
  item: string,
  rule: RateLimitRule,
): Promise<RateLimitDecision> {
  const window = `${rule.windowSeconds} seconds`;
  const itemKey = `${key}#${item}`;
  return db.transaction(async (tx) => {
    // Start a window when none is running (no row, or its window has passed), without counting yet; the
    // upsert locks the row until the transaction ends.
    const [row] = await tx
      .insert(rateLimits)
      .values({ key, hits: 0, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.windowStartedAt} <= now() - ${window}::interval then 0 else ${rateLimits.hits} end`,
          windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= now() - ${window}::interval then now() else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({
        hits: rateLimits.hits,
        retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + ${window}::interval - now())))::int`,
      });
    if (!row) throw new Error(`rate limit ${key}: the upsert returned no row`);
    // The window is compared in SQL: a JavaScript Date would lose its microseconds.
    const windowStart = sql`(select ${rateLimits.windowStartedAt} from ${rateLimits} where ${rateLimits.key} = ${key})`;
    const [seen] = await tx
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${itemKey} and ${rateLimits.windowStartedAt} = ${windowStart}`);
    if (seen) return { allowed: true };
    if (row.hits >= rule.limit)
      return { allowed: false, retryAfterSeconds: Math.max(1, Number(row.retryAfter)) };
    await tx
      .update(rateLimits)
      .set({ hits: sql`${rateLimits.hits} + 1` })
      .where(eq(rateLimits.key, key));
    await tx
      .insert(rateLimits)
      .values({ key: itemKey, hits: 1, windowStartedAt: windowStart })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { hits: 1, windowStartedAt: sql`excluded.window_started_at` },
      });
    return { allowed: true };
  });
}

/** Says whether `key` is already over `rule` without counting a hit (a check before the fact). */
export async function peekRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitDecision> {
  const window = `${rule.windowSeconds} seconds`;
  const [row] = await db
    .select({
      hits: rateLimits.hits,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + ${window}::interval - now())))::int`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowStartedAt} > now() - ${window}::interval`);
  if (!row || row.hits < rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(row.retryAfter)) };
}

/** How many hits `key` has left in its current window (the whole limit when none has started). */
export async function remainingHits(db: Database, key: string, rule: RateLimitRule): Promise<number> {
  const window = `${rule.windowSeconds} seconds`;
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowStartedAt} > now() - ${window}::interval`);
  return Math.max(0, rule.limit - (row?.hits ?? 0));
}

/**
 * Checks several keys at once (e.g. per IP and per account) and returns the strictest decision.
 * Every key is counted, so an attacker cannot dodge the per-account limit by rotating addresses.
 */
export async function hitRateLimits(
  db: Database,
  checks: { key: string; rule: RateLimitRule }[],
): Promise<RateLimitDecision> {
  let worst: RateLimitDecision = { allowed: true };
  for (const { key, rule } of checks) {
    const decision = await hitRateLimit(db, key, rule);
    if (!decision.allowed && (worst.allowed || decision.retryAfterSeconds > worst.retryAfterSeconds))
      worst = decision;
  }
  return worst;
}
