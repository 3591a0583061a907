// The caller's wallet: history, top-up requests, where to transfer and the top-ups' receipts
// (app/routes/api/account-ledger.ts, wallet-top-up.ts, wallet-bank-transfer.ts, wallet-receipts.ts,
// wallet-receipt-pdf.ts).
import { z } from "zod";
import { ListQuery } from "../../lib/list-query";
import { TopUpInput } from "../../wallet/top-ups.server";
import { type EndpointDoc, isoDate, json, money, ok, textParams } from "../registry";

export const TopUpRequest = z.strictObject({
  id: z.int(),
  amount: money,
  reference: z.string().nullable(),
  /** What the learner writes on the transfer, so the admin can match it to this request. */
  transferReference: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  rejectReason: z.string().nullable(),
  createdAt: isoDate,
  reviewedAt: isoDate.nullable(),
});

/** Where to send a transfer: the learner's view, instructions in the Accept-Language language. */
export const BankTransfer = z.strictObject({
  bankName: z.string(),
  accountHolder: z.string(),
  iban: z.string(),
  swift: z.string().nullable(),
  instructions: z.string().nullable(),
  updatedAt: isoDate,
});

/** A wallet top-up's receipt (issue 47, item 4): not a tax invoice, so no VAT and no QR code. */
const Receipt = z.strictObject({
  number: z.string().describe("RCT-2026-000001: its own gapless series"),
  issuedAt: isoDate,
  amount: money,
  currency: z.string(),
  method: z.enum(["transfer", "card"]).describe("A bank transfer an admin approved, or a card payment"),
  pdfUrl: z.url(),
});

const LedgerLine = z.strictObject({
  id: z.int(),
  kind: z.enum(["credit", "purchase", "refund", "top_up", "card_top_up"]),
  amount: money,
  balanceAfter: money,
  reason: z.string().nullable(),
  course: z.strictObject({ id: z.int(), title: z.string() }).nullable(),
  createdAt: isoDate,
});

export const accountEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/account/ledger",
    tag: "Account",
    summary: "The caller's wallet history, newest first",
    auth: "user",
    query: ListQuery,
    responses: {
      200: ok(
        "A page of ledger lines and the current balance",
        z.strictObject({
          items: z.array(LedgerLine),
          total: z.int(),
          limit: z.int(),
          offset: z.int(),
          balance: money,
        }),
      ),
    },
  },
  {
    method: "post",
    route: "api/wallet/top-up",
    tag: "Account",
    summary: "Top up the wallet: by card (Stripe Checkout) or by bank transfer",
    description:
      "With card payments configured, 201 `{checkoutUrl, sessionId}`: open Stripe Checkout; the wallet is " +
      "credited by Stripe's signed webhook. Otherwise 201 `{request}`: a transfer request credited when an " +
      "admin approves it (409 while three requests already wait). 502 when Stripe refuses to start a payment.",
    auth: "user",
    body: json(TopUpInput),
    responses: {
      201: ok(
        "A Checkout link (card payments) or the pending transfer request",
        z.union([
          z.strictObject({ checkoutUrl: z.url(), sessionId: z.string() }),
          z.strictObject({ request: TopUpRequest }),
        ]),
      ),
    },
    errors: [
      [409, "too_many_pending"],
      [409, "transfer_unavailable"],
      [502, "internal_error"],
    ],
  },
  {
    method: "get",
    route: "api/wallet/bank-transfer",
    tag: "Account",
    summary: "Where to send a bank transfer for a top-up",
    description:
      "The account an admin entered, with its instructions in the Accept-Language language (Arabic falls " +
      "back to English). `null` while there is none: top-ups by transfer are refused then (409 " +
      "`transfer_unavailable`). Write the request's `transferReference` on the transfer.",
    auth: "user",
    responses: {
      200: ok("The account, or null", z.strictObject({ bankTransfer: BankTransfer.nullable() })),
    },
  },
  {
    method: "get",
    route: "api/wallet/receipts",
    tag: "Account",
    summary: "The receipts of the caller's wallet top-ups, newest first",
    description:
      "One per credited top-up (an approved bank transfer or a card payment), in its own series. A receipt " +
      "is not a tax invoice: the VAT invoice is issued when the wallet pays for a course.",
    auth: "user",
    responses: { 200: ok("Receipts", z.strictObject({ items: z.array(Receipt) })) },
  },
  {
    method: "get",
    route: "api/wallet/receipts/:file",
    tag: "Account",
    summary: "One of the caller's receipts as a PDF",
    description:
      "`file` is the receipt's number with `.pdf` (RCT-2026-000001.pdf), as each item's `pdfUrl` says; the " +
      "same file the top-up's mail attached. The caller's own only; 404 for anyone else's or an unknown one.",
    auth: "user",
    params: textParams({ file: z.string().regex(/^RCT-\d{4}-\d{6,10}\.pdf$/) }),
    responses: { 200: { description: "The PDF", contentType: "application/pdf" } },
    errors: [[404, "not_found"]],
  },
];
