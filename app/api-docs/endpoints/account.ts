// The caller's wallet: history, top-up requests and where to transfer (app/routes/api/account-ledger.ts,
// wallet-top-up.ts, wallet-bank-transfer.ts).
import { z } from "zod";
import { ListQuery } from "../../lib/list-query";
import { TopUpInput } from "../../wallet/top-ups.server";
import { type EndpointDoc, isoDate, json, money, ok } from "../registry";

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
];
