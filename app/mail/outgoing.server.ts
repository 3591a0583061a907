// Mail leaves through the job queue, never inside a request: a request queues the message (in the
// transaction of the row that caused it, where there is one), and a worker hands it to the transport with
// retries and back-off (app/jobs/, docs/decisions/048-job-queue.md).
import { z } from "zod";
import type { Database, Queryable } from "../db/client.server";
import { isMailStale } from "../jobs/policy";
import { enqueueJob } from "../jobs/queue.server";
import { isValidKey } from "../storage/keys";
import { renderMailHtml } from "./layout.server";
import type { Mailer, MailMessage } from "./mailer.server";

/** A queued mail as stored in the job; checked again when it is worked (the table outlives code versions). */
export const MailJob = z.object({
  message: z.object({
    to: z.string().min(1),
    subject: z.string(),
    text: z.string(),
    /** What the HTML part is drawn from when the mail is sent. */
    blocks: z.array(z.union([z.string(), z.object({ link: z.string(), label: z.string() })])).optional(),
    /** A mail queued before the blocks (stop 56) carries its HTML already drawn. */
    html: z.string().optional(),
    locale: z.string(),
    headers: z.record(z.string(), z.string()).optional(),
    calendar: z
      .object({ method: z.enum(["REQUEST", "CANCEL"]), filename: z.string(), content: z.string() })
      .optional(),
    attachments: z
      .array(
        z.object({
          filename: z.string().min(1).max(200),
          contentType: z.string().min(1),
          key: z.string().refine(isValidKey, "a storage key"),
        }),
      )
      .optional(),
  }),
  /** ISO time after which the mail is dropped unsent: the link it carries has run out. */
  notAfter: z.string().optional(),
});
export type MailJob = z.infer<typeof MailJob>;

/**
 * Queues `message`. `key` makes it once-only (a second request with the same key queues nothing): the row it
 * is about, e.g. `reset:<token id>`. `notAfter`: when the link inside runs out.
 */
export async function enqueueMail(
  db: Database,
  on: Queryable,
  message: MailMessage,
  { key, notAfter }: { key: string; notAfter?: Date },
): Promise<void> {
  const job: MailJob = { message, ...(notAfter ? { notAfter: notAfter.toISOString() } : {}) };
  await enqueueJob(db, on, "mail", job, { key });
}

/**
 * The mail job: sends the message, or nothing if its link has run out meanwhile. A transport error fails
 * the attempt, and pg-boss tries again later (app/jobs/policy.ts). Delivery is at least once: a worker that
 * dies between the transport's acceptance and the job's completion sends it again on the retry.
 */
export async function deliverMail(
  mailer: Mailer,
  data: unknown,
  now = new Date(),
): Promise<"sent" | "stale"> {
  const job = MailJob.parse(data);
  if (isMailStale(job.notAfter, now)) return "stale";
  const { blocks, html, ...message } = job.message;
  await mailer.send({
    ...message,
    html: blocks ? await renderMailHtml({ ...message, blocks }) : (html ?? ""),
  });
  return "sent";
}
