// Coupons and card payments (app/routes/api/coupons.ts, stripe-webhook.ts; app/payments/).
import { z } from "zod";
import { CouponInput } from "../../payments/coupons.server";
import { MoyasarWebhookEvent } from "../../payments/providers/moyasar-webhook";
import { PaymobCallback } from "../../payments/providers/paymob-callback";
import { type EndpointDoc, isoDate, json, money, ok } from "../registry";

const Coupon = z.strictObject({
  id: z.int(),
  code: z.string(),
  percentOff: z.int().min(1).max(100).nullable(),
  amountOff: money.nullable(),
  courseId: z.int().nullable(),
  expiresAt: isoDate.nullable(),
  maxUses: z.int().nullable(),
  uses: z.int().min(0),
  disabled: z.boolean(),
  createdAt: isoDate,
});

/** Stripe's event as it arrives: verified against the signature first, then read by Stripe's SDK. */
const StripeEvent = z.looseObject({ id: z.string(), type: z.string(), data: z.looseObject({}) });

export const paymentEndpoints: EndpointDoc[] = [
  {
    method: "post",
    route: "api/payments/moyasar/webhook",
    tag: "Enrollment",
    summary: "Moyasar's webhook and invoice callbacks (card orders)",
    description:
      "For Moyasar only: authenticated by the body's `secret_token` (MOYASAR_WEBHOOK_SECRET, compared in " +
      "constant time), never by a token or cookie; 401 for a missing or wrong one. An event about an invoice " +
      "queues a job that settles its order from Moyasar's API (the body is never taken for the outcome) and is " +
      "answered 200 at once; a replayed event (same `id`) queues nothing. 404 while Moyasar is not configured.",
    auth: "public",
    body: json(MoyasarWebhookEvent),
    responses: {
      200: ok(
        "Received",
        z.strictObject({
          received: z.literal(true),
          result: z.enum(["queued", "duplicate", "ignored"]),
        }),
      ),
    },
    errors: [
      [400, "bad_request"],
      [401, "unauthorized"],
      [404, "not_found"],
    ],
  },
  {
    method: "post",
    route: "api/payments/paymob/webhook",
    tag: "Enrollment",
    summary: "Paymob's transaction processed callback (card orders)",
    description:
      "For Paymob only: authenticated by the `hmac` query parameter, HMAC-SHA512 of the transaction's twenty " +
      "signed fields keyed with PAYMOB_HMAC_SECRET (compared in constant time), never by a token or cookie; " +
      "401 for a missing or wrong one. A verified transaction queues a job that settles its order " +
      "by Paymob's transaction inquiry (the body is never taken for the outcome) and is answered 200 at once; the " +
      "same callback again queues nothing. Callbacks of another `type` (TOKEN) are acknowledged and ignored. " +
      "404 while Paymob is not configured.",
    auth: "public",
    query: z.object({ hmac: z.string().describe("HMAC-SHA512 of the transaction's signed fields, in hex") }),
    body: json(PaymobCallback),
    responses: {
      200: ok(
        "Received",
        z.strictObject({
          received: z.literal(true),
          result: z.enum(["queued", "duplicate", "ignored"]),
        }),
      ),
    },
    errors: [
      [400, "bad_request"],
      [401, "unauthorized"],
      [404, "not_found"],
    ],
  },
  {
    method: "post",
    route: "api/coupons",
    tag: "Enrollment",
    summary: "Create a coupon code",
    description:
      "Exactly one of `percentOff` and `amountOff`. Admins: any course, or every course without `courseId`. " +
      "Trainers: one course of their own (403 for another's; 422 without `courseId`). 409 when the code exists.",
    auth: "staff",
    body: json(CouponInput),
    responses: { 201: ok("The new coupon", z.strictObject({ coupon: Coupon })) },
    errors: [
      [403, "forbidden"],
      [404, "not_found"],
      [409, "code_taken"],
    ],
  },
  {
    method: "post",
    route: "api/payments/stripe/webhook",
    tag: "Account",
    summary: "Stripe's webhook (card top-ups and card orders)",
    description:
      "For Stripe only: authenticated by the `Stripe-Signature` header (an HMAC of the raw body with " +
      "STRIPE_WEBHOOK_SECRET), never by a token or cookie; 400 for a missing or bad signature. A paid " +
      "`checkout.session.completed` (or `async_payment_succeeded`) of a top-up credits the wallet once. A " +
      "`checkout.session.*` event of an order's session (its metadata names the order) queues a job that " +
      "settles the order from Stripe's API, keyed by the event's id (`queued`, or `duplicate` for a replay). " +
      "Every verified event is answered 200. 404 while card payments are not configured.",
    auth: "public",
    body: json(StripeEvent),
    responses: {
      200: ok(
        "Received",
        z.strictObject({
          received: z.literal(true),
          result: z.enum(["credited", "already_credited", "ignored", "failed", "queued", "duplicate"]),
        }),
      ),
    },
    errors: [
      [400, "bad_request"],
      [404, "not_found"],
    ],
  },
];
