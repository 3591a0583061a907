// The pure rules of card orders (issue 46, decision 067): an order is paid only by its exact amount and
// currency; when it expires and when the reconciliation looks; what a Moyasar invoice means; the webhook
// secret's comparison.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isDueForReconciliation,
  isOrderExpired,
  itemRefundState,
  orderExpiresAt,
  paymentMatchesOrder,
  RECONCILE_AFTER_MINUTES,
} from "../../app/orders/policy";
import { invoiceState, type MoyasarInvoice } from "../../app/payments/providers/moyasar.server";
import { orderIdHint, webhookSecretMatches } from "../../app/payments/providers/moyasar-webhook";

describe("paymentMatchesOrder", () => {
  const order = { total: 4_000, currency: "SAR" };

  it("accepts the exact amount in the same currency, whatever the code's case", () => {
    expect(paymentMatchesOrder(order, { amount: 4_000, currency: "SAR" })).toBe(true);
    expect(paymentMatchesOrder(order, { amount: 4_000, currency: "sar" })).toBe(true);
  });

  it("refuses another amount, another currency, or a number that is not whole minor units", () => {
    expect(paymentMatchesOrder(order, { amount: 3_999, currency: "SAR" })).toBe(false);
    expect(paymentMatchesOrder(order, { amount: 4_001, currency: "SAR" })).toBe(false);
    expect(paymentMatchesOrder(order, { amount: 4_000, currency: "USD" })).toBe(false);
    expect(paymentMatchesOrder(order, { amount: 4_000.5, currency: "SAR" })).toBe(false);
    expect(paymentMatchesOrder(order, { amount: Number.NaN, currency: "SAR" })).toBe(false);
    // 40 KWD is 40000 fils: the same figure in a currency of three digits is another amount.
    expect(paymentMatchesOrder({ total: 40_000, currency: "KWD" }, { amount: 4_000, currency: "KWD" })).toBe(
      false,
    );
    expect(paymentMatchesOrder({ total: 4_000, currency: "JPY" }, { amount: 4_000, currency: "JPY" })).toBe(
      true,
    );
  });

  it("matches exactly when amount and currency are both the order's", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom("SAR", "KWD", "JPY", "USD"),
        fc.constantFrom("SAR", "KWD", "JPY", "USD"),
        (total, amount, ours, theirs) =>
          paymentMatchesOrder({ total, currency: ours }, { amount, currency: theirs }) ===
          (total === amount && ours === theirs),
      ),
    );
  });
});

describe("expiry and reconciliation", () => {
  const created = new Date("2026-12-07T10:00:00Z");

  it("expires an order at its creation plus the expiry minutes, not a moment before", () => {
    expect(orderExpiresAt(created, 60).toISOString()).toBe("2026-12-07T11:00:00.000Z");
    expect(isOrderExpired(created, new Date("2026-12-07T10:59:59.999Z"), 60)).toBe(false);
    expect(isOrderExpired(created, new Date("2026-12-07T11:00:00Z"), 60)).toBe(true);
  });

  it("leaves a fresh order to its callback and looks at one a few minutes old", () => {
    expect(RECONCILE_AFTER_MINUTES).toBe(3);
    expect(isDueForReconciliation(created, new Date("2026-12-07T10:02:59Z"))).toBe(false);
    expect(isDueForReconciliation(created, new Date("2026-12-07T10:03:00Z"))).toBe(true);
  });
});

describe("invoiceState", () => {
  const base: MoyasarInvoice = {
    id: "inv",
    status: "initiated",
    amount: 4_000,
    currency: "SAR",
    metadata: { order_id: "42" },
    payments: [],
  };
  const payment = (status: string, amount = 4_000, currency = "SAR") => ({
    id: `pay-${status}`,
    status,
    amount,
    currency,
  });

  it("is paid only when Moyasar says the invoice is paid, with the paying payment's figures", () => {
    expect(invoiceState({ ...base, status: "paid", payments: [payment("paid", 4_000, "sar")] })).toEqual({
      status: "paid",
      amount: 4_000,
      currency: "SAR",
      paymentId: "pay-paid",
      orderId: 42,
      providerStatus: "paid",
    });
    // A paid payment on an invoice Moyasar does not call paid is not enough.
    expect(invoiceState({ ...base, payments: [payment("paid")] }).status).toBe("pending");
    expect(invoiceState({ ...base, status: "paid", payments: [payment("paid", 100)] }).amount).toBe(100);
  });

  it("is failed when the invoice is over, or its last attempt failed; pending otherwise", () => {
    for (const status of ["failed", "expired", "canceled", "voided", "refunded"])
      expect(invoiceState({ ...base, status }).status).toBe("failed");
    expect(invoiceState({ ...base, payments: [payment("failed")] }).status).toBe("failed");
    expect(invoiceState(base).status).toBe("pending");
    expect(invoiceState({ ...base, status: "on_hold" }).status).toBe("pending");
  });

  it("reads the order id from the metadata only when it is a positive whole number", () => {
    expect(invoiceState({ ...base, metadata: { order_id: "x" } }).orderId).toBeNull();
    expect(invoiceState({ ...base, metadata: null }).orderId).toBeNull();
    expect(invoiceState({ ...base, metadata: { order_id: "-3" } }).orderId).toBeNull();
  });
});

describe("the webhook's secret", () => {
  it("matches the configured secret only, whatever the length of what was sent", () => {
    expect(webhookSecretMatches("s3cret", "s3cret")).toBe(true);
    expect(webhookSecretMatches("s3cres", "s3cret")).toBe(false);
    expect(webhookSecretMatches("", "s3cret")).toBe(false);
    expect(webhookSecretMatches("s3cret-and-more", "s3cret")).toBe(false);
  });

  it("takes an order id hint from the payment's metadata only when it could be a row id", () => {
    const event = (order_id: unknown) => ({
      id: "e",
      type: "payment_paid",
      secret_token: "s",
      data: { id: "p", metadata: { order_id } },
    });
    expect(orderIdHint(event("7"))).toBe(7);
    expect(orderIdHint(event("2147483648"))).toBeNull();
    expect(orderIdHint(event("0"))).toBeNull();
    expect(orderIdHint(event({}))).toBeNull();
  });
});

describe("itemRefundState", () => {
  const requested = {
    type: "refunded",
    detail: { courseId: 7, to: "card", state: "requested", amount: 900 },
  };
  const returned = { type: "refunded", detail: { key: "refund:3", to: "card", courseId: 7, amount: 900 } };

  it("follows a refund to the card from requested to returned, by the course it names", () => {
    expect(itemRefundState(7, [requested])).toBe("card_requested");
    expect(itemRefundState(7, [requested, returned])).toBe("card_returned");
    expect(itemRefundState(8, [requested, returned])).toBeNull();
  });

  it("reads a refund to the wallet, and one written before refunds named where they went, as the wallet", () => {
    expect(itemRefundState(7, [{ type: "refunded", detail: { courseId: 7, to: "wallet" } }])).toBe("wallet");
    expect(itemRefundState(7, [{ type: "refunded", detail: { courseId: 7, amount: 900 } }])).toBe("wallet");
  });

  it("ignores other events, a late payment given back whole, and an item without a course", () => {
    const late = { type: "refunded", detail: { key: "late:1", to: "card", amount: 900 } };
    expect(itemRefundState(7, [{ type: "paid", detail: { courseId: 7 } }, late])).toBeNull();
    expect(itemRefundState(null, [requested, late])).toBeNull();
  });
});
