// Issuing tax documents (issue 47, items 2–4): an order's invoice in the transaction that marks it paid,
// a refund's credit note in the transaction that gives the money back, and a wallet top-up's receipt in the
// transaction that credits the wallet. Each takes its number from the series' counter row for the year,
// locked by the upsert until the transaction ends, so numbers are contiguous under parallel purchases and a
// transaction that rolls back takes its number back with it. The counter is the last thing each transaction
// locks (after the wallet, the order, the enrollment or the top-up), so no two transactions wait for each
// other in a circle. What the document prints is stored with it, once.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import ar from "../../locales/ar/invoices.json";
import en from "../../locales/en/invoices.json";
import { readConfig } from "../config.server";
import type { Queryable } from "../db/client.server";
import { documentCounters, issuedDocuments, orderItems, orders, users, walletLedger } from "../db/schema";
import { toAmountText } from "../lib/money";
import { orderNumber } from "../orders/policy";
import { taxConfig } from "./config.server";
import { INVOICE_TIME_ZONE } from "./dates";
import type { IssuedDocument, IssuedDocumentLine } from "./document";
import { fromStoredDocument, toStoredDocument } from "./documents.server";
import { INVOICE_SERIES, type InvoiceSeries, invoiceNumber } from "./numbering";
import { type TaxedLine, taxLine, taxOrderItems } from "./tax";
import { zatcaQrPayload } from "./zatca-qr";

/** The year a document is numbered in: the seller's year (Asia/Riyadh), as its printed date. */
export function documentYear(at: Date): number {
  return Number(new Intl.DateTimeFormat("en", { year: "numeric", timeZone: INVOICE_TIME_ZONE }).format(at));
}

/**
 * The next number of a series in a year. The upsert locks the counter's row until the transaction ends: a
 * parallel issuer waits, then takes the following number; a rollback undoes the increment, so no gap.
 */
export async function takeDocumentNumber(
  tx: Queryable,
  series: InvoiceSeries,
  year: number,
): Promise<{ sequence: number; number: string }> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series: INVOICE_SERIES[series], year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  if (!row) throw new Error("takeDocumentNumber: the counter returned no row");
  return { sequence: row.last, number: invoiceNumber(series, year, row.last) };
}

/**
 * The ZATCA QR payload (tags 1–5) of an invoice or a credit note, or null when no VAT number is configured
 * (no tax invoice then, and a QR code without tag 2 would be refused by any reader). The seller's name is
 * the Arabic one when set: ZATCA wants the name as registered, which in Saudi Arabia is the Arabic one.
 */
export function documentQr(
  document: Pick<IssuedDocument, "seller" | "issuedAt" | "total" | "tax" | "currency">,
) {
  if (!document.seller.vatNumber) return null;
  return zatcaQrPayload({
    sellerName: document.seller.nameAr ?? document.seller.name,
    vatNumber: document.seller.vatNumber,
    issuedAt: document.issuedAt,
    total: toAmountText(document.total, document.currency),
    vat: toAmountText(document.tax, document.currency),
  });
}

/** Whole seconds: the QR code's timestamp has none smaller, and the stored time must be the same instant. */
function toSecond(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 1000) * 1000);
}

function line(item: { title: string; titleAr: string | null }, taxed: TaxedLine, basisPoints: number) {
  return {
    title: item.title,
    titleAr: item.titleAr,
    net: taxed.net,
    taxRateBasisPoints: basisPoints,
    tax: taxed.tax,
    gross: taxed.gross,
  } satisfies IssuedDocumentLine;
}

async function insertDocument(
  tx: Queryable,
  document: IssuedDocument,
  refs: {
    series: InvoiceSeries;
    sequence: number;
    year: number;
    orderId: number | null;
    userId: string | null;
    invoiceId: number | null;
    walletLedgerEntryId?: number | null;
  },
) {
  const [row] = await tx
    .insert(issuedDocuments)
    .values({
      kind: document.kind,
      series: INVOICE_SERIES[refs.series],
      year: refs.year,
      sequence: refs.sequence,
      number: document.number,
      orderId: refs.orderId,
      userId: refs.userId,
      invoiceId: refs.invoiceId,
      walletLedgerEntryId: refs.walletLedgerEntryId ?? null,
      issuedAt: document.issuedAt,
      currency: document.currency,
      subtotal: document.subtotal,
      tax: document.tax,
      total: document.total,
      document: toStoredDocument(document),
    })
    .returning({ id: issuedDocuments.id });
  if (!row) throw new Error("insertDocument: the insert returned no row");
  return row.id;
}

/**
 * The order's invoice, issued inside the transaction that marks it paid, with the order row locked by the
 * caller: a simplified tax invoice, or a standard one when the buyer gave a company and a VAT number.
 * Lines are taxed again from the order's items with the rate stored on the order, which gives the order's
 * own figures (checked: a difference is a bug and rolls the payment back). Called twice for one order, it
 * returns the invoice already issued; the unique index refuses a second one in any case.
 */
export async function issueInvoiceForOrder(
  tx: Queryable,
  orderId: number,
  now: Date = new Date(),
): Promise<IssuedDocument> {
  const [existing] = await tx
    .select({ document: issuedDocuments.document })
    .from(issuedDocuments)
    .where(
      and(eq(issuedDocuments.orderId, orderId), inArray(issuedDocuments.kind, ["standard", "simplified"])),
    );
  if (existing) return fromStoredDocument(existing.document);
  const [found] = await tx
    .select({ order: orders, name: users.name, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!found) throw new Error(`issueInvoiceForOrder: no order ${orderId}`);
  const { order } = found;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const rate = { basisPoints: order.taxRateBasisPoints };
  const taxed = taxOrderItems(items, rate, order.taxIncluded);
  if (taxed.tax !== order.tax || taxed.total !== order.total)
    throw new Error(`issueInvoiceForOrder: order ${orderId}'s lines do not add up to its totals`);
  const issuedAt = toSecond(now);
  const year = documentYear(issuedAt);
  const { seller } = taxConfig();
  const standard = Boolean(order.buyerCompany && order.buyerVatNumber);
  // The lines first and the number last: the counter's lock is held for as short a time as can be.
  const lines = items.map((item, index) => line(item, taxed.lines[index] as TaxedLine, rate.basisPoints));
  const { sequence, number } = await takeDocumentNumber(tx, "invoice", year);
  const document: IssuedDocument = {
    kind: standard ? "standard" : "simplified",
    number,
    issuedAt,
    currency: order.currency,
    seller,
    buyer: {
      name: found.name,
      email: found.email,
      company: order.buyerCompany,
      vatNumber: order.buyerVatNumber,
    },
    lines,
    subtotal: taxed.net,
    tax: taxed.tax,
    total: taxed.total,
    paymentMethod: order.method,
    provider: order.provider,
    orderNumber: orderNumber(order.id, order.createdAt),
    invoiceNumber: null,
    qr: null,
  };
  document.qr = documentQr(document);
  await insertDocument(tx, document, {
    series: "invoice",
    sequence,
    year,
    orderId,
    userId: order.userId,
    invoiceId: null,
  });
  return document;
}

/**
 * A refund's credit note, in the refund's transaction: the refunded item's line as the invoice taxed it
 * (a partial amount is taxed as a price that includes the order's rate), referencing the order's invoice,
 * with its own number in the CN series and its own QR code. The seller and buyer are the invoice's. An
 * order without an invoice (bought before invoices existed) gets none: null.
 */
export async function issueCreditNoteForRefund(
  tx: Queryable,
  input: { orderId: number; orderItemId: number; amount: number; now?: Date },
): Promise<IssuedDocument | null> {
  const [invoice] = await tx
    .select({ id: issuedDocuments.id, document: issuedDocuments.document, userId: issuedDocuments.userId })
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.orderId, input.orderId),
        inArray(issuedDocuments.kind, ["standard", "simplified"]),
      ),
    );
  if (!invoice) return null;
  const [found] = await tx
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, input.orderItemId), eq(orderItems.orderId, input.orderId)));
  if (!found) throw new Error(`issueCreditNoteForRefund: no item ${input.orderItemId} in ${input.orderId}`);
  const { item, order } = found;
  const rate = { basisPoints: order.taxRateBasisPoints };
  const invoiced = taxLine(item.price - item.discount, rate, order.taxIncluded);
  const taxed = input.amount === invoiced.gross ? invoiced : taxLine(input.amount, rate, true);
  if (taxed.gross <= 0) return null;
  const of = fromStoredDocument(invoice.document);
  const issuedAt = toSecond(input.now ?? new Date());
  const year = documentYear(issuedAt);
  const { sequence, number } = await takeDocumentNumber(tx, "creditNote", year);
  const document: IssuedDocument = {
    kind: "credit_note",
    number,
    issuedAt,
    currency: of.currency,
    seller: of.seller,
    buyer: of.buyer,
    lines: [line(item, taxed, rate.basisPoints)],
    subtotal: taxed.net,
    tax: taxed.tax,
    total: taxed.gross,
    paymentMethod: of.paymentMethod,
    provider: of.provider,
    orderNumber: of.orderNumber,
    invoiceNumber: of.number,
    qr: null,
  };
  document.qr = documentQr(document);
  await insertDocument(tx, document, {
    series: "creditNote",
    sequence,
    year,
    orderId: input.orderId,
    userId: invoice.userId,
    invoiceId: invoice.id,
  });
  return document;
}

/** The ledger kinds a receipt acknowledges, and how each was paid: a bank transfer, or a card through Stripe. */
const TOP_UP_PAYMENT = {
  top_up: { paymentMethod: "transfer", provider: null },
  card_top_up: { paymentMethod: "card", provider: "stripe" },
} as const;

/**
 * A wallet top-up's receipt (issue 47, item 4), in the transaction that credits the wallet, after the credit:
 * a top-up is not a sale, so no VAT and no QR code (subtotal = total = the amount), and its own RCT series.
 * It acknowledges one ledger credit of kind `top_up` (a bank transfer an admin approved; `reference` is the
 * one the learner gave) or `card_top_up` (a card payment through Stripe); anything else is refused. The
 * payer is the wallet's owner, as an invoice's buyer. Called twice for one credit, it returns the receipt
 * already issued; the partial unique index refuses a second one in any case. The number is taken last.
 */
export async function issueReceiptForTopUp(
  tx: Queryable,
  input: { ledgerEntryId: number; reference?: string | null; now?: Date },
): Promise<IssuedDocument> {
  const [existing] = await tx
    .select({ document: issuedDocuments.document })
    .from(issuedDocuments)
    .where(
      and(eq(issuedDocuments.walletLedgerEntryId, input.ledgerEntryId), eq(issuedDocuments.kind, "receipt")),
    );
  if (existing) return fromStoredDocument(existing.document);
  const [found] = await tx
    .select({ entry: walletLedger, name: users.name, email: users.email })
    .from(walletLedger)
    .innerJoin(users, eq(users.id, walletLedger.userId))
    .where(eq(walletLedger.id, input.ledgerEntryId));
  if (!found) throw new Error(`issueReceiptForTopUp: no ledger entry ${input.ledgerEntryId}`);
  const { entry } = found;
  if ((entry.kind !== "top_up" && entry.kind !== "card_top_up") || entry.amount <= 0)
    throw new RangeError(`issueReceiptForTopUp: ledger entry ${entry.id} is not a top-up (${entry.kind})`);
  const payment = TOP_UP_PAYMENT[entry.kind];
  const issuedAt = toSecond(input.now ?? new Date());
  const year = documentYear(issuedAt);
  const { seller } = taxConfig();
  const lines: IssuedDocumentLine[] = [
    {
      title: en.document.topUpLine,
      titleAr: ar.document.topUpLine,
      net: entry.amount,
      taxRateBasisPoints: 0,
      tax: 0,
      gross: entry.amount,
    },
  ];
  const { sequence, number } = await takeDocumentNumber(tx, "receipt", year);
  const document: IssuedDocument = {
    kind: "receipt",
    number,
    issuedAt,
    currency: readConfig().currency,
    seller,
    buyer: { name: found.name, email: found.email, company: null, vatNumber: null },
    lines,
    subtotal: entry.amount,
    tax: 0,
    total: entry.amount,
    paymentMethod: payment.paymentMethod,
    provider: payment.provider,
    paymentReference: payment.paymentMethod === "transfer" ? (input.reference ?? null) : null,
    orderNumber: null,
    invoiceNumber: null,
    qr: null,
  };
  await insertDocument(tx, document, {
    series: "receipt",
    sequence,
    year,
    orderId: null,
    userId: entry.userId,
    invoiceId: null,
    walletLedgerEntryId: entry.id,
  });
  return document;
}
