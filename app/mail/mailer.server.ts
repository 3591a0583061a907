// The mail adapter: SMTP through nodemailer when SMTP_URL is set, otherwise an outbox of JSON files under
// DATA_DIR/outbox that admins read at /dashboard/admin/outbox — so a fresh `npm start` can still reset a
// password (docs/decisions/023-account-mail.md).
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The language the message is written in, for the outbox's reader (`lang` and `dir`). */
  locale: string;
};

export type Mailer =
  | { kind: "smtp"; send(message: MailMessage): Promise<void> }
  | { kind: "outbox"; dir: string; send(message: MailMessage): Promise<void> };

export const DEFAULT_MAIL_FROM = "Manara <no-reply@manara.localhost>";

export function createSmtpMailer(url: string, from: string): Mailer {
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
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { "Content-Language": message.locale },
      });
    },
  };
}

export type OutboxMessage = MailMessage & { id: string; from: string; sentAt: string };

/** Outbox file names: the send time first, so a directory listing sorts oldest to newest. */
const OUTBOX_FILE = /^(\d{13})-([0-9a-f-]{36})\.json$/;
const OUTBOX_ID = /^\d{13}-[0-9a-f-]{36}$/;

export function createOutboxMailer(dir: string, from: string): Mailer & { kind: "outbox" } {
  return {
    kind: "outbox" as const,
    dir,
    async send(message) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const sentAt = new Date();
      const id = `${sentAt.getTime()}-${randomUUID()}`;
      const stored: OutboxMessage = { ...message, id, from, sentAt: sentAt.toISOString() };
      // Reset links are secrets: the files are readable by the server's user only.
      await writeFile(path.join(dir, `${id}.json`), `${JSON.stringify(stored, null, 2)}\n`, {
        flag: "wx",
        mode: 0o600,
      });
    },
  };
}

export type OutboxPage = { items: OutboxMessage[]; total: number };

/** How many of the newest files a recipient search reads: the outbox is a local convenience, not an archive. */
export const OUTBOX_SEARCH_LIMIT = 2000;

/**
 * The outbox newest first, `limit` messages from `offset`, optionally only those to one address (matched
 * without regard to case, among the newest OUTBOX_SEARCH_LIMIT); an absent outbox is an empty one.
 */
export async function listOutbox(
  dir: string,
  { limit, offset, to }: { limit: number; offset: number; to?: string },
): Promise<OutboxPage> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => OUTBOX_FILE.test(name));
  } catch {
    return { items: [], total: 0 };
  }
  names.sort().reverse();
  if (to) {
    const wanted = to.trim().toLowerCase();
    const newest = await Promise.all(
      names.slice(0, OUTBOX_SEARCH_LIMIT).map((name) => readMessageFile(path.join(dir, name))),
    );
    const matching = newest.filter(
      (item): item is OutboxMessage => item !== null && item.to.toLowerCase() === wanted,
    );
    return { items: matching.slice(offset, offset + limit), total: matching.length };
  }
  const items = await Promise.all(
    names.slice(offset, offset + limit).map((name) => readMessageFile(path.join(dir, name))),
  );
  return { items: items.filter((item): item is OutboxMessage => item !== null), total: names.length };
}

/** One outbox message by id, or null for an unknown or malformed id (never a path outside the outbox). */
export async function readOutboxMessage(dir: string, id: string): Promise<OutboxMessage | null> {
  if (!OUTBOX_ID.test(id)) return null;
  return readMessageFile(path.join(dir, `${id}.json`));
}

async function readMessageFile(file: string): Promise<OutboxMessage | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as OutboxMessage;
  } catch {
    return null;
  }
}
