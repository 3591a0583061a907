// The job queue's pure rules: retry back-off per queue, dedupe keys as job ids, stale mail.
import { describe, expect, it } from "vitest";
import { RESET_TOKEN_MINUTES } from "../../app/account/reset-token";
import {
  isMailStale,
  JOB_QUEUES,
  jobIdForKey,
  longestRetryWait,
  longestRetryWindow,
  QUEUE_POLICIES,
} from "../../app/jobs/policy";

describe("retry back-off", () => {
  it("doubles the mail's wait after each failure, up to half an hour", () => {
    const mail = QUEUE_POLICIES.mail;
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((retry) => longestRetryWait(mail, retry))).toEqual([
      60, 120, 240, 480, 960, 1800, 1800, 1800,
    ]);
  });

  it("keeps trying a mail for over an hour (a mail server down for a while), for less than a day", () => {
    const window = longestRetryWindow(QUEUE_POLICIES.mail);
    expect(window).toBeGreaterThan(60 * 60);
    expect(window).toBeLessThan(24 * 60 * 60);
  });

  it("waits the same delay every time without back-off", () => {
    const fixed = { retryLimit: 3, retryDelay: 30, retryBackoff: false, expireInSeconds: 60 };
    expect([0, 1, 2].map((retry) => longestRetryWait(fixed, retry))).toEqual([30, 30, 30]);
    expect(longestRetryWindow(fixed)).toBe(90);
  });

  it("never retries the sweep: the next minute's run is its retry", () => {
    expect(QUEUE_POLICIES.sweep.retryLimit).toBe(0);
    expect(longestRetryWindow(QUEUE_POLICIES.sweep)).toBe(0);
  });

  it("sets pg-boss's retryDelayMax only with back-off (pg-boss refuses it otherwise)", () => {
    for (const name of JOB_QUEUES) {
      const policy = QUEUE_POLICIES[name];
      if (!policy.retryBackoff) expect(policy.retryDelayMax, name).toBeUndefined();
    }
  });
});

describe("dedupe keys", () => {
  it("make the same job id for the same queue and key, and a UUID pg-boss accepts", () => {
    const id = jobIdForKey("mail", "reset:abc");
    expect(jobIdForKey("mail", "reset:abc")).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("differ between keys and between queues", () => {
    const ids = new Set([
      jobIdForKey("mail", "reset:abc"),
      jobIdForKey("mail", "reset:abd"),
      jobIdForKey("editorial-publish", "reset:abc"),
      jobIdForKey("mail", "welcome:abc"),
    ]);
    expect(ids.size).toBe(4);
  });
});

describe("stale mail", () => {
  const now = new Date("2026-11-25T12:00:00Z");

  it("drops a mail whose link has run out, and keeps one still good or without a link", () => {
    expect(isMailStale("2026-11-25T11:59:59Z", now)).toBe(true);
    expect(isMailStale("2026-11-25T12:00:00Z", now)).toBe(true);
    expect(isMailStale("2026-11-25T12:00:01Z", now)).toBe(false);
    expect(isMailStale(undefined, now)).toBe(false);
    // A value the job table could hold but no code wrote: sent rather than silently lost.
    expect(isMailStale("not a date", now)).toBe(false);
  });

  it("so a reset mail retried past its link's half hour is never sent", () => {
    const issued = now.getTime();
    const notAfter = new Date(issued + RESET_TOKEN_MINUTES * 60_000).toISOString();
    const lastRetry = new Date(issued + longestRetryWindow(QUEUE_POLICIES.mail) * 1000);
    expect(isMailStale(notAfter, lastRetry)).toBe(true);
  });
});
