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
