// The checkout (issue 46): one call for the review page's button and POST /api/checkout. A wallet checkout
// is the wallet purchase (app/commerce/enrollment.server.ts), which writes its order paid in the same
// transaction; a card checkout writes the order pending and answers the provider's hosted page
// (card-orders.server.ts), with a provider the configuration turned on (app/payments/providers/).

import { and, eq, gt } from "drizzle-orm";
import { type PurchaseOutcome, purchaseCourses } from "../commerce/enrollment.server";
import type { Database } from "../db/client.server";
import { courses } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { availableCardProviders } from "../payments/providers/registry.server";
import { CARD_PROVIDERS, type CardProviderName } from "../payments/providers/types";
import { startCardCheckout } from "./card-orders.server";
import { findOrder, type OrderView } from "./orders.server";

export { availableCardProviders, CARD_PROVIDERS };
export const CHECKOUT_METHODS = ["wallet", "card"] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
export type CardProvider = CardProviderName;

export type CheckoutOutcome =
  | { ok: true; order: OrderView; redirectUrl?: undefined }
  /** A card checkout: the order is pending until its provider says it is paid. */
  | { ok: true; order: OrderView; redirectUrl: string }
  /** The provider did not open a payment (unreachable, or it refused): the order is written failed. */
  | { ok: false; reason: "provider_error"; orderId: number }
  | Extract<PurchaseOutcome, { ok: false }>
  | { ok: false; reason: "provider_unavailable" }
  /** Everything asked for is owned already: no order is written. */
  | { ok: false; reason: "nothing_to_buy" };

export async function checkout(
  db: Database,
  userId: string,
  input: {
    method: CheckoutMethod;
    provider?: CardProvider;
    courseIds: number[];
    couponCode?: string | null;
    currency: string;
    locale: Locale;
    /** A business buyer's company and VAT number (issue 47): the invoice is a standard tax invoice. */
    buyer?: { company: string; vatNumber: string } | null;
  },
): Promise<CheckoutOutcome> {
  if (input.method === "card") {
    const providers = availableCardProviders();
    const provider = input.provider ?? providers[0];
    if (!provider || !providers.includes(provider)) return { ok: false, reason: "provider_unavailable" };
    const card = await startCardCheckout(db, userId, {
      provider,
      courseIds: input.courseIds,
      couponCode: input.couponCode,
      currency: input.currency,
      locale: input.locale,
      buyer: input.buyer ?? null,
    });
    if (card.ok) {
      const order = await findOrder(db, card.orderId);
      if (!order) throw new Error(`checkout: order ${card.orderId} vanished after its commit`);
      return { ok: true, order, redirectUrl: card.redirectUrl };
    }
    // Nothing left to pay once a coupon is applied: the wallet purchase enrolls for nothing, as it would.
    if (card.reason !== "free") return card;
  }
  const outcome = await purchaseCourses(db, userId, input.courseIds, {
    couponCode: input.couponCode,
    buyer: input.buyer ?? null,
  });
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
