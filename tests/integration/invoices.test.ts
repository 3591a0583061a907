// Tax invoices and credit notes (issue 47): a wallet purchase with VAT is taxed per line and invoiced in its
// transaction, with the ZATCA QR code of the issued figures; a business buyer gets a standard invoice; a
// refund issues a credit note and leaves the invoice byte-identical; issued documents refuse UPDATE and
// DELETE; the API answers the pinned shapes to the buyer and admins only; the admins' list and CSV.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { purchaseCourses } from "../../app/commerce/enrollment.server";
import { refundEnrollment } from "../../app/commerce/refunds.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { enrollments, issuedDocuments, orders, type User, users } from "../../app/db/schema";
import { readTaxConfig } from "../../app/invoices/config.server";
import { findOrderInvoice, loadIssuedDocument } from "../../app/invoices/documents.server";
import { readZatcaQr } from "../../app/invoices/zatca-qr";
import { drainJobs } from "../../app/jobs/worker.server";
import { loader as billingPdfPage } from "../../app/routes/account-billing-pdf";
import { loader as adminInvoicesApi } from "../../app/routes/api/admin-invoices";
import { loader as adminInvoicesCsvApi } from "../../app/routes/api/admin-invoices-csv";
import { action as checkoutApi } from "../../app/routes/api/checkout";
import { loader as creditNotePdfApi } from "../../app/routes/api/order-credit-note-pdf";
import { loader as creditNotesApi } from "../../app/routes/api/order-credit-notes";
import { loader as invoiceApi } from "../../app/routes/api/order-invoice";
import { loader as invoicePdfApi } from "../../app/routes/api/order-invoice-pdf";
import { creditWallet } from "../../app/wallet/wallet.server";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { createPricedCourses, saveEnv } from "./commerce-fixtures";
import { runRoute, settle } from "./route-context";
import { sharedTestMailer } from "./studio-factories";
import { createTestDatabase } from "./test-database";

const VARIABLES = [
  "TAX_RATE_PERCENT",
  "PRICES_INCLUDE_TAX",
  "SELLER_NAME",
  "SELLER_NAME_AR",
  "SELLER_VAT_NUMBER",
  "SELLER_ADDRESS",
  "SELLER_ADDRESS_AR",
] as const;
const restoreEnv = saveEnv(VARIABLES);
const VAT_NUMBER = "310122393500003";
const SELLER_AR = "منارة للتدريب";

let handle: DatabaseHandle;
let admin: User;
let trainer: User;
const courseIds: number[] = [];
const YEAR = Number(
  new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Asia/Riyadh" }).format(new Date()),
);

function useTax(rate: string, includes = "true") {
  process.env.TAX_RATE_PERCENT = rate;
  process.env.PRICES_INCLUDE_TAX = includes;
  process.env.SELLER_NAME = "Manara Training";
  process.env.SELLER_NAME_AR = SELLER_AR;
  process.env.SELLER_VAT_NUMBER = VAT_NUMBER;
  process.env.SELLER_ADDRESS = "Riyadh";
  process.env.SELLER_ADDRESS_AR = "الرياض";
}

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createUser(handle.db, "admin");
  trainer = await createUser(handle.db, "trainer");
  courseIds.push(
    ...(await createPricedCourses(handle.db, trainer.id, {
      title: "Invoice course",
      titleAr: "دورة الفاتورة",
      prices: [11_500, 2_999, 1],
    })),
  );
});

afterEach(() => {
  restoreEnv();
});

afterAll(async () => {
  await handle?.close();
});

async function learnerWith(balance: number, name = "Test user"): Promise<User> {
  const learner = await createUser(handle.db, "user");
  await handle.db.update(users).set({ name }).where(eq(users.id, learner.id));
  const credit = await creditWallet(handle.db, {
    userId: learner.id,
    actorId: admin.id,
    amount: balance,
    reason: "test",
  });
  expect(credit.ok).toBe(true);
  return learner;
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read answers' JSON by path.
type Json = Record<string, any>;

async function call(handler: unknown, url: string, user: User, params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${url}`, {
    headers: { Authorization: await bearerFor(handle.db, user.id) },
  });
  return (await runRoute(handle.db, request, handler as never, params)) as Response;
}

const c = (index: number) => courseIds[index] ?? 0;

async function documentRows(number: string) {
  const { rows } = await handle.db.execute<Record<string, unknown>>(
    sql`select *, document::text as document_text from issued_documents where number = ${number}`,
  );
  return rows;
}

describe("tax configuration", () => {
  it("refuses a bad rate, a missing or malformed VAT number, and a non-Saudi number with SAR", () => {
    expect(() => readTaxConfig({ TAX_RATE_PERCENT: "15.555" })).toThrow(/TAX_RATE_PERCENT/);
    expect(() => readTaxConfig({ TAX_RATE_PERCENT: "101" })).toThrow(/TAX_RATE_PERCENT/);
    expect(() => readTaxConfig({ TAX_RATE_PERCENT: "15" })).toThrow(/SELLER_VAT_NUMBER must be set/);
    expect(() =>
      readTaxConfig({ TAX_RATE_PERCENT: "15", CURRENCY: "SAR", SELLER_VAT_NUMBER: "300000000000004" }),
    ).toThrow(/Saudi/);
    expect(() => readTaxConfig({ SELLER_VAT_NUMBER: "AB" })).toThrow(/5 to 20/);
    expect(() => readTaxConfig({ PRICES_INCLUDE_TAX: "maybe" })).toThrow(/PRICES_INCLUDE_TAX/);
    expect(readTaxConfig({})).toMatchObject({
      rate: { basisPoints: 0 },
      pricesIncludeTax: true,
      seller: { name: "Manara", vatNumber: null },
    });
    expect(
      readTaxConfig({ TAX_RATE_PERCENT: "15", CURRENCY: "SAR", SELLER_VAT_NUMBER: VAT_NUMBER }),
    ).toMatchObject({ rate: { basisPoints: 1500 }, seller: { vatNumber: VAT_NUMBER } });
  });
});

describe("invoices issued with the order", () => {
  it("taxes a wallet purchase per line (prices include VAT) and issues a simplified invoice with its QR", async () => {
    useTax("15");
    const learner = await learnerWith(20_000);
    const outcome = await purchaseCourses(handle.db, learner.id, [c(0), c(1)]);
    if (!outcome.ok || !outcome.order) throw new Error("the purchase should write an order");
    // 11500 → net 10000, VAT 1500; 2999 → net 2608 (2607.83 half up), VAT 391.
    expect(outcome.charged).toBe(14_499);
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, outcome.order.id));
    expect(order).toMatchObject({ subtotal: 14_499, discount: 0, tax: 1_891, total: 14_499 });
    expect(order).toMatchObject({ taxRateBasisPoints: 1500, taxIncluded: true });
    const invoice = await findOrderInvoice(handle.db, outcome.order.id);
    expect(invoice).toMatchObject({
      kind: "simplified",
      currency: order?.currency,
      subtotal: 12_608,
      tax: 1_891,
      total: 14_499,
      paymentMethod: "wallet",
      orderNumber: outcome.order.number,
      seller: { name: "Manara Training", nameAr: SELLER_AR, vatNumber: VAT_NUMBER, addressAr: "الرياض" },
      buyer: { company: null, vatNumber: null, email: learner.email },
    });
    expect(invoice?.number).toMatch(new RegExp(`^INV-${YEAR}-\\d{6}$`));
    expect(invoice?.lines).toEqual([
      expect.objectContaining({ net: 10_000, tax: 1_500, gross: 11_500, taxRateBasisPoints: 1500 }),
      expect.objectContaining({ net: 2_608, tax: 391, gross: 2_999, titleAr: "دورة الفاتورة 1" }),
    ]);
    const qr = readZatcaQr(invoice?.qr ?? "");
    expect(qr.get(1)).toBe(SELLER_AR);
    expect(qr.get(2)).toBe(VAT_NUMBER);
    expect(qr.get(3)).toBe(invoice?.issuedAt.toISOString().replace(/\.\d{3}Z$/, "Z"));
    expect(qr.get(4)).toBe("144.99");
    expect(qr.get(5)).toBe("18.91");
    // The enrollment records what was paid for the course: the line's gross.
    const [enrollment] = await handle.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.userId, learner.id))
      .orderBy(enrollments.courseId)
      .limit(1);
    expect(enrollment?.pricePaid).toBe(11_500);
  });

  it("adds the VAT on top when prices exclude it, and charges the gross", async () => {
    useTax("15", "false");
    const learner = await learnerWith(20_000);
    const outcome = await purchaseCourses(handle.db, learner.id, [c(0)]);
    if (!outcome.ok || !outcome.order) throw new Error("the purchase should write an order");
    expect(outcome.charged).toBe(13_225);
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, outcome.order.id));
    expect(order).toMatchObject({ subtotal: 11_500, tax: 1_725, total: 13_225, taxIncluded: false });
    expect(await findOrderInvoice(handle.db, outcome.order.id)).toMatchObject({
      subtotal: 11_500,
      tax: 1_725,
      total: 13_225,
    });
  });

  it("issues a standard invoice to a buyer who gives a company and VAT number; refuses a malformed one", async () => {
    useTax("15");
    const learner = await learnerWith(20_000);
    const token = await bearerFor(handle.db, learner.id);
    const post = (body: unknown) =>
      runRoute<Response>(
        handle.db,
        new Request("http://localhost/api/checkout", {
          method: "POST",
          headers: { Authorization: token, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        checkoutApi as never,
      );
    const bad = await post({
      method: "wallet",
      courseIds: [c(1)],
      buyer: { company: "شركة الأفق", vatNumber: "12" },
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as Json).error.code).toBe("validation_failed");
    expect(await handle.db.$count(orders, eq(orders.userId, learner.id))).toBe(0);
    const answer = await post({
      method: "wallet",
      courseIds: [c(1)],
      buyer: { company: "شركة الأفق", vatNumber: "3001 2345 6700 003" },
    });
    expect(answer.status).toBe(201);
    const orderId = ((await answer.json()) as Json).order.id as number;
    const invoice = await call(invoiceApi, `/api/orders/${orderId}/invoice`, learner, {
      id: String(orderId),
    });
    expect(invoice.status).toBe(200);
    const json = ((await invoice.json()) as Json).invoice;
    expect(json).toEqual({
      number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
      kind: "standard",
      issuedAt: expect.any(String),
      seller: { name: "Manara Training", vatNumber: VAT_NUMBER },
      buyer: { name: "شركة الأفق", vatNumber: "300123456700003" },
      lines: [{ title: "Invoice course 1", net: 26.08, taxRate: 15, tax: 3.91, gross: 29.99 }],
      subtotal: 26.08,
      tax: 3.91,
      total: 29.99,
      currency: expect.any(String),
      qr: expect.any(String),
      pdfUrl: expect.stringMatching(new RegExp(`/api/orders/${orderId}/invoice\\.pdf$`)),
    });
  });

  it("answers the invoice and credit notes to the buyer and admins; 404 to others and for unknown ids", async () => {
    useTax("5");
    const learner = await learnerWith(20_000);
    const other = await createUser(handle.db, "user");
    const outcome = await purchaseCourses(handle.db, learner.id, [c(2)]);
    if (!outcome.ok || !outcome.order) throw new Error("the purchase should write an order");
    const id = String(outcome.order.id);
    for (const [user, status] of [
      [learner, 200],
      [admin, 200],
      [other, 404],
      [trainer, 404],
    ] as const) {
      expect((await call(invoiceApi, `/api/orders/${id}/invoice`, user, { id })).status).toBe(status);
      expect((await call(creditNotesApi, `/api/orders/${id}/credit-notes`, user, { id })).status).toBe(
        status,
      );
    }
    expect((await call(invoiceApi, "/api/orders/999999/invoice", admin, { id: "999999" })).status).toBe(404);
    expect((await call(invoiceApi, "/api/orders/x/invoice", admin, { id: "x" })).status).toBe(404);
    // 1 minor unit at 5 % inside the price: net 1, VAT 0 (0.952… rounds to 1 half up).
    const json = (
      (await (await call(invoiceApi, `/api/orders/${id}/invoice`, learner, { id })).json()) as Json
    ).invoice;
    expect(json.lines[0]).toMatchObject({ net: 0.01, tax: 0, gross: 0.01, taxRate: 5 });
  });
});

describe("credit notes", () => {
  it("a refund issues a credit note referencing the invoice, which stays byte-identical", async () => {
    useTax("15");
    const learner = await learnerWith(20_000);
    const outcome = await purchaseCourses(handle.db, learner.id, [c(0), c(1)]);
    if (!outcome.ok || !outcome.order) throw new Error("the purchase should write an order");
    const invoice = await findOrderInvoice(handle.db, outcome.order.id);
    if (!invoice) throw new Error("the order should have its invoice");
    const before = await documentRows(invoice.number);
    // The configuration changes meanwhile: the issued invoice and its credit note keep the seller it named.
    process.env.SELLER_NAME = "Someone Else";
    const [enrollment] = await handle.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.userId, learner.id))
      .orderBy(enrollments.id)
      .limit(1);
    const refund = await refundEnrollment(handle.db, admin.id, enrollment?.id ?? 0, {
      reason: "asked",
      override: false,
    });
    expect(refund).toMatchObject({ ok: true, refunded: 11_500 });
    expect(await documentRows(invoice.number)).toEqual(before);
    const id = String(outcome.order.id);
    const answer = await call(creditNotesApi, `/api/orders/${id}/credit-notes`, learner, { id });
    const { items } = (await answer.json()) as Json;
    expect(items).toEqual([
      {
        number: expect.stringMatching(new RegExp(`^CN-${YEAR}-\\d{6}$`)),
        invoiceNumber: invoice.number,
        issuedAt: expect.any(String),
        subtotal: 100,
        tax: 15,
        total: 115,
        qr: expect.any(String),
        pdfUrl: expect.stringContaining(`/api/orders/${id}/credit-notes/`),
      },
    ]);
    const note = await loadIssuedDocument(handle.db, items[0].number);
    expect(note).toMatchObject({ kind: "credit_note", seller: { name: "Manara Training" } });
    const qr = readZatcaQr(note?.qr ?? "");
    expect([qr.get(4), qr.get(5)]).toEqual(["115.00", "15.00"]);
  });

  it("refuses to change or delete an issued document", async () => {
    const [row] = await handle.db.select().from(issuedDocuments).limit(1);
    if (!row) throw new Error("a document should exist");
    await expect(
      handle.db.update(issuedDocuments).set({ total: 0 }).where(eq(issuedDocuments.id, row.id)),
    ).rejects.toThrow();
    await expect(handle.db.delete(issuedDocuments).where(eq(issuedDocuments.id, row.id))).rejects.toThrow();
    expect((await documentRows(row.number))[0]).toMatchObject({ total: row.total });
  });
});

describe("the admins' invoices", () => {
  it("lists by period and kind with totals, 422 for a bad date, 403 to others; the CSV keeps Arabic with a BOM", async () => {
    useTax("15");
    const learner = await learnerWith(20_000, "سارة العتيبي");
    const outcome = await purchaseCourses(handle.db, learner.id, [c(1)]);
    if (!outcome.ok || !outcome.order) throw new Error("the purchase should write an order");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Riyadh" }).format(new Date());
    const list = await call(
      adminInvoicesApi,
      `/api/admin/invoices?from=${today}&to=${today}&limit=100`,
      admin,
    );
    expect(list.status).toBe(200);
    const json = (await list.json()) as Json;
    expect(json.items.length).toBeGreaterThan(0);
    expect(json.items.some((item: Json) => item.buyer.name === "سارة العتيبي")).toBe(true);
    const [totals] = json.totals;
    expect(totals.invoices.gross).toBeCloseTo(totals.invoices.net + totals.invoices.tax, 6);
    expect(totals.balance.gross).toBeCloseTo(totals.invoices.gross - totals.creditNotes.gross, 6);
    const notes = (await (
      await call(adminInvoicesApi, "/api/admin/invoices?kind=credit_note", admin)
    ).json()) as Json;
    expect(notes.items.every((item: Json) => item.kind === "credit_note")).toBe(true);
    expect((await call(adminInvoicesApi, "/api/admin/invoices?from=2026-13-01", admin)).status).toBe(422);
    expect((await call(adminInvoicesApi, "/api/admin/invoices?kind=receipt", admin)).status).toBe(422);
    // Admin endpoints answer a signed-in non-admin as every /api/admin route does (requireApiRole: 403).
    for (const [handler, url] of [
      [adminInvoicesApi, "/api/admin/invoices"],
      [adminInvoicesCsvApi, "/api/admin/invoices.csv"],
    ] as const) {
      const refused = await settle(call(handler, url, learner));
      expect((refused as Response).status).toBe(403);
    }
    const csv = await call(adminInvoicesCsvApi, `/api/admin/invoices.csv?from=${today}`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toContain("سارة العتيبي");
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFnumber,kind,issued_at,date,order,invoice,buyer,buyer_email,buyer_company,buyer_vat_number,currency,net,vat,gross,payment_method",
    );
    // The future holds nothing.
    const empty = (await (
      await call(adminInvoicesApi, "/api/admin/invoices?from=2199-01-01", admin)
    ).json()) as Json;
    expect(empty).toMatchObject({ items: [], total: 0, totals: [] });
  });
});

describe("the documents reach their buyer (issue 47, items 5 and 6)", () => {
  it("the invoice and the credit note download as PDFs for their buyer only, and each is mailed once", async () => {
    useTax("15");
    const learner = await learnerWith(20_000);
    const stranger = await createUser(handle.db, "user");
    const outcome = await purchaseCourses(handle.db, learner.id, [c(1)]);
    if (!outcome.ok || !outcome.order) throw new Error("the purchase should write an order");
    const id = String(outcome.order.id);
    const invoice = await findOrderInvoice(handle.db, outcome.order.id);
    if (!invoice) throw new Error("the order should have its invoice");
    const pdf = await call(invoicePdfApi, `/api/orders/${id}/invoice.pdf`, learner, { id });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toContain(`${invoice.number}.pdf`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await call(invoicePdfApi, `/api/orders/${id}/invoice.pdf`, stranger, { id })).status).toBe(404);
    // The page's download, with the session cookie: the same stored file.
    const page = (await runRoute(
      handle.db,
      new Request(`http://localhost/account/billing/${invoice.number}/pdf`, {
        headers: { Cookie: await cookieFor(handle.db, learner.id) },
      }),
      billingPdfPage as never,
      { number: invoice.number },
    )) as Response;
    expect(Buffer.from(await page.arrayBuffer()).equals(bytes)).toBe(true);

    const [enrollment] = await handle.db.select().from(enrollments).where(eq(enrollments.userId, learner.id));
    await refundEnrollment(handle.db, admin.id, enrollment?.id ?? 0, { reason: "asked", override: false });
    const [note] = (
      await (await call(creditNotesApi, `/api/orders/${id}/credit-notes`, learner, { id })).json()
    ).items as Json[];
    const file = `${note?.number}.pdf`;
    expect(note?.pdfUrl).toContain(`/api/orders/${id}/credit-notes/${file}`);
    const notePdf = await call(creditNotePdfApi, `/api/orders/${id}/credit-notes/${file}`, learner, {
      id,
      file,
    });
    expect(notePdf.headers.get("Content-Type")).toBe("application/pdf");
    const wrong = await call(
      creditNotePdfApi,
      `/api/orders/${id}/credit-notes/${invoice.number}.pdf`,
      learner,
      {
        id,
        file: `${invoice.number}.pdf`,
      },
    );
    expect(wrong.status).toBe(404);

    // The purchase and the refund each queued one document mail; run, they send the confirmation and the
    // credit note, and running them again sends nothing more.
    const mailer = sharedTestMailer();
    expect(await drainJobs({ db: handle.db, mailer }, { queues: ["document-mail"] })).toBeGreaterThanOrEqual(
      2,
    );
    expect(await drainJobs({ db: handle.db, mailer }, { queues: ["document-mail"] })).toBe(0);
  }, 60_000);
});
