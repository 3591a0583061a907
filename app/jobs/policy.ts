// The rules of the job queue that need no database: which queues exist, how each retries, and how a
// dedupe key becomes a job id. pg-boss runs the queues (docs/decisions/048-job-queue.md); these are what
// we tell it.
import { createHash } from "node:crypto";

export const JOB_QUEUES = [
  "mail",
  "certificate-pdf",
  "video-check",
  "video-renditions",
  "editorial-publish",
  "page-publish",
  "vimeo-status",
  "vimeo-captions",
  "sweep",
  "notification-mail",
  "notification-digest",
  "card-settle",
  "card-reconcile",
  "card-refund",
  "consultation-reminder",
  "document-mail",
] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

export const isJobQueueName = (value: string): value is JobQueueName =>
  (JOB_QUEUES as readonly string[]).includes(value);

/** The states an admin can filter by, pg-boss's own. */
export const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export type RetryPolicy = {
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; with back-off, doubled each time (pg-boss adds up to as much jitter). */
  retryDelay: number;
  retryBackoff: boolean;
  /** With back-off: the longest wait between two attempts, in seconds (pg-boss refuses it without). */
  retryDelayMax?: number;
  /** An attempt still running after this many seconds is failed (and retried). */
  expireInSeconds: number;
};

/**
 * Per queue. Mail retries with back-off for about an hour and a half (a mail server down for a while); the
 * sweep never retries (the next minute's run is the retry); the others retry a few times quickly.
 * `singleton`: at most one job of the queue queued and one running, cluster-wide (pg-boss's policy).
 */
export const QUEUE_POLICIES: Record<JobQueueName, RetryPolicy & { policy: "standard" | "singleton" }> = {
  mail: {
    policy: "standard",
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 1_800,
    expireInSeconds: 120,
  },
  "certificate-pdf": {
    policy: "standard",
    retryLimit: 4,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 120,
  },
  // Reads a few boxes of the stored video; a failure is the object storage being away for a moment.
  "video-check": {
    policy: "standard",
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 120,
  },
  // ffmpeg on one video (decision 058): minutes for a long lecture, so a long expiry; a retry after a lost
  // worker starts the pending renditions again.
  "video-renditions": {
    policy: "standard",
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 3_600,
  },
  "editorial-publish": {
    policy: "standard",
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 60,
  },
  // A page's scheduled publish (issue 49): moves the scheduled content into place and tells the caches.
  "page-publish": {
    policy: "standard",
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 60,
  },
  // A failed look (Vimeo unreachable) is retried a few times; the next look is queued by a successful one.
  "vimeo-status": {
    policy: "standard",
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: false,
    expireInSeconds: 60,
  },
  // Vimeo's text-tracks API (decision 057): a failure is Vimeo unreachable for a while.
  "vimeo-captions": {
    policy: "standard",
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 60,
  },
  sweep: {
    policy: "singleton",
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 300,
  },
  // The notifications' mail dispatcher (app/notifications/delivery.server.ts): the next minute's run is
  // the retry; each mail it queues retries in the mail queue.
  "notification-mail": {
    policy: "singleton",
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 300,
  },
  // The daily digest: a failed run is retried (what it had claimed is already queued; the rest waits).
  "notification-digest": {
    policy: "singleton",
    retryLimit: 4,
    retryDelay: 60,
    retryBackoff: true,
    retryDelayMax: 1_800,
    expireInSeconds: 900,
  },
  // A provider's callback (issue 46): settle the order from the provider's API. A failure is the provider
  // unreachable; the reconciliation looks again anyway.
  "card-settle": {
    policy: "standard",
    retryLimit: 6,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 60,
  },
  // Pending card orders settled from their provider, the overdue ones expired: the next minute's run is the retry.
  "card-reconcile": {
    policy: "singleton",
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 300,
  },
  // A payment that came for an order no longer waiting, given back through the provider: retried for hours.
  "card-refund": {
    policy: "standard",
    retryLimit: 10,
    retryDelay: 60,
    retryBackoff: true,
    retryDelayMax: 3_600,
    expireInSeconds: 60,
  },
  // A consultation's day-before reminder (app/consultations/): queues one mail, which retries in the mail queue.
  "consultation-reminder": {
    policy: "standard",
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 60,
  },
  // An invoice's or credit note's mail (issue 47): renders and stores the PDF (a few seconds of Chromium),
  // then queues the mail, which retries in the mail queue. A failure is Chromium or the storage away.
  "document-mail": {
    policy: "standard",
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 180,
  },
};

/** The card orders' reconciliation: every minute, once for the cluster. */
export const CARD_RECONCILE_CRON = "* * * * *";

/** The sweep's cron: every minute, once for the whole cluster (pg-boss's schedule keeps one job per slot). */
export const SWEEP_CRON = "* * * * *";

/**
 * The longest pg-boss waits before retry `retry` (0 for the first retry), in seconds: with back-off the
 * base delay times 2^retry, at most `retryDelayMax` (pg-boss draws between half of that and all of it).
 */
export function longestRetryWait(policy: RetryPolicy, retry: number): number {
  if (!policy.retryBackoff) return policy.retryDelay;
  const doubled = Math.max(policy.retryDelay, 1) * 2 ** Math.min(16, retry + 1);
  return Math.min(policy.retryDelayMax ?? Number.POSITIVE_INFINITY, doubled);
}

/** The longest time between the first attempt and the last retry's start (attempts' own run time aside). */
export function longestRetryWindow(policy: RetryPolicy): number {
  let total = 0;
  for (let retry = 0; retry < policy.retryLimit; retry++) total += longestRetryWait(policy, retry);
  return total;
}

/**
 * A dedupe key ("mail:reset:<token id>") as a job id: pg-boss inserts a job whose id already exists as
 * nothing at all (ON CONFLICT DO NOTHING), so enqueueing the same key twice makes one job. The id is a
 * UUID (version 8, "custom") built from SHA-256 of the queue and the key.
 */
export function jobIdForKey(queue: JobQueueName, key: string): string {
  const bytes = createHash("sha256").update(`manara-job\0${queue}\0${key}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A mail that carries a link no longer worth sending once the link has run out. */
export function isMailStale(notAfter: string | undefined, now: Date): boolean {
  if (!notAfter) return false;
  const deadline = Date.parse(notAfter);
  return Number.isFinite(deadline) && deadline <= now.getTime();
}
