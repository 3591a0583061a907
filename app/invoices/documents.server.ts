// Reading issued documents (issue 47): one as it is printed (IssuedDocument, for the renderers), an order's
// invoice and credit notes for the API, a learner's documents for the Billing page, and the admins' list by
// period with its totals and CSV export. Documents are read from what was stored at issue, never rebuilt.
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { publicOrigin } from "../config.server";
import type { Database, Queryable } from "../db/client.server";
import { type IssuedDocumentRow, issuedDocuments, type StoredDocument } from "../db/schema";
import { csvDocument, withinYears } from "../leads/policy";
import { toAmountText, toCurrencyUnits } from "../lib/money";
import { queryInteger } from "../lib/validation";
import { INVOICE_TIME_ZONE } from "./dates";
import type { IssuedDocument } from "./document";

/** The stored form: the document as JSON, its date as ISO text. */
export function toStoredDocument(document: IssuedDocument): StoredDocument {
  return { ...document, issuedAt: document.issuedAt.toISOString() };
}

export function fromStoredDocument(stored: StoredDocument): IssuedDocument {
  const document = stored as unknown as Omit<IssuedDocument, "issuedAt"> & { issuedAt: string };
  return { ...document, issuedAt: new Date(document.issuedAt) };
}

const INVOICE_KINDS = ["standard", "simplified"] as const;

/** One document by its printed number, or null. */
export async function loadIssuedDocument(db: Queryable, number: string): Promise<IssuedDocument | null> {
  const [row] = await db
    .select({ document: issuedDocuments.document })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.number, number));
  return row ? fromStoredDocument(row.document) : null;
}

/** One document's row (its owner and order with it), by its printed number, or null. */
export async function findIssuedDocument(db: Queryable, number: string): Promise<IssuedDocumentRow | null> {
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.number, number));
  return row ?? null;
}

/** The order's invoice, or null (unpaid, or paid before invoices existed). */
export async function findOrderInvoice(db: Queryable, orderId: number): Promise<IssuedDocument | null> {
  const [row] = await db
    .select({ document: issuedDocuments.document })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.orderId, orderId), inArray(issuedDocuments.kind, [...INVOICE_KINDS])));
  return row ? fromStoredDocument(row.document) : null;
}

/** The order's credit notes, oldest first. */
export async function listOrderCreditNotes(db: Queryable, orderId: number): Promise<IssuedDocument[]> {
  const rows = await db
    .select({ document: issuedDocuments.document })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.orderId, orderId), eq(issuedDocuments.kind, "credit_note")))
    .orderBy(asc(issuedDocuments.issuedAt), asc(issuedDocuments.id));
  return rows.map((row) => fromStoredDocument(row.document));
}

export type BillingDocument = IssuedDocument & { orderId: number | null };

/** A learner's invoices, credit notes and receipts, newest first (the Billing page). */
export async function listUserDocuments(
  db: Database,
  userId: string,
  limit = 200,
): Promise<BillingDocument[]> {
  const rows = await db
    .select({ document: issuedDocuments.document, orderId: issuedDocuments.orderId })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.userId, userId))
    .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id))
    .limit(limit);
  return rows.map((row) => ({ ...fromStoredDocument(row.document), orderId: row.orderId }));
}

/** Where a document's PDF is fetched (the renderer's route arrives with the PDF work of issue 47). */
export function invoicePdfUrl(orderId: number): string {
  return `${publicOrigin()}/api/orders/${orderId}/invoice.pdf`;
}

/** `GET /api/orders/:id/invoice`'s `invoice`: amounts as numbers in currency units, the rate in percent. */
export function invoiceJson(document: IssuedDocument, orderId: number) {
  const units = (minor: number) => toCurrencyUnits(minor, document.currency);
  return {
    number: document.number,
    kind: document.kind === "standard" ? ("standard" as const) : ("simplified" as const),
    issuedAt: document.issuedAt.toISOString(),
    seller: { name: document.seller.name, vatNumber: document.seller.vatNumber },
    buyer: {
      name: document.buyer.company ?? document.buyer.name,
      ...(document.buyer.vatNumber ? { vatNumber: document.buyer.vatNumber } : {}),
    },
    lines: document.lines.map((line) => ({
      title: line.title,
      net: units(line.net),
      taxRate: line.taxRateBasisPoints / 100,
      tax: units(line.tax),
      gross: units(line.gross),
    })),
    subtotal: units(document.subtotal),
    tax: units(document.tax),
    total: units(document.total),
    currency: document.currency,
    qr: document.qr,
    pdfUrl: invoicePdfUrl(orderId),
  };
}

/**
 * One item of `GET /api/orders/:id/credit-notes`. Its pdfUrl is the credit note's own document under the
 * order (`/api/orders/:id/credit-notes/:number.pdf`), wired with the PDF renderer.
 */
export function creditNoteJson(document: IssuedDocument, orderId: number) {
  const units = (minor: number) => toCurrencyUnits(minor, document.currency);
  return {
    number: document.number,
    invoiceNumber: document.invoiceNumber ?? "",
    issuedAt: document.issuedAt.toISOString(),
    subtotal: units(document.subtotal),
    tax: units(document.tax),
    total: units(document.total),
    qr: document.qr,
    pdfUrl: `${publicOrigin()}/api/orders/${orderId}/credit-notes/${document.number}.pdf`,
  };
}

/** A learner's receipts for wallet top-ups, newest first (`GET /api/wallet/receipts`). */
export async function listUserReceipts(
  db: Queryable,
  userId: string,
  limit = 200,
): Promise<IssuedDocument[]> {
  const rows = await db
    .select({ document: issuedDocuments.document })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.userId, userId), eq(issuedDocuments.kind, "receipt")))
    .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id))
    .limit(limit);
  return rows.map((row) => fromStoredDocument(row.document));
}

/** `GET /api/wallet/receipts/:file`'s file: a receipt's number with `.pdf`, parsed to the number. */
export const ReceiptFile = z
  .string()
  .regex(/^RCT-\d{4}-\d{6,10}\.pdf$/)
  .transform((file) => file.slice(0, -".pdf".length));

/** One of the learner's own receipts by its number, or null (someone else's, or none). */
export async function findUserReceipt(
  db: Queryable,
  userId: string,
  number: string,
): Promise<IssuedDocument | null> {
  const [row] = await db
    .select({ document: issuedDocuments.document })
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.number, number),
        eq(issuedDocuments.kind, "receipt"),
        eq(issuedDocuments.userId, userId),
      ),
    );
  return row ? fromStoredDocument(row.document) : null;
}

/** Where a receipt's PDF is fetched with a Bearer token: `PUBLIC_URL/api/wallet/receipts/<number>.pdf`. */
export function receiptPdfUrl(number: string): string {
  return `${publicOrigin()}/api/wallet/receipts/${number}.pdf`;
}

/** One item of `GET /api/wallet/receipts`: the amount in currency units, how it was paid. */
export function receiptJson(document: IssuedDocument) {
  return {
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    amount: toCurrencyUnits(document.total, document.currency),
    currency: document.currency,
    method: document.paymentMethod === "card" ? ("card" as const) : ("transfer" as const),
    pdfUrl: receiptPdfUrl(document.number),
  };
}

/** The tax documents the admins' list and the accountant's export hold: a top-up's receipt is not a sale. */
export const DOCUMENT_KINDS = ["standard", "simplified", "credit_note"] as const;

/** `GET /api/admin/invoices?from&to&kind&limit&offset` and the admin page: days are the seller's (Riyadh). */
export const AdminInvoiceQuery = z.object({
  from: z.iso
    .date({ error: "invoices.errors.date" })
    .refine(withinYears, { error: "invoices.errors.date" })
    .optional(),
  to: z.iso
    .date({ error: "invoices.errors.date" })
    .refine(withinYears, { error: "invoices.errors.date" })
    .optional(),
  kind: z.enum(DOCUMENT_KINDS, { error: "invoices.errors.kind" }).optional(),
  limit: queryInteger(1, 100).default(50),
  offset: queryInteger(0, 1_000_000).default(0),
});
export type AdminInvoiceQuery = z.infer<typeof AdminInvoiceQuery>;

/** `GET /api/admin/invoices.csv?from&to`: the period only (every kind, every row up to the limit). */
export const InvoicesCsvQuery = AdminInvoiceQuery.pick({ from: true, to: true });

/** The start of a day in the seller's zone (Asia/Riyadh is UTC+3 all year, with no daylight saving). */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

function periodWhere({ from, to, kind }: Pick<AdminInvoiceQuery, "from" | "to" | "kind">) {
  return and(
    from ? gte(issuedDocuments.issuedAt, dayStart(from)) : undefined,
    to ? lt(issuedDocuments.issuedAt, new Date(dayStart(to).getTime() + 86_400_000)) : undefined,
    kind ? eq(issuedDocuments.kind, kind) : inArray(issuedDocuments.kind, [...DOCUMENT_KINDS]),
  );
}

export type Totals = { net: number; tax: number; gross: number };
export type PeriodTotals = { currency: string; invoices: Totals; creditNotes: Totals };

/** The admins' list, newest first, with the period's totals per currency (invoices and credit notes apart). */
export async function listDocumentsForAdmin(
  db: Database,
  query: AdminInvoiceQuery,
): Promise<{
  items: (IssuedDocument & { orderId: number | null })[];
  total: number;
  totals: PeriodTotals[];
}> {
  const where = periodWhere(query);
  const [rows, [counted], sums] = await Promise.all([
    db
      .select({ document: issuedDocuments.document, orderId: issuedDocuments.orderId })
      .from(issuedDocuments)
      .where(where)
      .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(issuedDocuments).where(where),
    db
      .select({
        currency: issuedDocuments.currency,
        credit: sql<boolean>`${issuedDocuments.kind} = 'credit_note'`,
        net: sql<number>`coalesce(sum(${issuedDocuments.subtotal}), 0)::bigint`,
        tax: sql<number>`coalesce(sum(${issuedDocuments.tax}), 0)::bigint`,
        gross: sql<number>`coalesce(sum(${issuedDocuments.total}), 0)::bigint`,
      })
      .from(issuedDocuments)
      .where(where)
      .groupBy(issuedDocuments.currency, sql`2`),
  ]);
  const byCurrency = new Map<string, PeriodTotals>();
  const zero = (): Totals => ({ net: 0, tax: 0, gross: 0 });
  for (const sum of sums) {
    const entry = byCurrency.get(sum.currency) ?? {
      currency: sum.currency,
      invoices: zero(),
      creditNotes: zero(),
    };
    entry[sum.credit ? "creditNotes" : "invoices"] = {
      net: Number(sum.net),
      tax: Number(sum.tax),
      gross: Number(sum.gross),
    };
    byCurrency.set(sum.currency, entry);
  }
  return {
    items: rows.map((row) => ({ ...fromStoredDocument(row.document), orderId: row.orderId })),
    total: Number(counted?.n ?? 0),
    totals: [...byCurrency.values()],
  };
}

/** The most rows one CSV export holds. */
export const INVOICES_CSV_LIMIT = 50_000;

/** The seller's calendar day of an instant, as YYYY-MM-DD. */
function sellerDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: INVOICE_TIME_ZONE }).format(at);
}

/**
 * The accountant's export: one row per invoice or credit note in the period, oldest first, UTF-8 with a BOM
 * and CRLF lines (Excel opens Arabic names as they are). Amounts are positive with the currency's digits;
 * the `kind` column says which rows are credit notes.
 */
export async function invoicesCsv(
  db: Database,
  query: Pick<AdminInvoiceQuery, "from" | "to">,
): Promise<string> {
  const rows = await db
    .select({ document: issuedDocuments.document })
    .from(issuedDocuments)
    .where(periodWhere(query))
    .orderBy(asc(issuedDocuments.issuedAt), asc(issuedDocuments.id))
    .limit(INVOICES_CSV_LIMIT);
  const header = [
    "number",
    "kind",
    "issued_at",
    "date",
    "order",
    "invoice",
    "buyer",
    "buyer_email",
    "buyer_company",
    "buyer_vat_number",
    "currency",
    "net",
    "vat",
    "gross",
    "payment_method",
  ];
  return csvDocument([
    header,
    ...rows.map(({ document: stored }) => {
      const document = fromStoredDocument(stored);
      const amount = (minor: number) => toAmountText(minor, document.currency);
      return [
        document.number,
        document.kind,
        document.issuedAt.toISOString(),
        sellerDay(document.issuedAt),
        document.orderNumber,
        document.invoiceNumber,
        document.buyer.name,
        document.buyer.email,
        document.buyer.company,
        document.buyer.vatNumber,
        document.currency,
        amount(document.subtotal),
        amount(document.tax),
        amount(document.total),
        document.paymentMethod,
      ];
    }),
  ]);
}

/** One row of `GET /api/admin/invoices`: amounts as numbers in currency units. */
export function adminDocumentJson(document: IssuedDocument & { orderId: number | null }) {
  const units = (minor: number) => toCurrencyUnits(minor, document.currency);
  return {
    number: document.number,
    kind: document.kind,
    orderId: document.orderId,
    orderNumber: document.orderNumber,
    invoiceNumber: document.invoiceNumber,
    issuedAt: document.issuedAt.toISOString(),
    buyer: {
      name: document.buyer.name,
      email: document.buyer.email,
      company: document.buyer.company,
      vatNumber: document.buyer.vatNumber,
    },
    currency: document.currency,
    subtotal: units(document.subtotal),
    tax: units(document.tax),
    total: units(document.total),
    qr: document.qr,
  };
}

/** A period's totals in currency units: invoiced, credited, and invoiced less credited. */
export function periodTotalsJson(totals: PeriodTotals) {
  const units = (minor: number) => toCurrencyUnits(minor, totals.currency);
  const json = (sums: Totals) => ({ net: units(sums.net), tax: units(sums.tax), gross: units(sums.gross) });
  return {
    currency: totals.currency,
    invoices: json(totals.invoices),
    creditNotes: json(totals.creditNotes),
    balance: json(balanceOf(totals)),
  };
}

/** Invoiced less credited, in minor units. */
export function balanceOf(totals: PeriodTotals): Totals {
  return {
    net: totals.invoices.net - totals.creditNotes.net,
    tax: totals.invoices.tax - totals.creditNotes.tax,
    gross: totals.invoices.gross - totals.creditNotes.gross,
  };
}

/** The CSV as a download named after the day it was made. */
export function invoicesCsvResponse(csv: string, now = new Date()): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="invoices-${now.toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
