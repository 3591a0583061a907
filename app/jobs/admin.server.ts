// What admins see of the job queue (/dashboard/admin/jobs, GET /api/admin/jobs) and the one thing they do
// to it: put a failed job back in line. Reads pg-boss's job table directly, across queues, newest first;
// a job's data is never shown (a mail's carries its links).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server";
import { ListQuery } from "../lib/list-query";
import { JOB_QUEUES, JOB_STATES, type JobQueueName, type JobState } from "./policy";
import { JOB_SCHEMA, jobQueue } from "./queue.server";

/** `GET /api/admin/jobs?state&name&limit&offset`. */
export const JobListQuery = ListQuery.extend({
  state: z.enum(JOB_STATES, { error: "errors.invalid" }).optional(),
  name: z.enum(JOB_QUEUES, { error: "errors.invalid" }).optional(),
});
export type JobListFilter = { state?: JobState; name?: JobQueueName };

export type JobSummary = {
  id: string;
  name: JobQueueName;
  state: JobState;
  /** Attempts so far beyond the first, and how many are allowed. */
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  /** Not before then (a scheduled job, or a retry's back-off). */
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  /** A failed attempt's error message, as the handler threw it. */
  error: string | null;
};

const JOB_TABLE = sql.raw(`${JOB_SCHEMA}.job`);

/** Bounded: an error message of a failed attempt can be long (a stack in a transport's message). */
const ERROR_MAX = 500;

type JobRow = {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  created_on: string | Date;
  start_after: string | Date;
  started_on: string | Date | null;
  completed_on: string | Date | null;
  error: string | null;
};

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

export async function listJobs(
  db: Database,
  { state, name, limit, offset }: JobListFilter & { limit: number; offset: number },
): Promise<{ items: JobSummary[]; total: number }> {
  const conditions = [
    state ? sql`state = ${state}::${sql.raw(JOB_SCHEMA)}.job_state` : undefined,
    name
      ? sql`name = ${name}`
      : sql`name in (${sql.join(
          JOB_QUEUES.map((queue) => sql`${queue}`),
          sql`, `,
        )})`,
  ].filter((condition) => condition !== undefined);
  const where = sql.join(conditions, sql` and `);
  const [rows, counted] = await Promise.all([
    db.execute<JobRow>(sql`
      select id, name, state::text as state, retry_count, retry_limit, created_on, start_after, started_on,
        completed_on, left(output->>'message', ${ERROR_MAX}) as error
      from ${JOB_TABLE} where ${where}
      order by created_on desc, id limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from ${JOB_TABLE} where ${where}`),
  ]);
  return {
    items: rows.rows.map((row) => ({
      id: row.id,
      name: row.name as JobQueueName,
      state: row.state as JobState,
      retryCount: row.retry_count,
      retryLimit: row.retry_limit,
      createdOn: toDate(row.created_on),
      startAfter: toDate(row.start_after),
      startedOn: row.started_on ? toDate(row.started_on) : null,
      completedOn: row.completed_on ? toDate(row.completed_on) : null,
      error: row.error,
    })),
    total: counted.rows[0]?.total ?? 0,
  };
}

export type RetryOutcome =
  | { ok: true; id: string; name: JobQueueName }
  | { ok: false; reason: "not_found" | "not_failed" };

/**
 * Puts a failed job back in line (pg-boss's retry: one more attempt, now). Only a failed job: one that is
 * queued, running or done is left alone (`not_failed`), and a retry racing another admin's retries once.
 */
export async function retryFailedJob(db: Database, id: string): Promise<RetryOutcome> {
  if (!z.uuid().safeParse(id).success) return { ok: false, reason: "not_found" };
  const { rows } = await db.execute<{ name: string; state: string }>(
    sql`select name, state::text as state from ${JOB_TABLE} where id = ${id}`,
  );
  const job = rows.find((row) => (JOB_QUEUES as readonly string[]).includes(row.name));
  if (!job) return { ok: false, reason: "not_found" };
  if (job.state !== "failed") return { ok: false, reason: "not_failed" };
  const name = job.name as JobQueueName;
  const boss = await jobQueue(db);
  // pg-boss's declared type of the answer is empty; it carries the count the statement changed.
  const { affected = 0 } = (await boss.retry(name, id)) as { affected?: number };
  return affected > 0 ? { ok: true, id, name } : { ok: false, reason: "not_failed" };
}
