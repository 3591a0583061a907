// The housekeeping of tables that only grow: expired sessions and passed rate-limit windows go, in bounded
// batches, and so do email changes whose link ran out; fresh rows stay. A run goes batch after batch up to
// its cap; its scheduling, once a minute for the cluster, is the job queue's (tests/integration/jobs.test.ts).
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newLinkToken } from "../../app/account/reset-token";
import { RATE_LIMITS } from "../../app/auth/rate-limit.server";
import { SESSION_LIFETIMES } from "../../app/auth/session.server";
import type { Database, DatabaseHandle } from "../../app/db/client.server";
import { emailChanges, rateLimits, sessions } from "../../app/db/schema";
import {
  RATE_LIMIT_RETENTION_SECONDS,
  runSweep,
  type SweepResult,
  sweepExpiredRows,
} from "../../app/maintenance/sweep.server";
import { createUser } from "./auth-helpers";
import { createTestDatabase } from "./test-database";

const HOUR = 60 * 60 * 1000;
const BATCH = 10;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

async function countWhere(prefix: string) {
  const [row] = await handle.db
    .select({ n: count() })
    .from(rateLimits)
    .where(like(rateLimits.key, `${prefix}%`));
  return row?.n ?? 0;
}

describe("sweepExpiredRows", () => {
  it("keeps rate-limit rows for the longest window of any rule", () => {
    const longest = Math.max(...Object.values(RATE_LIMITS).map((rule) => rule.windowSeconds));
    expect(RATE_LIMIT_RETENTION_SECONDS).toBe(longest);
  });

  it("deletes at most one batch per table per pass, and never a fresh row", async () => {
    const now = new Date();
    const stale = new Date(now.getTime() - RATE_LIMIT_RETENTION_SECONDS * 1000 - HOUR);
    // Started within the longest window: some rule may still be counting it.
    const recent = new Date(now.getTime() - RATE_LIMIT_RETENTION_SECONDS * 1000 + 60_000);
    await handle.db
      .insert(rateLimits)
      .values([
        ...Array.from({ length: 25 }, (_, i) => ({ key: `stale:${i}`, hits: 3, windowStartedAt: stale })),
        ...Array.from({ length: 5 }, (_, i) => ({ key: `recent:${i}`, hits: 3, windowStartedAt: recent })),
        ...Array.from({ length: 5 }, (_, i) => ({ key: `fresh:${i}`, hits: 1, windowStartedAt: now })),
      ]);

    const user = await createUser(handle.db);
    const past = new Date(now.getTime() - HOUR);
    const future = new Date(now.getTime() + 24 * HOUR);
    const idleBrowser = new Date(now.getTime() - SESSION_LIFETIMES.browser.idleMs - HOUR);
    await handle.db.insert(sessions).values([
      // Past the absolute deadline.
      ...Array.from({ length: 12 }, (_, i) => ({
        id: `expired-${i}`,
        userId: user.id,
        kind: "browser" as const,
        expiresAt: past,
      })),
      // Idle too long for a browser session, but still inside an API session's idle window.
      ...Array.from({ length: 3 }, (_, i) => ({
        id: `idle-browser-${i}`,
        userId: user.id,
        kind: "browser" as const,
        lastSeenAt: idleBrowser,
        expiresAt: future,
      })),
      {
        id: "idle-api-ok",
        userId: user.id,
        kind: "api" as const,
        lastSeenAt: idleBrowser,
        expiresAt: future,
      },
      { id: "live", userId: user.id, kind: "browser" as const, expiresAt: future },
    ]);

    const first = await sweepExpiredRows(handle.db, { batchSize: BATCH, now });
    expect(first).toMatchObject({ rateLimits: BATCH, sessions: BATCH });
    expect(await countWhere("stale:")).toBe(25 - BATCH);

    const second = await sweepExpiredRows(handle.db, { batchSize: BATCH, now });
    expect(second).toMatchObject({ rateLimits: BATCH, sessions: 15 - BATCH });
    const third = await sweepExpiredRows(handle.db, { batchSize: BATCH, now });
    expect(third).toMatchObject({ rateLimits: 5, sessions: 0 });
    expect(await sweepExpiredRows(handle.db, { batchSize: BATCH, now })).toMatchObject({
      rateLimits: 0,
      sessions: 0,
    });

    expect(await countWhere("stale:")).toBe(0);
    expect(await countWhere("recent:")).toBe(5);
    expect(await countWhere("fresh:")).toBe(5);
    const left = await handle.db.select({ id: sessions.id }).from(sessions);
    expect(left.map((row) => row.id).sort()).toEqual(["idle-api-ok", "live"]);
  });
});

describe("sweepExpiredRows and email changes", () => {
  it("deletes pending email changes whose link ran out, and keeps those still waiting", async () => {
    const now = new Date();
    const [ranOut, waiting] = [await createUser(handle.db), await createUser(handle.db)];
    const expired = newLinkToken(24 * 60, new Date(now.getTime() - 25 * HOUR));
    const live = newLinkToken(24 * 60, now);
    await handle.db.insert(emailChanges).values([
      {
        id: expired.id,
        userId: ranOut.id,
        newEmail: `gone-${ranOut.id}@example.com`,
        expiresAt: expired.expiresAt,
      },
      {
        id: live.id,
        userId: waiting.id,
        newEmail: `kept-${waiting.id}@example.com`,
        expiresAt: live.expiresAt,
      },
    ]);
    expect(await sweepExpiredRows(handle.db, { now })).toMatchObject({ emailChanges: 1 });
    expect(await handle.db.select().from(emailChanges).where(eq(emailChanges.userId, ranOut.id))).toEqual([]);
    expect(
      await handle.db
        .select({ id: emailChanges.id })
        .from(emailChanges)
        .where(eq(emailChanges.userId, waiting.id)),
    ).toEqual([{ id: live.id }]);
  });
});

describe("runSweep (the sweep job's run)", () => {
  const db = {} as Database;
  const quiet = { info: vi.fn() };

  it("keeps going batch after batch while batches come back full, up to the cap per run", async () => {
    const sweep = vi.fn(async () => ({ rateLimits: 5, sessions: 0 }));
    const total = await runSweep(db, { batchSize: 5, maxBatchesPerRun: 3, sweep, log: quiet });
    expect(sweep).toHaveBeenCalledTimes(3);
    expect(total.rateLimits).toBe(15);
    sweep.mockResolvedValue({ rateLimits: 2, sessions: 0 });
    await runSweep(db, { batchSize: 5, maxBatchesPerRun: 3, sweep, log: quiet });
    expect(sweep).toHaveBeenCalledTimes(4);
  });

  it("says what it removed", async () => {
    const log = { info: vi.fn() };
    const sweep = vi.fn(async () => ({ rateLimits: 1, sessions: 2 }));
    await runSweep(db, { sweep, log });
    expect(log.info).toHaveBeenCalledWith(
      expect.stringContaining("1 rate-limit rows and 2 expired sessions"),
    );
  });

  it("throws a failed batch, so the job fails and shows as failed (the next minute's run is the retry)", async () => {
    const sweep = vi.fn<() => Promise<SweepResult>>().mockRejectedValue(new Error("database went away"));
    await expect(runSweep(db, { sweep, log: quiet })).rejects.toThrow("database went away");
  });
});
