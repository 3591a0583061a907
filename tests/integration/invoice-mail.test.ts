// The mails that carry an issued document (issue 47, item 5): "order paid" with the tax invoice attached and
// "refund" with the credit note, in English and in Arabic, through the job queue like every mail. The queued
// mail names the stored PDF by its key, so a retry, or another server with another mailer, attaches the very
// bytes stored once; a transaction rolled back queues nothing; an SMTP server receives the PDF.
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOrigin } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { mayCarryDocument, queueOrderPaidMail, queueRefundMail } from "../../app/invoices/mail.server";
import { issuedDocumentPdfKey } from "../../app/invoices/pdf-file.server";
import { jobIdForKey } from "../../app/jobs/policy";
import { drainJobs } from "../../app/jobs/worker.server";
import {
  createOutboxMailer,
  createSmtpMailer,
  listOutbox,
  type OutboxMailer,
} from "../../app/mail/mailer.server";
import { deliverMail, MailJob } from "../../app/mail/outgoing.server";
import { createLocalStorage, type LocalStorage } from "../../app/storage/local.server";
import { readAll } from "../../app/storage/storage";
import { replaceObjectStorage } from "../../app/storage/storage.server";
import { creditNote, receipt, simplifiedInvoice, standardInvoice } from "../fakes/issued-documents";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let dir: string;
let storage: LocalStorage;
let outbox: OutboxMailer;

beforeAll(async () => {
  handle = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "manara-invoice-mail-"));
  storage = createLocalStorage(dir);
  replaceObjectStorage(storage);
  outbox = createOutboxMailer(storage, "Manara <no-reply@manara.test>");
}, 60_000);

afterAll(async () => {
  replaceObjectStorage(undefined);
  await handle?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function sentTo(to: string) {
  return (await listOutbox(outbox, { limit: 10, offset: 0, to })).items;
}

/** The queued mail job's stored data, by its once-only key. */
async function mailJobData(key: string): Promise<unknown> {
  const rows = await handle.db.execute(
    sql`select data from pgboss.job where id = ${jobIdForKey("mail", key)}`,
  );
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { data: unknown }[];
  return list[0]?.data;
}

describe("the order-paid mail", () => {
  it("goes out in English with the invoice's PDF attached by reference, the PDF stored once", async () => {
    const to = "layla@example.com";
    await handle.db.transaction(async (tx) => {
      await queueOrderPaidMail(handle.db, tx, { to, locale: "en", doc: simplifiedInvoice });
    });
    // The document-mail job renders and stores the PDF, then queues the mail; the mail job sends it.
    expect(await drainJobs({ db: handle.db, mailer: outbox }, { queues: ["document-mail", "mail"] })).toBe(2);
    const [mail] = await sentTo(to);
    expect(mail?.subject).toBe("Your Manara order is paid: invoice INV-2025-000042");
    expect(mail?.locale).toBe("en");
    expect(mail?.text).toContain("Hello ليلى الحربي,");
    expect(mail?.text).toMatch(/payment of SAR\s698\.00 for order M-2025-000042/);
    expect(mail?.text).toContain("Your tax invoice INV-2025-000042 is attached");
    expect(mail?.text).toContain(`${publicOrigin()}/account/billing`);
    expect(mail?.html).toMatch(/<html lang="en" dir="ltr"[ >]/);
    const key = issuedDocumentPdfKey(simplifiedInvoice.number);
    expect(mail?.attachments).toEqual([
      { filename: "INV-2025-000042.pdf", contentType: "application/pdf", key },
    ]);
    const pdf = await readAll(storage, key);
    expect(
      Buffer.from(pdf ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // The mail job holds the key, not the bytes: a few kilobytes whatever the PDF weighs.
    const data = MailJob.parse(await mailJobData(`order_paid:${simplifiedInvoice.number}`));
    expect(data.message.attachments?.[0]?.key).toBe(key);
    expect(JSON.stringify(data).length).toBeLessThan(5_000);

    // Queued again (a retried payment transaction, a second callback): nothing new is sent.
    await queueOrderPaidMail(handle.db, handle.db, { to, locale: "en", doc: simplifiedInvoice });
    await drainJobs({ db: handle.db, mailer: outbox }, { queues: ["document-mail", "mail"] });
    expect(await sentTo(to)).toHaveLength(1);
  }, 60_000);

  it("queues nothing when the paying transaction rolls back", async () => {
    const to = "rolled-back@example.com";
    await expect(
      handle.db.transaction(async (tx) => {
        await queueOrderPaidMail(handle.db, tx, { to, locale: "en", doc: standardInvoice });
        throw new Error("the payment failed");
      }),
    ).rejects.toThrow("the payment failed");
    expect(await drainJobs({ db: handle.db, mailer: outbox }, { queues: ["document-mail", "mail"] })).toBe(0);
    expect(await sentTo(to)).toHaveLength(0);
  });

  it("carries an invoice only; a refund mail a credit note only", async () => {
    expect(mayCarryDocument("order_paid", simplifiedInvoice)).toBe(true);
    expect(mayCarryDocument("order_paid", standardInvoice)).toBe(true);
    expect(mayCarryDocument("order_paid", creditNote)).toBe(false);
    expect(mayCarryDocument("order_paid", receipt)).toBe(false);
    expect(mayCarryDocument("refund", creditNote)).toBe(true);
    expect(mayCarryDocument("refund", simplifiedInvoice)).toBe(false);
    await expect(
      queueOrderPaidMail(handle.db, handle.db, { to: "x@example.com", locale: "en", doc: creditNote }),
    ).rejects.toThrow(RangeError);
  });
});

describe("the refund mail", () => {
  it("goes out in Arabic, right to left, with the credit note attached", async () => {
    const to = "refund-ar@example.com";
    await queueRefundMail(handle.db, handle.db, { to, name: "ليلى", locale: "ar", doc: creditNote });
    expect(await drainJobs({ db: handle.db, mailer: outbox }, { queues: ["document-mail", "mail"] })).toBe(2);
    const [mail] = await sentTo(to);
    expect(mail?.subject).toBe("استرداد مبلغك في منارة: الإشعار الدائن CN-2025-000007");
    expect(mail?.locale).toBe("ar");
    expect(mail?.html).toMatch(/<html lang="ar" dir="rtl"[ >]/);
    expect(mail?.text).toContain("مرحبًا ليلى،");
    expect(mail?.text).toContain("عن الفاتورة INV-2025-000042");
    expect(mail?.text).toContain(`${publicOrigin()}/ar/account/billing`);
    expect(mail?.attachments).toEqual([
      {
        filename: "CN-2025-000007.pdf",
        contentType: "application/pdf",
        key: issuedDocumentPdfKey(creditNote.number),
      },
    ]);
  }, 60_000);
});

describe("through SMTP", () => {
  let server: SMTPServer;
  let port: number;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The base64 body of the MIME part whose filename is `filename`. */
  function attached(raw: string, filename: string): Buffer {
    const at = raw.indexOf(`filename=${filename}`);
    expect(at).toBeGreaterThan(-1);
    const body = raw.slice(raw.indexOf("\r\n\r\n", at) + 4);
    return Buffer.from(body.slice(0, body.indexOf("\r\n--")).replace(/\s+/g, ""), "base64");
  }

  it("sends the stored PDF's bytes, the same from any server and on a retry", async () => {
    const to = "omar@example.com";
    await queueOrderPaidMail(handle.db, handle.db, { to, locale: "en", doc: standardInvoice });
    const url = `smtp://127.0.0.1:${port}`;
    // The document job on one server, the mail job on another (their own mailer, the shared storage).
    await drainJobs({ db: handle.db, mailer: outbox }, { queues: ["document-mail"] });
    const job = await mailJobData(`order_paid:${standardInvoice.number}`);
    await deliverMail(createSmtpMailer(url, "Manara <no-reply@manara.test>", storage), job);
    // A retry after a lost completion, from a third process.
    await deliverMail(createSmtpMailer(url, "Manara <no-reply@manara.test>", storage), job);

    const messages = received.filter((item) => item.to.includes(to));
    expect(messages).toHaveLength(2);
    const stored = Buffer.from((await readAll(storage, issuedDocumentPdfKey(standardInvoice.number))) ?? []);
    expect(stored.length).toBeGreaterThan(1000);
    for (const message of messages) {
      expect(message.raw).toContain("Subject: Your Manara order is paid: invoice INV-2025-000043");
      expect(message.raw).toMatch(/Content-Type: application\/pdf; name=INV-2025-000043\.pdf/);
      expect(attached(message.raw, "INV-2025-000043.pdf").equals(stored)).toBe(true);
    }
  }, 60_000);

  it("fails the attempt, to be retried, while the attached file is missing", async () => {
    const job = {
      message: {
        to: "missing@example.com",
        subject: "x",
        text: "x",
        html: "<p>x</p>",
        locale: "en",
        attachments: [
          {
            filename: "INV-2025-999999.pdf",
            contentType: "application/pdf",
            key: "invoices/INV-2025-999999.pdf",
          },
        ],
      },
    };
    const smtp = createSmtpMailer(`smtp://127.0.0.1:${port}`, "Manara <no-reply@manara.test>", storage);
    await expect(deliverMail(smtp, job)).rejects.toThrow(/not in the object storage/);
    await expect(deliverMail(outbox, job)).rejects.toThrow(/not in the object storage/);
    expect(received.some((item) => item.to.includes("missing@example.com"))).toBe(false);
  });
});
