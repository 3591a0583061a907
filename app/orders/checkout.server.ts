// The checkout (issue 46): one call for the review page's button and POST /api/checkout. A wallet checkout
// is the wallet purchase (app/commerce/enrollment.server.ts), which writes its order paid in the same
// transaction; a card checkout needs a card provider able to take orders, and none is wired yet.

import { and, eq, gt } from "drizzle-orm";
import { type PurchaseOutcome, purchaseCourses } from "../commerce/enrollment.server";
import type { Database } from "../db/client.server";
import { courses } from "../db/schema";
import { findOrder, type OrderView } from "./orders.server";

export const CHECKOUT_METHODS = ["wallet", "card"] as const;
export const CARD_PROVIDERS = ["moyasar", "paymob", "stripe"] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
export type CardProvider = (typeof CARD_PROVIDERS)[number];

/** The card providers that can take an order now (none yet: cards top up the wallet through Stripe). */
export function availableCardProviders(): CardProvider[] {
  return [];
}

export type CheckoutOutcome =
  | { ok: true; order: OrderView }
  | Extract<PurchaseOutcome, { ok: false }>
  | { ok: false; reason: "provider_unavailable" }
  /** Everything asked for is owned already: no order is written. */
  | { ok: false; reason: "nothing_to_buy" };

export async function checkout(
  db: Database,
  userId: string,
  input: { method: CheckoutMethod; provider?: CardProvider; courseIds: number[]; couponCode?: string | null },
): Promise<CheckoutOutcome> {
  if (input.method === "card") {
    const providers = availableCardProviders();
    if (providers.length === 0 || (input.provider && !providers.includes(input.provider)))
      return { ok: false, reason: "provider_unavailable" };
  }
  const outcome = await purchaseCourses(db, userId, input.courseIds, { couponCode: input.couponCode });
  if (!outcome.ok) return outcome;
  if (!outcome.order) return { ok: false, reason: "nothing_to_buy" };
  const order = await findOrder(db, outcome.order.id);
  if (!order) throw new Error(`checkout: order ${outcome.order.id} vanished after its commit`);
  return { ok: true, order };
}

/**
 * A published course with a price: bought through the review step rather than enrolled in at once. A draft
 * is not one (the purchase refuses it as unknown, as it refuses any course its viewer may not see).
 */
export async function isPaidCourse(db: Database, courseId: number): Promise<boolean> {
  return (
    (await db.$count(
      courses,
      and(eq(courses.id, courseId), eq(courses.isPublished, true), gt(courses.price, 0)),
    )) > 0
  );
}
