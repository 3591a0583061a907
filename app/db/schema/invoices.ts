// Issued tax documents (issue 47): tax invoices, simplified tax invoices, credit notes and wallet top-ups'
// receipts, each written once in the transaction that makes it true (an order paid, a refund given, a wallet
// credited for a top-up) and never changed after: a trigger refuses UPDATE and DELETE (decision 072).
// `document` holds everything the document prints, as it was at issue (seller, buyer, lines, totals, QR),
// so a later change of configuration or of a course's title leaves it as issued. Numbers are gapless per series and year, taken from `document_counters` under its
// row lock. Amounts are integer minor units of `currency`.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const issuedDocumentKind = pgEnum("issued_document_kind", [
  "standard",
  "simplified",
  "credit_note",
  "receipt",
]);

/** The stored form of app/invoices/document.ts's IssuedDocument: dates as ISO text. */
export type StoredDocument = Record<string, unknown>;

export const issuedDocuments = pgTable(
  "issued_documents",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: issuedDocumentKind("kind").notNull(),
    /** INV, CN, RCT (app/invoices/numbering.ts). */
    series: text("series").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** As printed: INV-2026-000001. */
    number: text("number").notNull().unique("issued_documents_number_key"),
    /**
     * The order it belongs to, and its buyer. No foreign keys: a document outlives its order and its buyer's
     * account (tax law keeps it for years), and it carries their names itself.
     */
    orderId: integer("order_id"),
    userId: uuid("user_id"),
    /** A credit note's invoice. */
    invoiceId: integer("invoice_id"),
    /**
     * A receipt's top-up: the wallet ledger's credit it acknowledges (wallet_ledger.id). No foreign key, as
     * for the order: the ledger's rows go with a deleted account, the receipt stays.
     */
    walletLedgerEntryId: integer("wallet_ledger_entry_id"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    currency: text("currency").notNull(),
    subtotal: integer("subtotal").notNull(),
    tax: integer("tax").notNull(),
    total: integer("total").notNull(),
    document: jsonb("document").$type<StoredDocument>().notNull(),
  },
  (table) => [
    uniqueIndex("issued_documents_series_sequence_key").on(table.series, table.year, table.sequence),
    // Exactly one invoice per order, whichever path marks it paid.
    uniqueIndex("issued_documents_one_invoice_per_order")
      .on(table.orderId)
      .where(sql`${table.kind} in ('standard', 'simplified')`),
    // Exactly one receipt per top-up, whichever path (an approved transfer, a card payment) credits it.
    uniqueIndex("issued_documents_one_receipt_per_top_up")
      .on(table.walletLedgerEntryId)
      .where(sql`${table.kind} = 'receipt'`),
    index("issued_documents_user_idx").on(table.userId, table.issuedAt),
    index("issued_documents_issued_idx").on(table.issuedAt),
    index("issued_documents_invoice_idx").on(table.invoiceId),
    check(
      "issued_documents_amounts_valid",
      sql`${table.subtotal} >= 0 and ${table.tax} >= 0 and ${table.total} = ${table.subtotal} + ${table.tax} and ${table.sequence} >= 1`,
    ),
  ],
);

/** The last number taken in each series and year; its row is the lock that keeps the numbers gapless. */
export const documentCounters = pgTable(
  "document_counters",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
);

export type IssuedDocumentRow = typeof issuedDocuments.$inferSelect;
