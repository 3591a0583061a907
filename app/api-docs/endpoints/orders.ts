// Orders and the checkout (app/routes/api/checkout.ts, orders.ts, order.ts, admin-orders.ts; app/orders/).
import { z } from "zod";
import { orderStatus } from "../../db/schema/orders";
import { AdminInvoiceQuery, DOCUMENT_KINDS, InvoicesCsvQuery } from "../../invoices/documents.server";
import { CheckoutInput } from "../../orders/inputs";
import { AdminOrderQuery } from "../../orders/orders.server";
import { type EndpointDoc, isoDate, json, money, ok, paged, params } from "../registry";

const OrderShape = {
  id: z.int(),
  number: z.string().describe("The number people quote, e.g. M-2026-000042"),
  status: z.enum(orderStatus.enumValues),
  method: z.enum(["wallet", "card"]),
  provider: z.enum(["moyasar", "paymob", "stripe"]).nullable(),
  currency: z.string().describe("ISO 4217 code"),
  subtotal: money,
  discount: money,
  tax: money.describe(
    "The VAT, the sum of each line's tax rounded half up; inside `total` when prices include tax (the default)",
  ),
  total: money,
  items: z.array(
    z.strictObject({
      courseId: z.int().nullable().describe("Null once the course was deleted"),
      title: z.string().describe("The course's title at the time of the order"),
      price: money.describe("The list price at the time of the order"),
    }),
  ),
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
};
const Order = z.strictObject(OrderShape);

const qr = z
  .string()
  .nullable()
  .describe(
    "The Base64 TLV text the ZATCA QR code encodes (tags 1–5); null while no seller VAT number is set",
  );

const Invoice = z.strictObject({
  number: z.string().describe("INV-2026-000001: gapless per series and year"),
  kind: z.enum(["simplified", "standard"]).describe("standard when the buyer gave a company and VAT number"),
  issuedAt: isoDate,
  seller: z.strictObject({ name: z.string(), vatNumber: z.string().nullable() }),
  buyer: z.strictObject({
    name: z.string().describe("The company for a standard invoice, else the buyer's name"),
    vatNumber: z.string().optional(),
  }),
  lines: z.array(
    z.strictObject({
      title: z.string(),
      net: money,
      taxRate: z.number().describe("Percent: 15 is 15 %"),
      tax: money,
      gross: money,
    }),
  ),
  subtotal: money.describe("The net: the lines' net summed"),
  tax: money,
  total: money.describe("With VAT: what the buyer paid"),
  currency: z.string().describe("ISO 4217 code"),
  qr,
  pdfUrl: z.url(),
});

const CreditNote = z.strictObject({
  number: z.string().describe("CN-2026-000001: its own gapless series"),
  invoiceNumber: z.string(),
  issuedAt: isoDate,
  subtotal: money,
  tax: money,
  total: money,
  qr,
  pdfUrl: z.url(),
});

const totals = z.strictObject({ net: money, tax: money, gross: money });
const AdminDocument = z.strictObject({
  number: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  orderId: z.int().nullable(),
  orderNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable().describe("A credit note's invoice"),
  issuedAt: isoDate,
  buyer: z.strictObject({
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    vatNumber: z.string().nullable(),
  }),
  currency: z.string(),
  subtotal: money,
  tax: money,
  total: money,
  qr,
});
const AdminOrder = z.strictObject({
  ...OrderShape,
  userId: z.uuid(),
  userName: z.string(),
  userEmail: z.string(),
  flagged: z
    .boolean()
    .describe("Waits for an admin's look: paid twice, or with an amount or currency not the order's"),
});

export const orderEndpoints: EndpointDoc[] = [
  {
    method: "post",
    route: "api/checkout",
    tag: "Enrollment",
    summary: "Check out the cart or a list of courses",
    description:
      'Without `courseIds`, the caller\'s cart. `method: "wallet"` pays from the wallet and answers the order ' +
      'already paid, the courses enrolled in the same transaction. `method: "card"` writes the order pending ' +
      "and answers `redirectUrl`, the provider's hosted page (`provider` picks one of those that are on; the " +
      "first otherwise): the order becomes paid, and the courses open, once the provider's API confirms the " +
      "exact amount and currency. 422 `provider_unavailable` while no card provider takes orders (or the one " +
      "named is off), 502 `provider_error` when the provider does not open a payment. 409 `nothing_to_buy` " +
      "when every course is owned already (no order is written), 409 `insufficient_funds` when the wallet is short.",
    auth: "user",
    body: json(CheckoutInput),
    responses: {
      201: ok(
        "The order; for a card, pending, with the page to pay it on",
        z.strictObject({
          order: Order,
          redirectUrl: z.url().optional().describe("Card checkouts only: send the buyer there"),
        }),
      ),
    },
    errors: [
      [404, "course_unavailable"],
      [409, "nothing_to_buy"],
      [409, "insufficient_funds"],
      [422, "provider_unavailable"],
      [502, "provider_error"],
    ],
  },
  {
    method: "get",
    route: "api/orders",
    tag: "Enrollment",
    summary: "The caller's orders, newest first",
    auth: "user",
    responses: { 200: ok("Orders", z.strictObject({ items: z.array(Order) })) },
  },
  {
    method: "get",
    route: "api/orders/:id",
    tag: "Enrollment",
    summary: "One order",
    description: "Its buyer and admins only; to anyone else it is a 404.",
    auth: "user",
    params: params("id"),
    responses: { 200: ok("The order", z.strictObject({ order: Order })) },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/admin/orders",
    tag: "Admin",
    summary: "Every order, newest first",
    description:
      "`status`, `userId` and `flagged` (`true`: only flagged orders) filter. `limit` is 50 unless given, at most 100.",
    auth: "admin",
    query: AdminOrderQuery,
    responses: { 200: ok("A page of orders", paged(AdminOrder)) },
  },
  {
    method: "get",
    route: "api/orders/:id/invoice",
    tag: "Enrollment",
    summary: "The order's tax invoice",
    description:
      "Issued in the transaction that marked the order paid, and never changed after. Its buyer and admins " +
      "only; to anyone else, and for an order without an invoice (unpaid, or paid before invoices), a 404.",
    auth: "user",
    params: params("id"),
    responses: { 200: ok("The invoice", z.strictObject({ invoice: Invoice })) },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/orders/:id/invoice.pdf",
    tag: "Enrollment",
    summary: "The order's tax invoice as a PDF",
    description:
      "The bilingual PDF with its ZATCA QR code, the same file the confirmation mail attached (rendered once " +
      "and stored). Its buyer and admins only; 404 to anyone else and for an order without an invoice.",
    auth: "user",
    params: params("id"),
    responses: { 200: { description: "The PDF", contentType: "application/pdf" } },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/orders/:id/credit-notes/:file",
    tag: "Enrollment",
    summary: "One of the order's credit notes as a PDF",
    description:
      "`file` is the credit note's number with `.pdf` (CN-2026-000001.pdf), as each item's `pdfUrl` says; " +
      "the same file the refund mail attached. Its buyer and admins only; 404 otherwise.",
    auth: "user",
    params: params("id").extend({ file: z.string().regex(/^CN-\d{4}-\d{6,10}\.pdf$/) }),
    responses: { 200: { description: "The PDF", contentType: "application/pdf" } },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/orders/:id/credit-notes",
    tag: "Enrollment",
    summary: "The order's credit notes, oldest first",
    description:
      "One per refund, each referencing the invoice. Its buyer and admins only; 404 to anyone else.",
    auth: "user",
    params: params("id"),
    responses: { 200: ok("Credit notes", z.strictObject({ items: z.array(CreditNote) })) },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/admin/invoices",
    tag: "Admin",
    summary: "Invoices and credit notes by period",
    description:
      "`from` and `to` are days (YYYY-MM-DD) in the seller's zone (Asia/Riyadh), both included; `kind` " +
      "narrows to one kind. Newest first; `totals` sums the whole period per currency: invoiced, credited " +
      "and the balance.",
    auth: "admin",
    query: AdminInvoiceQuery,
    responses: {
      200: ok(
        "A page of documents, with the period's totals",
        paged(AdminDocument).extend({
          totals: z.array(
            z.strictObject({
              currency: z.string(),
              invoices: totals,
              creditNotes: totals,
              balance: totals,
            }),
          ),
        }),
      ),
    },
  },
  {
    method: "get",
    route: "api/admin/invoices.csv",
    tag: "Admin",
    summary: "Invoices and credit notes as CSV",
    description:
      "UTF-8 with a byte-order mark and CRLF lines, for Excel; Arabic names as they are. One row per " +
      "document in the period, oldest first, amounts positive with the currency's digits; at most 50,000 rows.",
    auth: "admin",
    query: InvoicesCsvQuery,
    responses: { 200: { description: "The CSV file", contentType: "text/csv" } },
  },
];
