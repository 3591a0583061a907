// The mail adapter: SMTP through nodemailer when SMTP_URL is set, otherwise an outbox of JSON objects
// under outbox/ in the object storage (DATA_DIR/outbox by default, or the S3 bucket) that admins read at
// /dashboard/admin/outbox — so a fresh `npm start` can still reset a password (decision 023).
import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import { type ObjectStorage, readAll } from "../storage/storage";
import type { MailBlock } from "./layout.server";

/** A mail as written and queued: its text and its blocks; the HTML is drawn from the blocks when it is sent. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The paragraphs and links the HTML part is drawn from (app/mail/layout.server.ts). */
  blocks: MailBlock[];
  /** The language the message is written in, for the outbox's reader (`lang` and `dir`). */
  locale: string;
  /**
   * More headers, e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post` on notification mails
   * (app/notifications/mail.server.ts).
   */
  headers?: Record<string, string>;
  /**
   * A calendar invite (iTIP, RFC 5546) sent as the message's `text/calendar` part and as an `.ics`
   * attachment, e.g. a consultation's (app/consultations/invite.ts).
   */
  calendar?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
  /**
   * Files attached by reference: each is read from the object storage when the mail is sent, so a queued
   * mail stays small and any server, on any retry, sends the same bytes (an invoice's PDF,
   * app/invoices/mail.server.ts). A file missing at that moment fails the attempt, which is retried.
   */
  attachments?: MailAttachment[];
};

/** A mail as handed to the transport: the HTML part drawn. */
export type SentMail = Omit<MailMessage, "blocks"> & { html: string };

export type MailAttachment = { filename: string; contentType: string; key: string };

/** The attachments' bytes, from the object storage; a missing file is an error (the job retries). */
export async function readAttachments(
  storage: ObjectStorage,
  attachments: MailAttachment[] = [],
): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  return Promise.all(
    attachments.map(async (attachment) => {
      const bytes = await readAll(storage, attachment.key);
      if (!bytes) throw new Error(`mail attachment ${attachment.key} is not in the object storage`);
      return {
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(bytes),
      };
    }),
  );
}

export type Mailer =
  | { kind: "smtp"; send(message: SentMail): Promise<void> }
  | { kind: "outbox"; storage: ObjectStorage; prefix: string; send(message: SentMail): Promise<void> };

export const DEFAULT_MAIL_FROM = "Manara <no-reply@manara.localhost>";

/** `storage`: where attached files are read from (the configured object storage). */
export function createSmtpMailer(url: string, from: string, storage?: ObjectStorage): Mailer {
  // Bounded waits: a stuck mail server must not hold a sign-up or a reset request for minutes.
  // nodemailer reads host, port, credentials and options such as ?ignoreTLS=true from the URL itself.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: "smtp",
    async send(message) {
      if (message.attachments?.length && !storage) throw new Error("SMTP mailer: attachments need a storage");
      const attachments = storage ? await readAttachments(storage, message.attachments) : [];
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { ...message.headers, "Content-Language": message.locale },
        ...(message.calendar
          ? {
              icalEvent: {
                method: message.calendar.method,
                filename: message.calendar.filename,
                content: message.calendar.content,
              },
            }
          : {}),
        ...(attachments.length ? { attachments } : {}),
      });
    },
  };
}

export type OutboxMessage = SentMail & { id: string; from: string; sentAt: string };

/** Outbox keys: the send time first, so a listing sorts oldest to newest. */
const OUTBOX_NAME = /^(\d{13})-([0-9a-f-]{36})\.json$/;
const OUTBOX_ID = /^\d{13}-[0-9a-f-]{36}$/;

export type OutboxMailer = Mailer & { kind: "outbox"; storage: ObjectStorage; prefix: string };

/**
 * Each message one JSON object in the object storage under `prefix` (DATA_DIR/outbox/ on disk, outbox/ in
 * a bucket), so every server writes to and reads the same outbox. Attachments stay references (their key in
 * the same storage), checked to be there as the SMTP mailer would.
 */
export function createOutboxMailer(storage: ObjectStorage, from: string, prefix = "outbox/"): OutboxMailer {
  return {
    kind: "outbox" as const,
    storage,
    prefix,
    async send(message) {
      for (const attachment of message.attachments ?? []) {
        if (!(await storage.head(attachment.key)))
          throw new Error(`mail attachment ${attachment.key} is not in the object storage`);
      }
      const sentAt = new Date();
      const id = `${sentAt.getTime()}-${randomUUID()}`;
      const stored: OutboxMessage = { ...message, id, from, sentAt: sentAt.toISOString() };
      // Reset links are secrets: the local store keeps files readable by the server's user only.
      await storage.put(
        `${prefix}${id}.json`,
        new TextEncoder().encode(`${JSON.stringify(stored, null, 2)}\n`),
        {
          contentType: "application/json",
          exclusive: true,
        },
      );
    },
  };
}

export type OutboxPage = { items: OutboxMessage[]; total: number };

/** How many of the newest messages a recipient search reads: the outbox is a convenience, not an archive. */
export const OUTBOX_SEARCH_LIMIT = 2000;

/**
 * The outbox newest first, `limit` messages from `offset`, optionally only those to one address (matched
 * without regard to case, among the newest OUTBOX_SEARCH_LIMIT); an absent outbox is an empty one.
 */
export async function listOutbox(
  outbox: Pick<OutboxMailer, "storage" | "prefix">,
  { limit, offset, to }: { limit: number; offset: number; to?: string },
): Promise<OutboxPage> {
  const ids = (await outbox.storage.list(outbox.prefix))
    .map((key) => key.slice(outbox.prefix.length))
    .filter((name) => OUTBOX_NAME.test(name))
    .map((name) => name.slice(0, -".json".length));
  ids.sort().reverse();
  if (to) {
    const wanted = to.trim().toLowerCase();
    const newest = await Promise.all(
      ids.slice(0, OUTBOX_SEARCH_LIMIT).map((id) => readOutboxMessage(outbox, id)),
    );
    const matching = newest.filter(
      (item): item is OutboxMessage => item !== null && item.to.toLowerCase() === wanted,
    );
    return { items: matching.slice(offset, offset + limit), total: matching.length };
  }
  const items = await Promise.all(
    ids.slice(offset, offset + limit).map((id) => readOutboxMessage(outbox, id)),
  );
  return { items: items.filter((item): item is OutboxMessage => item !== null), total: ids.length };
}

/** One outbox message by id, or null for an unknown or malformed id (never a key outside the outbox). */
export async function readOutboxMessage(
  outbox: Pick<OutboxMailer, "storage" | "prefix">,
  id: string,
): Promise<OutboxMessage | null> {
  if (!OUTBOX_ID.test(id)) return null;
  try {
    const bytes = await readAll(outbox.storage, `${outbox.prefix}${id}.json`);
    return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as OutboxMessage) : null;
  } catch {
    return null;
  }
}
