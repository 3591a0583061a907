// Pure order rules (issue 46): the human order number and the status a refund leaves.
import type { OrderStatus } from "../db/schema";

/** The number people read and quote: `M-` and the year of the order, then its id on at least six digits. */
export function orderNumber(id: number, createdAt: Date): string {
  return `M-${createdAt.getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

/** Reads an order number back to its id (`M-2026-000042` → 42), or null when it is not one. */
export function parseOrderNumber(text: string): number | null {
  const match = /^M-\d{4}-(\d{1,10})$/i.exec(text.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The status of a paid order once some of its items are refunded: every item given back is `refunded`,
 * some of them `partially_refunded`, none leaves it as it was.
 */
export function statusAfterRefunds(current: OrderStatus, items: { refundedAt: Date | null }[]): OrderStatus {
  const refunded = items.filter((item) => item.refundedAt !== null).length;
  if (refunded === 0) return current;
  return refunded === items.length ? "refunded" : "partially_refunded";
}

/** Where a refunded item's money went, and whether it is there yet (issue 46, item 5). */
export type ItemRefundState = "wallet" | "card_requested" | "card_returned";

/**
 * The state of one refunded item, read from its order's `refunded` events: an admin's refund names the
 * course and where the money goes (`to`); a refund to the card is `card_requested` until the card-refund job,
 * once the provider has given the money back, writes its own event naming the course.
 */
export function itemRefundState(
  courseId: number | null,
  events: readonly { type: string; detail: unknown }[],
): ItemRefundState | null {
  const refunds = events.flatMap((event) => {
    if (event.type !== "refunded" || typeof event.detail !== "object" || event.detail === null) return [];
    const detail = event.detail as { courseId?: unknown; to?: unknown; key?: unknown };
    return detail.courseId === courseId && courseId !== null ? [detail] : [];
  });
  if (refunds.length === 0) return null;
  if (!refunds.some((detail) => detail.to === "card")) return "wallet";
  return refunds.some((detail) => detail.to === "card" && typeof detail.key === "string")
    ? "card_returned"
    : "card_requested";
}

/** A provider's figures for a payment: integer minor units and an ISO 4217 code. */
export type ProviderAmount = { amount: number; currency: string };

/**
 * Whether a payment the provider says is paid pays exactly this order: the same integer amount of minor
 * units in the same currency (codes compared without regard to case). Anything else leaves the order unpaid.
 */
export function paymentMatchesOrder(
  order: { total: number; currency: string },
  payment: ProviderAmount,
): boolean {
  return (
    Number.isSafeInteger(payment.amount) &&
    payment.amount === order.total &&
    payment.currency.trim().toUpperCase() === order.currency.trim().toUpperCase()
  );
}

/** When a pending card order stops waiting for its payment. */
export function orderExpiresAt(createdAt: Date, expiryMinutes: number): Date {
  return new Date(createdAt.getTime() + expiryMinutes * 60_000);
}

export function isOrderExpired(createdAt: Date, now: Date, expiryMinutes: number): boolean {
  return now.getTime() >= orderExpiresAt(createdAt, expiryMinutes).getTime();
}

/**
 * A pending card order the reconciliation asks its provider about: older than this, the buyer's return and
 * the provider's callback have had their chance (a lost webhook or a closed browser leaves it here).
 */
export const RECONCILE_AFTER_MINUTES = 3;

export function isDueForReconciliation(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() >= RECONCILE_AFTER_MINUTES * 60_000;
}
