// The job queue on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a mail delivered once
// with two workers on one database, a failing mail retried then delivered, a failed job retried by an
// admin, the sweep scheduled once for the cluster, and a scheduled post announced at its time.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../app/db/client.server";
import { onPublicChange, publicChangesListening } from "../../app/db/public-changes.server";
import { createPost } from "../../app/editorial/posts.server";
import { listJobs } from "../../app/jobs/admin.server";
import { type JobQueueName, jobIdForKey } from "../../app/jobs/policy";
import { JOB_SCHEMA, jobQueue } from "../../app/jobs/queue.server";
import { drainJobs, type JobWorker, startJobWorker } from "../../app/jobs/worker.server";
import type { Mailer, MailMessage, SentMail } from "../../app/mail/mailer.server";
import { enqueueMail } from "../../app/mail/outgoing.server";
import { action as jobsAction, loader as jobsLoader } from "../../app/routes/admin-jobs";
import { cookieFor, createUser } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { createTestDatabase, openSecondHandle, type TestDatabaseHandle } from "./test-database";

let handle: TestDatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

/** A mailer that records what it was handed; `failures` sends throw first. */
function recordingMailer(failures = 0): Mailer & { sent: SentMail[]; attempts: number } {
  const mailer = {
    kind: "smtp" as const,
    sent: [] as SentMail[],
    attempts: 0,
    async send(message: SentMail) {
      mailer.attempts += 1;
      if (mailer.attempts <= failures) throw new Error("421 mail server busy");
      mailer.sent.push(message);
    },
  };
  return mailer;
}

function message(to: string): MailMessage {
  return { to, subject: `Hello ${to}`, text: "text", blocks: ["html"], locale: "en" };
}

async function jobState(db: Database, queue: JobQueueName, key: string) {
  const { rows } = await db.execute<{ state: string; retry_count: number }>(
    sql`select state::text as state, retry_count from pgboss.job where id = ${jobIdForKey(queue, key)}`,
  );
  return rows[0];
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("mail jobs", () => {
  it("delivers each queued mail exactly once while two workers (two servers' worth) work the queue", async () => {
    // With PostgreSQL the second worker is on a handle of its own, as a second app server's would be.
    const second: DatabaseHandle | undefined = handle.url ? await openSecondHandle(handle) : undefined;
    const [first, other] = [recordingMailer(), recordingMailer()];
    const mailers = [first, other];
    const workers: JobWorker[] = [];
    try {
      workers.push(
        await startJobWorker(
          { db: handle.db, mailer: first },
          { pollingIntervalSeconds: 0.5, schedule: false },
        ),
        await startJobWorker(
          { db: second?.db ?? handle.db, mailer: other },
          { pollingIntervalSeconds: 0.5, schedule: false },
        ),
      );
      const addresses = Array.from({ length: 12 }, (_, i) => `twice-${i}-${crypto.randomUUID()}@example.com`);
      for (const to of addresses) {
        await enqueueMail(handle.db, handle.db, message(to), { key: `test:${to}` });
        // The same key again (a request repeated) queues nothing.
        await enqueueMail(handle.db, handle.db, message(to), { key: `test:${to}` });
      }
      const delivered = () =>
        mailers.flatMap((mailer) => mailer.sent).filter((m) => addresses.includes(m.to));
      await waitFor("every mail", async () => delivered().length >= addresses.length);
      // Long enough for a second delivery of any of them to show up.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(
        delivered()
          .map((m) => m.to)
          .sort(),
      ).toEqual([...addresses].sort());
      for (const to of addresses)
        expect((await jobState(handle.db, "mail", `test:${to}`))?.state).toBe("completed");
    } finally {
      for (const worker of workers) await worker.stop();
      await second?.close();
    }
  });

  it("wakes a worker when the job's transaction commits, long before its next poll", async () => {
    const mailer = recordingMailer();
    // A poll every 20 s: only the notification can bring the job in time.
    const worker = await startJobWorker(
      { db: handle.db, mailer },
      { pollingIntervalSeconds: 20, schedule: false },
    );
    try {
      // Let the worker's first (empty) fetch and its listener settle.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const to = `wake-${crypto.randomUUID()}@example.com`;
      const queuedAt = Date.now();
      await handle.db.transaction(async (tx) => {
        await enqueueMail(handle.db, tx, message(to), { key: `test:${to}` });
      });
      await waitFor("the mail", async () => mailer.sent.some((m) => m.to === to), 10_000);
      expect(Date.now() - queuedAt).toBeLessThan(5_000);
    } finally {
      await worker.stop();
    }
  });

  it("retries a mail the transport refused, with back-off, and then delivers it", async () => {
    const mailer = recordingMailer(1);
    const to = `retry-${crypto.randomUUID()}@example.com`;
    await enqueueMail(handle.db, handle.db, message(to), { key: `test:${to}` });
    expect(await drainJobs({ db: handle.db, mailer }, { queues: ["mail"] })).toBe(1);
    const waiting = await jobState(handle.db, "mail", `test:${to}`);
    expect(waiting?.state).toBe("retry");
    // Back-off: not due again at once (QUEUE_POLICIES.mail waits 30 s or more), so a drain finds nothing.
    expect(await drainJobs({ db: handle.db, mailer }, { queues: ["mail"] })).toBe(0);
    expect(mailer.sent).toEqual([]);
    // Time passes: the retry comes due.
    await handle.db.execute(
      sql`update pgboss.job set start_after = now() where id = ${jobIdForKey("mail", `test:${to}`)}`,
    );
    expect(await drainJobs({ db: handle.db, mailer }, { queues: ["mail"] })).toBe(1);
    expect(mailer.sent.map((m) => m.to)).toEqual([to]);
    expect(await jobState(handle.db, "mail", `test:${to}`)).toEqual({ state: "completed", retry_count: 1 });
  });

  it("drops, unsent, a mail whose link ran out while it waited", async () => {
    const mailer = recordingMailer();
    const to = `stale-${crypto.randomUUID()}@example.com`;
    await enqueueMail(handle.db, handle.db, message(to), {
      key: `test:${to}`,
      notAfter: new Date(Date.now() - 1),
    });
    expect(await drainJobs({ db: handle.db, mailer }, { queues: ["mail"] })).toBe(1);
    expect(mailer.attempts).toBe(0);
    expect((await jobState(handle.db, "mail", `test:${to}`))?.state).toBe("completed");
  });
});

describe("the admin's jobs page", () => {
  it("lists a failed job and puts it back in line with the Retry form, which then delivers", async () => {
    const admin = await createUser(handle.db, "admin");
    const cookie = await cookieFor(handle.db, admin.id);
    const to = `failed-${crypto.randomUUID()}@example.com`;
    const key = `test:${to}`;
    await enqueueMail(handle.db, handle.db, message(to), { key });
    const id = jobIdForKey("mail", key);
    // No retries left: the first refusal fails the job for good.
    await handle.db.execute(sql`update pgboss.job set retry_limit = 0 where id = ${id}`);
    await drainJobs({ db: handle.db, mailer: recordingMailer(1) }, { queues: ["mail"] });
    expect((await jobState(handle.db, "mail", key))?.state).toBe("failed");

    const list = new Request("http://test/dashboard/admin/jobs?state=failed&name=mail", {
      headers: { Cookie: cookie },
    });
    const page = (await runRoute(handle.db, list, jobsLoader as never)) as {
      items: { id: string; state: string; error: string | null }[];
    };
    expect(page.items.find((item) => item.id === id)).toMatchObject({
      state: "failed",
      error: "421 mail server busy",
    });

    // The test's runRoute works the mail queue after the route, as a worker would: with this mailer.
    const mailer = recordingMailer();
    const retry = formRequest("http://test/dashboard/admin/jobs", { intent: "retry", id });
    retry.headers.set("Cookie", cookie);
    const answer = (await settle(
      runRoute(handle.db, retry, jobsAction as never, {}, { mail: mailer }),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(mailer.sent.map((m) => m.to)).toEqual([to]);
    expect((await jobState(handle.db, "mail", key))?.state).toBe("completed");

    // Retrying a job that is no longer failed changes nothing and sends nothing.
    const again = formRequest("http://test/dashboard/admin/jobs", { intent: "retry", id });
    again.headers.set("Cookie", cookie);
    const refused = (await settle(
      runRoute(handle.db, again, jobsAction as never, {}, { mail: mailer }),
    )) as Response;
    expect(refused.status).toBe(302);
    expect(mailer.sent).toHaveLength(1);
    expect((await jobState(handle.db, "mail", key))?.state).toBe("completed");
  });
});

describe("scheduled jobs", () => {
  it("creates the sweep's job once per minute for the whole cluster, however many workers schedule it", async () => {
    const second: DatabaseHandle | undefined = handle.url ? await openSecondHandle(handle) : undefined;
    const workers: JobWorker[] = [];
    const started = new Date();
    try {
      for (const db of [handle.db, second?.db ?? handle.db])
        workers.push(
          await startJobWorker(
            { db, mailer: recordingMailer() },
            { pollingIntervalSeconds: 0.5, cronIntervalSeconds: 1 },
          ),
        );
      const boss = await jobQueue(handle.db);
      expect((await boss.getSchedules("sweep")).length).toBe(1);
      // The next minute's occurrence: at most a minute away, then a few passes of both workers' crons.
      const sweeps = async () =>
        (await listJobs(handle.db, { name: "sweep", limit: 50, offset: 0 })).items.filter(
          (job) => job.createdOn >= started,
        );
      // pg-boss files each occurrence under its minute ("slot") and lets one request per slot through,
      // whichever worker's cron pass asks. A pass after a gap also catches up the one occurrence it
      // missed, so a run may see two slots: the property is one sweep per slot, never two.
      const requestedSlots = async () => {
        const rows = await handle.db.execute<{ slot: string }>(sql`
          select data->>'slot' as slot from ${sql.raw(JOB_SCHEMA)}.job
          where name = '__pgboss__send-it' and data->>'name' = 'sweep' and created_on >= ${started.toISOString()}`);
        return rows.rows.map((row) => row.slot);
      };
      await waitFor("the sweep's job", async () => (await sweeps()).length > 0, 75_000);
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const made = await sweeps();
      const slots = await requestedSlots();
      expect(new Set(slots).size).toBe(slots.length);
      expect(made.length).toBe(slots.length);
      expect(made.length).toBeGreaterThanOrEqual(1);
      expect(made.length).toBeLessThanOrEqual(2);
      await waitFor("the sweep to run", async () => (await sweeps())[0]?.state === "completed");
    } finally {
      for (const worker of workers) await worker.stop();
      await second?.close();
    }
  }, 100_000);

  it("announces a scheduled post when its time comes, so every server's caches drop the lists", async () => {
    const trainer = await createUser(handle.db, "trainer");
    const heard: number[] = [];
    const stopListening = onPublicChange(handle.db, (topic) => {
      if (topic === "editorial") heard.push(Date.now());
    });
    await publicChangesListening(handle.db);
    const worker = await startJobWorker(
      { db: handle.db, mailer: recordingMailer() },
      { pollingIntervalSeconds: 0.5, schedule: false },
    );
    try {
      const publishAt = new Date(Date.now() + 2_500);
      const created = await createPost(handle.db, trainer, {
        title: "Scheduled",
        excerpt: "Soon",
        body: "Soon.",
        status: "scheduled",
        publishAt,
      });
      expect(created.ok).toBe(true);
      // The job waits for its time.
      const pending = await listJobs(handle.db, {
        name: "editorial-publish",
        state: "created",
        limit: 10,
        offset: 0,
      });
      expect(pending.items.some((job) => job.startAfter.getTime() === publishAt.getTime())).toBe(true);
      const announced = await waitFor("the announcement", async () =>
        heard.find((at) => at >= publishAt.getTime()),
      );
      // Polled every half second: heard within a few seconds of the time, never before it.
      expect(announced - publishAt.getTime()).toBeLessThan(5_000);
    } finally {
      stopListening();
      await worker.stop();
    }
  });
});
