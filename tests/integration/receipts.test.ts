// Receipts for wallet top-ups (issue 47, item 4): a credited top-up, by bank transfer (an admin approves it)
// or by card (Stripe's webhook), gets one receipt in its own gapless RCT series, with the amount and no VAT,
// in the transaction that credits the wallet; a refused credit takes no number. The learner finds it on
// Billing and through GET /api/wallet/receipts, downloads its PDF (which says, in both languages, that it is
// not a tax invoice), and gets it attached to a mail in their language. Nobody else can open it.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOrigin, readConfig } from "../../app/config.server";
import { openPostgres } from "../../app/db/client.server";
import {
  documentCounters,
  issuedDocuments,
  notificationRecipients,
  type User,
  users,
  walletLedger,
} from "../../app/db/schema";
import { documentYear, issueReceiptForTopUp } from "../../app/invoices/issue.server";
import { issuedDocumentPdfKey } from "../../app/invoices/pdf-file.server";
import { drainJobs } from "../../app/jobs/worker.server";
import { createOutboxMailer, listOutbox, type OutboxMailer } from "../../app/mail/mailer.server";
import { applyStripeEvent } from "../../app/payments/card-top-ups.server";
import { loader as billingLoader } from "../../app/routes/account-billing";
import { loader as billingDocumentLoader } from "../../app/routes/account-billing-document";
import { loader as billingPdfLoader } from "../../app/routes/account-billing-pdf";
import { loader as receiptPdfApi } from "../../app/routes/api/wallet-receipt-pdf";
import { loader as receiptsApi } from "../../app/routes/api/wallet-receipts";
import { createLocalStorage, type LocalStorage } from "../../app/storage/local.server";
import { readAll } from "../../app/storage/storage";
import { replaceObjectStorage } from "../../app/storage/storage.server";
import { approveTopUp, requestTopUp } from "../../app/wallet/top-ups.server";
import { creditWallet, MAX_BALANCE_MINOR_UNITS } from "../../app/wallet/wallet.server";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { publishBankAccount } from "./bank-fixtures";
import { runRoute, settle } from "./route-context";
import { createTestDatabase, type TestDatabaseHandle } from "./test-database";

const run = promisify(execFile);

let handle: TestDatabaseHandle;
let admin: User;
let dir: string;
let storage: LocalStorage;
let outbox: OutboxMailer;
const YEAR = documentYear(new Date());
const rct = (sequence: number) => `RCT-${YEAR}-${String(sequence).padStart(6, "0")}`;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createUser(handle.db, "admin");
  await publishBankAccount(handle.db);
  dir = await mkdtemp(path.join(tmpdir(), "manara-receipts-"));
  storage = createLocalStorage(dir);
  replaceObjectStorage(storage);
  outbox = createOutboxMailer(storage, "Manara <no-reply@manara.test>");
}, 60_000);

afterAll(async () => {
  replaceObjectStorage(undefined);
  await handle?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function receiptRows(userId: string) {
  return handle.db
    .select()
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.userId, userId), eq(issuedDocuments.kind, "receipt")))
    .orderBy(issuedDocuments.id);
}

async function lastReceiptNumber(): Promise<number> {
  const [row] = await handle.db
    .select({ last: documentCounters.last })
    .from(documentCounters)
    .where(and(eq(documentCounters.series, "RCT"), eq(documentCounters.year, YEAR)));
  return row?.last ?? 0;
}

/** A learner with this name. */
async function learnerNamed(name: string): Promise<User> {
  const learner = await createUser(handle.db);
  const [renamed] = await handle.db.update(users).set({ name }).where(eq(users.id, learner.id)).returning();
  if (!renamed) throw new Error("no learner");
  return renamed;
}

/** A learner's transfer request for `amount` minor units, approved by the admin. */
async function approvedTransfer(learner: User, amount: number, reference: string | null = null) {
  const asked = await requestTopUp(handle.db, learner.id, { amount, reference });
  if (!asked.ok) throw new Error(`request refused: ${asked.reason}`);
  return { id: asked.request.id, outcome: await approveTopUp(handle.db, admin.id, asked.request.id) };
}

/** Stripe's `checkout.session.completed` for a card top-up, as the verified webhook hands it over. */
function paidSession(sessionId: string, userId: string, amount: number) {
  return {
    id: `evt_${sessionId}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        client_reference_id: userId,
        metadata: { userId, amount: String(amount) },
        amount_total: amount,
        currency: readConfig().currency.toLowerCase(),
      },
    },
  } as unknown as Stripe.Event;
}

function api(url: string, authorization: string) {
  return new Request(`http://test${url}`, { headers: { Authorization: authorization } });
}

function page(url: string, cookie: string) {
  return new Request(`http://test${url}`, { headers: { Cookie: cookie } });
}

async function saved(bytes: Uint8Array): Promise<string> {
  const target = path.join(dir, `read-${Date.now()}.pdf`);
  await writeFile(target, bytes);
  return target;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { stdout } = await run("pdftotext", ["-enc", "UTF-8", await saved(bytes), "-"]);
  // Without the bidi marks pdftotext wraps right-to-left runs in, and with lines joined.
  return stdout.replace(/[\u202a-\u202e\u200e\u200f]/g, "").replace(/\s+/g, " ");
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read answers' JSON by path.
type Json = Record<string, any>;

describe("a bank transfer's receipt", () => {
  let learner: User;

  it("is issued when the admin approves: RCT-YYYY-000001, the amount, no VAT, the reference", async () => {
    learner = await learnerNamed("Layla Receipt");
    const { outcome } = await approvedTransfer(learner, 12_345, "TRX-RCT-1");
    expect(outcome.ok).toBe(true);
    const [row, ...others] = await receiptRows(learner.id);
    expect(others).toEqual([]);
    expect(row?.number).toBe(rct(1));
    expect(row).toMatchObject({ series: "RCT", year: YEAR, sequence: 1, subtotal: 12_345, tax: 0 });
    expect(row?.total).toBe(12_345);
    expect(row?.orderId).toBeNull();
    const [entry] = await handle.db.select().from(walletLedger).where(eq(walletLedger.userId, learner.id));
    expect(entry?.kind).toBe("top_up");
    expect(row?.walletLedgerEntryId).toBe(entry?.id);
    expect(row?.document).toMatchObject({
      kind: "receipt",
      qr: null,
      tax: 0,
      subtotal: 12_345,
      total: 12_345,
      currency: readConfig().currency,
      paymentMethod: "transfer",
      paymentReference: "TRX-RCT-1",
      provider: null,
      orderNumber: null,
      buyer: { name: "Layla Receipt", email: learner.email, company: null, vatNumber: null },
      lines: [
        {
          title: "Wallet top-up",
          titleAr: "شحن المحفظة",
          net: 12_345,
          taxRateBasisPoints: 0,
          tax: 0,
          gross: 12_345,
        },
      ],
    });
  });

  it("is mailed to the learner with its PDF attached, once", async () => {
    const number = rct(1);
    expect(await drainJobs({ db: handle.db, mailer: outbox }, { queues: ["document-mail", "mail"] })).toBe(2);
    const { items } = await listOutbox(outbox, { limit: 10, offset: 0, to: learner.email });
    expect(items).toHaveLength(1);
    const [mail] = items;
    expect(mail?.subject).toBe(`Your Manara wallet is topped up: receipt ${number}`);
    expect(mail?.text).toContain("Hello Layla Receipt,");
    expect(mail?.text).toContain("It is not a tax invoice");
    expect(mail?.text).toContain(`${publicOrigin()}/account/billing`);
    expect(mail?.attachments).toEqual([
      { filename: `${number}.pdf`, contentType: "application/pdf", key: issuedDocumentPdfKey(number) },
    ]);
    expect(await drainJobs({ db: handle.db, mailer: outbox }, { queues: ["document-mail", "mail"] })).toBe(0);
  }, 120_000);

  it("is listed on Billing and by the API for its owner only, and its PDF says it is no tax invoice", async () => {
    const number = rct(1);
    const stranger = await createUser(handle.db);
    const billing = (await runRoute(
      handle.db,
      page("/account/billing", await cookieFor(handle.db, learner.id)),
      billingLoader as never,
    )) as Json;
    expect(billing.documents).toEqual([
      expect.objectContaining({ number, kind: "receipt", href: `/account/billing/${number}` }),
    ]);
    const strangers = (await runRoute(
      handle.db,
      page("/account/billing", await cookieFor(handle.db, stranger.id)),
      billingLoader as never,
    )) as Json;
    expect(strangers.documents).toEqual([]);

    const token = await bearerFor(handle.db, learner.id);
    const listed = (await runRoute(
      handle.db,
      api("/api/wallet/receipts", token),
      receiptsApi as never,
    )) as Response;
    expect(listed.status).toBe(200);
    const currency = readConfig().currency;
    expect(await listed.json()).toEqual({
      items: [
        {
          number,
          issuedAt: expect.any(String),
          amount: currency === "KWD" ? 12.345 : 123.45,
          currency,
          method: "transfer",
          pdfUrl: `${publicOrigin()}/api/wallet/receipts/${number}.pdf`,
        },
      ],
    });
    const strangerToken = await bearerFor(handle.db, stranger.id);
    const none = (await runRoute(
      handle.db,
      api("/api/wallet/receipts", strangerToken),
      receiptsApi as never,
    )) as Response;
    expect(await none.json()).toEqual({ items: [] });

    // The PDF through the API: the owner's, 404 for anyone else's, an unknown number or another kind's file.
    const file = `${number}.pdf`;
    const pdf = (await runRoute(
      handle.db,
      api(`/api/wallet/receipts/${file}`, token),
      receiptPdfApi as never,
      {
        file,
      },
    )) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    for (const [who, name] of [
      [strangerToken, file],
      [token, `${rct(999)}.pdf`],
      [token, `INV-${YEAR}-000001.pdf`],
      [token, number],
    ] as const) {
      const refused = (await runRoute(
        handle.db,
        api(`/api/wallet/receipts/${name}`, who),
        receiptPdfApi as never,
        { file: name },
      )) as Response;
      expect(refused.status, name).toBe(404);
    }
    const words = await pdfText(bytes);
    expect(words).toContain(number);
    expect(words).toContain("Receipt");
    expect(words).toContain("This receipt is not a tax invoice.");
    // Words with lam-alef keep their ligatures and copy out imperfectly (decision 054): the sentence's
    // others, "is not a tax invoice", exactly; the Arabic title is exact in the document's metadata.
    expect(words).toContain("ليس فاتورة ضريبية");
    expect(words).toContain("the VAT invoice is issued when the wallet pays for a course");
    expect(words).toContain("تصدر الفاتورة الضريبية عند الدفع من المحفظة");
    const { stdout: info } = await run("pdfinfo", [await saved(bytes)]);
    expect(info).toMatch(new RegExp(`^Title:\\s+إيصال استلام ${number}$`, "m"));
    expect(words).toContain("TRX-RCT-1");
    expect(words).not.toContain("VAT rate");

    // The document page and its PDF link: the owner and admins; anyone else the 404 of no document.
    const ownPage = (await runRoute(
      handle.db,
      page(`/account/billing/${number}`, await cookieFor(handle.db, learner.id)),
      billingDocumentLoader as never,
      { number },
    )) as Json;
    expect(ownPage.doc).toMatchObject({ number, kind: "receipt" });
    expect(ownPage.pdfHref).toBe(`/account/billing/${number}/pdf`);
    expect(ownPage.orderHref).toBeNull();
    const adminPage = (await runRoute(
      handle.db,
      page(`/account/billing/${number}`, await cookieFor(handle.db, admin.id)),
      billingDocumentLoader as never,
      { number },
    )) as Json;
    expect(adminPage.doc.number).toBe(number);
    const refusedPage = await settle(
      runRoute(
        handle.db,
        page(`/account/billing/${number}`, await cookieFor(handle.db, stranger.id)),
        billingDocumentLoader as never,
        { number },
      ),
    );
    expect((refusedPage as Response).status).toBe(404);
    const download = (await runRoute(
      handle.db,
      page(`/account/billing/${number}/pdf`, await cookieFor(handle.db, learner.id)),
      billingPdfLoader as never,
      { number },
    )) as Response;
    // The same stored file the mail attached and the API served.
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(
      Buffer.from((await readAll(storage, issuedDocumentPdfKey(number))) ?? []).equals(Buffer.from(bytes)),
    ).toBe(true);
    const strangerDownload = (await runRoute(
      handle.db,
      page(`/account/billing/${number}/pdf`, await cookieFor(handle.db, stranger.id)),
      billingPdfLoader as never,
      { number },
    )) as Response;
    expect(strangerDownload.status).toBe(404);
  }, 120_000);

  it("is mailed in Arabic to a learner whose mails are in Arabic", async () => {
    const arabic = await learnerNamed("ليلى");
    await handle.db.insert(notificationRecipients).values({ userId: arabic.id, locale: "ar" });
    const { outcome } = await approvedTransfer(arabic, 1_000);
    expect(outcome.ok).toBe(true);
    const [row] = await receiptRows(arabic.id);
    expect(row?.document).toMatchObject({ paymentReference: null });
    await drainJobs({ db: handle.db, mailer: outbox }, { queues: ["document-mail", "mail"] });
    const { items } = await listOutbox(outbox, { limit: 10, offset: 0, to: arabic.email });
    expect(items.map((mail) => mail.subject)).toEqual([`تم شحن محفظتك في منارة: الإيصال ${row?.number}`]);
    expect(items[0]?.text).toContain("الإيصال ليس فاتورة ضريبية");
  }, 120_000);
});

describe("exactly one receipt per top-up", () => {
  it("approving one request twice at once credits it once and issues one receipt", async () => {
    const learner = await createUser(handle.db);
    const asked = await requestTopUp(handle.db, learner.id, { amount: 700, reference: null });
    if (!asked.ok) throw new Error("refused");
    // On PostgreSQL, on a pool of its own so the two approvals run on two connections.
    const wide = handle.url ? await openPostgres(handle.url, { max: 4 }) : null;
    try {
      const db = wide?.db ?? handle.db;
      const outcomes = await Promise.all([
        approveTopUp(db, admin.id, asked.request.id),
        approveTopUp(db, admin.id, asked.request.id),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === "already_reviewed")).toHaveLength(
        1,
      );
    } finally {
      await wide?.close();
    }
    const rows = await receiptRows(learner.id);
    expect(rows.map((row) => row.total)).toEqual([700]);
    expect(rows[0]?.sequence).toBe(await lastReceiptNumber());
  });

  it("a Stripe top-up event replayed, in turn and at once, issues one receipt", async () => {
    const learner = await createUser(handle.db);
    const event = paidSession("cs_test_receipt_replay", learner.id, 4_200);
    const currency = readConfig().currency;
    expect((await applyStripeEvent(handle.db, event, currency)).handled).toBe("credited");
    expect((await applyStripeEvent(handle.db, event, currency)).handled).toBe("already_credited");
    const again = await Promise.all([
      applyStripeEvent(handle.db, event, currency),
      applyStripeEvent(handle.db, event, currency),
    ]);
    expect(again.map((outcome) => outcome.handled)).toEqual(["already_credited", "already_credited"]);
    const rows = await receiptRows(learner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.document).toMatchObject({
      kind: "receipt",
      paymentMethod: "card",
      provider: "stripe",
      paymentReference: null,
      total: 4_200,
      tax: 0,
    });
    const token = await bearerFor(handle.db, learner.id);
    const listed = (await (
      (await runRoute(handle.db, api("/api/wallet/receipts", token), receiptsApi as never)) as Response
    ).json()) as Json;
    expect(listed.items.map((item: Json) => [item.number, item.method])).toEqual([[rows[0]?.number, "card"]]);
  });

  it("issuing again for the same credit returns the receipt issued, and refuses a credit that is no top-up", async () => {
    const learner = await createUser(handle.db);
    const { outcome } = await approvedTransfer(learner, 300);
    if (!outcome.ok) throw new Error("refused");
    const entryId = outcome.request.ledgerEntryId ?? 0;
    const before = await lastReceiptNumber();
    const again = await handle.db.transaction((tx) => issueReceiptForTopUp(tx, { ledgerEntryId: entryId }));
    expect(again.number).toBe((await receiptRows(learner.id))[0]?.number);
    expect(await lastReceiptNumber()).toBe(before);
    // A credit an admin gave is not a top-up: no receipt, and the refusal takes no number.
    const gift = await creditWallet(handle.db, {
      userId: learner.id,
      actorId: admin.id,
      amount: 50,
      reason: "gift",
    });
    if (!gift.ok) throw new Error("refused");
    await expect(
      handle.db.transaction((tx) => issueReceiptForTopUp(tx, { ledgerEntryId: gift.entry.id })),
    ).rejects.toThrow(RangeError);
    expect(await lastReceiptNumber()).toBe(before);
    // The index refuses a second receipt for one credit even were the check skipped.
    const [row] = await receiptRows(learner.id);
    await expect(
      handle.db.execute(
        sql`insert into issued_documents (kind, series, year, sequence, number, user_id, wallet_ledger_entry_id, issued_at, currency, subtotal, tax, total, document)
            values ('receipt', 'RCT', ${YEAR}, 999999, ${rct(999_999)}, ${learner.id}, ${entryId}, now(), 'USD', 300, 0, 300, ${JSON.stringify(row?.document)}::jsonb)`,
      ),
    ).rejects.toThrow();
  });
});

describe("a refused credit", () => {
  it("issues no receipt and takes no number: the next top-up gets the next one", async () => {
    const full = await createUser(handle.db);
    const asked = await requestTopUp(handle.db, full.id, { amount: 1_000, reference: "TOO-MUCH" });
    if (!asked.ok) throw new Error("refused");
    await handle.db
      .update(users)
      .set({ walletBalance: MAX_BALANCE_MINOR_UNITS - 500 })
      .where(eq(users.id, full.id));
    const before = await lastReceiptNumber();
    const refused = await approveTopUp(handle.db, admin.id, asked.request.id);
    expect(refused).toMatchObject({ ok: false, reason: "balance_limit" });
    expect(await receiptRows(full.id)).toEqual([]);
    expect(await lastReceiptNumber()).toBe(before);
    // The same through Stripe: a card payment that cannot be credited issues nothing either.
    const card = await applyStripeEvent(
      handle.db,
      paidSession("cs_test_receipt_full", full.id, 1_000),
      readConfig().currency,
    );
    expect(card).toEqual({ handled: "failed", why: "balance_limit" });
    expect(await lastReceiptNumber()).toBe(before);

    const next = await createUser(handle.db);
    const { outcome } = await approvedTransfer(next, 800);
    expect(outcome.ok).toBe(true);
    const [row] = await receiptRows(next.id);
    expect(row?.number).toBe(rct(before + 1));
    // Every receipt of the year, in number order, is 1..n with no gap.
    const sequences = (
      await handle.db
        .select({ sequence: issuedDocuments.sequence })
        .from(issuedDocuments)
        .where(and(eq(issuedDocuments.series, "RCT"), eq(issuedDocuments.year, YEAR)))
        .orderBy(issuedDocuments.sequence)
    ).map((found) => found.sequence);
    expect(sequences).toEqual(Array.from({ length: before + 1 }, (_, index) => index + 1));
  });
});
