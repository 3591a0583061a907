// Card orders (issue 46, items 3–4): a checkout by card writes the order pending and sends the buyer to the
// provider's hosted page; the order becomes paid only when the provider's API, asked by this server, says
// it is paid with the order's exact amount and currency. Whichever path asks — the result page's "check
// again" form, the webhook's job, the reconciliation — settles through `settleCardOrder`, which locks the
// order row, checks it is still pending and enrolls in the same transaction: exactly once.
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { ownedCourseIds } from "../commerce/enrollment.server";
import { orderExpiryMinutes, publicOrigin } from "../config.server";
import type { Database, Queryable, Transaction } from "../db/client.server";
import { cartItems, courses, enrollments, orderEvents, orderItems, orders, users } from "../db/schema";
import { type Locale, localizePath } from "../i18n/languages";
import { taxConfig } from "../invoices/config.server";
import { issueInvoiceForOrder } from "../invoices/issue.server";
import { queueDocumentMailToUser } from "../invoices/mail.server";
import { taxLine, taxOrderItems } from "../invoices/tax";
import { enqueueJob } from "../jobs/queue.server";
import { logger } from "../lib/logger.server";
import { isRowId } from "../lib/validation";
import type { CouponProblem } from "../payments/coupon-policy";
import { commitRedemption, lockCoupon } from "../payments/coupons.server";
import { cardProvider } from "../payments/providers/registry.server";
import {
  type CardProviderName,
  isCardProviderName,
  type ProviderPaymentState,
  ProviderUnavailableError,
} from "../payments/providers/types";
import {
  isOrderExpired,
  orderExpiresAt,
  orderNumber,
  paymentMatchesOrder,
  RECONCILE_AFTER_MINUTES,
} from "./policy";

export type CardCheckoutOutcome =
  | { ok: true; orderId: number; redirectUrl: string }
  | { ok: false; reason: "provider_unavailable" }
  | { ok: false; reason: "provider_error"; orderId: number }
  | { ok: false; reason: "nothing_to_buy" }
  | { ok: false; reason: "empty" }
  | { ok: false; reason: "free" }
  | { ok: false; reason: "unknown_courses"; courseIds: number[] }
  | { ok: false; reason: "coupon"; problem: CouponProblem | "unknown" };

/** The webhook's address on the public origin, for the provider's `callback_url`. */
export const webhookPath = (provider: CardProviderName) => `/api/payments/${provider}/webhook`;

/**
 * Writes the order pending — its items with their prices and titles now, the coupon's share, the totals,
 * the provider — then asks the provider for its hosted page and stores its reference. The coupon is checked
 * and priced under its row lock here, and spent only when the order is paid. The cart is left as it is
 * until then, so a failed or abandoned payment keeps it.
 */
export async function startCardCheckout(
  db: Database,
  userId: string,
  input: {
    provider: CardProviderName;
    courseIds: number[];
    couponCode?: string | null;
    currency: string;
    locale: Locale;
    /** A business buyer's company and VAT number: the invoice is a standard one. */
    buyer?: { company: string; vatNumber: string } | null;
    now?: Date;
  },
): Promise<CardCheckoutOutcome> {
  const provider = cardProvider(input.provider);
  if (!provider) return { ok: false, reason: "provider_unavailable" };
  const requestedIds = [...new Set(input.courseIds)];
  if (requestedIds.length === 0) return { ok: false, reason: "empty" };
  const impossible = requestedIds.filter((id) => !isRowId(id));
  if (impossible.length > 0) return { ok: false, reason: "unknown_courses", courseIds: impossible };
  const now = input.now ?? new Date();

  const written = await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: courses.id, title: courses.title, titleAr: courses.titleAr, price: courses.price })
      .from(courses)
      .where(and(inArray(courses.id, requestedIds), eq(courses.isPublished, true)));
    const byId = new Map(found.map((course) => [course.id, course]));
    const unknown = requestedIds.filter((id) => !byId.has(id));
    if (unknown.length > 0) return { ok: false, reason: "unknown_courses", courseIds: unknown } as const;
    const owned = await ownedCourseIds(tx, userId, requestedIds);
    const toBuy = requestedIds.flatMap((id) => {
      const course = byId.get(id);
      return course && !owned.has(id) && course.price > 0 ? [course] : [];
    });
    if (toBuy.length === 0) return { ok: false, reason: "nothing_to_buy" } as const;
    const coupon = input.couponCode ? await lockCoupon(tx, userId, input.couponCode, toBuy, now) : null;
    if (coupon && !coupon.ok) return { ok: false, reason: "coupon", problem: coupon.problem } as const;
    const items = toBuy.map((course) => ({
      courseId: course.id,
      title: course.title,
      titleAr: course.titleAr,
      price: course.price,
      discount: coupon?.ok ? Math.min(course.price, coupon.discounts.get(course.id) ?? 0) : 0,
    }));
    // The tax as configured now, stored on the order: the invoice taxes its lines with the same rate when
    // the payment arrives, whatever the configuration says by then (issue 47, decision 072).
    const tax = taxConfig();
    const totals = taxOrderItems(items, tax.rate, tax.pricesIncludeTax);
    const { subtotal, discount } = totals;
    // A card cannot be charged nothing: a coupon that makes it free is checked out with the wallet.
    if (totals.total <= 0) return { ok: false, reason: "free" } as const;
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        status: "pending",
        method: "card",
        provider: input.provider,
        currency: input.currency,
        subtotal,
        discount,
        tax: totals.tax,
        total: totals.total,
        taxRateBasisPoints: tax.rate.basisPoints,
        taxIncluded: tax.pricesIncludeTax,
        buyerCompany: input.buyer?.company ?? null,
        buyerVatNumber: input.buyer?.vatNumber ?? null,
        couponId: discount > 0 && coupon?.ok ? coupon.couponId : null,
        couponCode: discount > 0 && coupon?.ok ? coupon.code : null,
        createdAt: now,
      })
      .returning();
    if (!order) throw new Error("startCardCheckout: the insert returned no row");
    await tx.insert(orderItems).values(items.map((item) => ({ orderId: order.id, ...item })));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      type: "created",
      actorId: userId,
      detail: { method: "card", provider: input.provider },
      createdAt: now,
    });
    return { ok: true, order } as const;
  });
  if (!written.ok) return written;

  const { order } = written;
  const number = orderNumber(order.id, order.createdAt);
  const [buyer] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const origin = publicOrigin();
  const resultUrl = origin + localizePath(`/orders/${order.id}`, input.locale);
  let hosted: { reference: string; redirectUrl: string };
  try {
    hosted = await provider.createHostedPayment({
      orderId: order.id,
      orderNumber: number,
      amount: order.total,
      currency: order.currency,
      description: `Manara ${number}`,
      successUrl: resultUrl,
      backUrl: resultUrl,
      callbackUrl: origin + webhookPath(input.provider),
      expiresAt: orderExpiresAt(order.createdAt, orderExpiryMinutes()),
      buyer,
    });
  } catch (error) {
    logger("payments").error({ err: error, orderId: order.id }, "The provider refused to open a payment");
    await db.transaction(async (tx) => {
      const [locked] = await lockOrder(tx, order.id);
      if (locked?.status !== "pending" || locked.providerRef !== null) return;
      await tx.update(orders).set({ status: "failed" }).where(eq(orders.id, order.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        type: "failed",
        detail: { why: "provider_error", provider: input.provider },
      });
    });
    return { ok: false, reason: "provider_error", orderId: order.id };
  }
  await db.transaction(async (tx) => {
    // A callback may have settled it already and stored the reference itself: keep what is there.
    await tx
      .update(orders)
      .set({ providerRef: hosted.reference })
      .where(and(eq(orders.id, order.id), sql`${orders.providerRef} is null`));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      type: "redirected",
      actorId: userId,
      detail: { provider: input.provider, reference: hosted.reference },
    });
  });
  return { ok: true, orderId: order.id, redirectUrl: hosted.redirectUrl };
}

function lockOrder(tx: Queryable, id: number) {
  return tx.select().from(orders).where(eq(orders.id, id)).for("update");
}

export type SettleSource = "return" | "webhook" | "reconciliation" | "admin";

export type SettleOutcome =
  | { result: "paid"; orderId: number }
  | { result: "already_settled"; orderId: number; status: string }
  | { result: "pending"; orderId: number }
  | { result: "failed"; orderId: number }
  | { result: "flagged"; orderId: number; why: "amount_mismatch" | "foreign_invoice" }
  /** Paid after the order stopped waiting (expired or failed): refunded through the provider by a job. */
  | { result: "late_payment"; orderId: number }
  | { result: "not_card"; orderId: number }
  | { result: "not_found" };

/** Has this order's timeline a `flagged` event with these facts already (replays add no second flag)? */
async function hasEvent(tx: Queryable, orderId: number, type: "flagged" | "refunded", key: string) {
  const rows = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.type, type),
        sql`${orderEvents.detail}->>'key' = ${key}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Settles one card order from its provider's answer. The provider is asked first, outside any transaction
 * (no lock is held across the network); then, with the order row locked, a pending order becomes paid (the
 * courses enrolled, the coupon spent, the cart emptied of them) when the answer says paid with its exact
 * amount and currency; failed when it says failed; flagged (an event admins see) and left pending on a
 * mismatch. An order no longer pending is never paid again: a payment arriving for an expired or failed
 * order is refunded to the card by a job (decision 067). A provider that does not answer throws
 * ProviderUnavailableError, and nothing changes.
 */
export async function settleCardOrder(
  db: Database,
  orderId: number,
  {
    source,
    actorId = null,
    reference,
  }: { source: SettleSource; actorId?: string | null; reference?: string },
): Promise<SettleOutcome> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { result: "not_found" };
  if (order.method !== "card" || !order.provider) return { result: "not_card", orderId };
  const ref = order.providerRef ?? reference ?? null;
  if (!ref) return { result: "pending", orderId };
  const provider = cardProvider(order.provider);
  if (!provider)
    throw new ProviderUnavailableError(
      isCardProviderName(order.provider) ? order.provider : "moyasar",
      `${order.provider} is not configured`,
    );
  const state = await provider.fetchPayment(ref);
  // A reference given by a callback must be this order's own invoice (its metadata names the order).
  if (!order.providerRef && state.orderId !== order.id) return { result: "pending", orderId };
  return applyProviderState(db, orderId, ref, state, { source, actorId });
}

export async function applyProviderState(
  db: Database,
  orderId: number,
  reference: string,
  state: ProviderPaymentState,
  { source, actorId = null }: { source: SettleSource; actorId?: string | null },
): Promise<SettleOutcome> {
  const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
    const [order] = await lockOrder(tx, orderId);
    if (!order) return { result: "not_found" };
    if (order.providerRef !== null && order.providerRef !== reference) return { result: "pending", orderId };
    const seen = { source, provider: order.provider, reference, providerStatus: state.providerStatus };
    if (order.status !== "pending") {
      if (state.status !== "paid" || (order.status !== "expired" && order.status !== "failed"))
        return { result: "already_settled", orderId, status: order.status };
      const key = `late:${state.paymentId ?? reference}`;
      if (await hasEvent(tx, orderId, "flagged", key)) return { result: "late_payment", orderId };
      await tx.insert(orderEvents).values({
        orderId,
        type: "flagged",
        actorId,
        detail: {
          ...seen,
          key,
          why: `paid_after_${order.status}`,
          amount: state.amount,
          currency: state.currency,
        },
      });
      if (state.paymentId)
        await enqueueJob(
          db,
          tx,
          "card-refund",
          { orderId, provider: order.provider, paymentId: state.paymentId, amount: state.amount, key },
          { key },
        );
      return { result: "late_payment", orderId };
    }
    if (state.status === "pending") return { result: "pending", orderId };
    if (state.status === "failed") {
      await tx.update(orders).set({ status: "failed", providerRef: reference }).where(eq(orders.id, orderId));
      await tx.insert(orderEvents).values({ orderId, type: "failed", actorId, detail: seen });
      return { result: "failed", orderId };
    }
    if (!paymentMatchesOrder(order, state)) {
      const key = `mismatch:${state.paymentId ?? reference}:${state.amount}:${state.currency}`;
      if (!(await hasEvent(tx, orderId, "flagged", key)))
        await tx.insert(orderEvents).values({
          orderId,
          type: "flagged",
          actorId,
          detail: {
            ...seen,
            key,
            why: "amount_mismatch",
            expected: { amount: order.total, currency: order.currency },
            got: { amount: state.amount, currency: state.currency },
          },
        });
      return { result: "flagged", orderId, why: "amount_mismatch" };
    }
    const invoice = await fulfil(
      tx,
      order,
      { ...seen, paymentId: state.paymentId, amount: state.amount },
      actorId,
    );
    // The buyer's confirmation with the invoice attached, queued with the payment (issue 47, item 5).
    await queueDocumentMailToUser(db, tx, "order_paid", order.userId, invoice);
    return { result: "paid", orderId };
  });
  if (outcome.result === "paid") logger("payments").info({ orderId, source }, "A card order was paid");
  return outcome;
}

/** Inside the order's lock: the enrollments, the coupon's use, the cart, the status and the `paid` event. */
async function fulfil(
  tx: Transaction,
  order: typeof orders.$inferSelect,
  detail: Record<string, unknown>,
  actorId: string | null,
) {
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const courseIds = items.flatMap((item) => (item.courseId === null ? [] : [item.courseId]));
  const inserted =
    courseIds.length === 0
      ? []
      : await tx
          .insert(enrollments)
          .values(
            items.flatMap((item) =>
              item.courseId === null
                ? []
                : [
                    {
                      userId: order.userId,
                      courseId: item.courseId,
                      // What was paid for it: its line's gross (a refund gives this back).
                      pricePaid: taxLine(
                        item.price - item.discount,
                        { basisPoints: order.taxRateBasisPoints },
                        order.taxIncluded,
                      ).gross,
                    },
                  ],
            ),
          )
          .onConflictDoNothing({ target: [enrollments.userId, enrollments.courseId] })
          .returning({ courseId: enrollments.courseId });
  const enrolled = new Set(inserted.map((row) => row.courseId));
  if (order.couponId !== null && order.discount > 0)
    await commitRedemption(tx, order.userId, order.couponId, order.discount);
  if (courseIds.length > 0)
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, order.userId), inArray(cartItems.courseId, courseIds)));
  const now = new Date();
  await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, providerRef: String(detail.reference) })
    .where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({ orderId: order.id, type: "paid", actorId, detail, createdAt: now });
  // Owned some other way meanwhile (a wallet purchase in another tab): paid for twice, for an admin to see.
  const twice = courseIds.filter((id) => !enrolled.has(id));
  if (twice.length > 0)
    await tx.insert(orderEvents).values({
      orderId: order.id,
      type: "flagged",
      detail: { why: "already_owned", courseIds: twice, key: `owned:${order.id}` },
      createdAt: now,
    });
  // Its invoice, in the transaction that marks it paid, under the order's lock: exactly one (issue 47).
  // Last: the series' counter stays locked until this transaction commits, and every other sale waits on it.
  return issueInvoiceForOrder(tx, order.id, now);
}

/** The order a provider's reference belongs to (the webhook's job), or null. */
export async function orderIdForReference(
  db: Database,
  provider: CardProviderName,
  reference: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerRef, reference)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The webhook's job: a provider said something happened to `reference`. Finds its order (by the stored
 * reference; before it was stored, by the order the provider's own record names) and settles it from the
 * provider's API. The callback's body is never read for the outcome.
 */
export async function settleFromCallback(
  db: Database,
  {
    provider,
    reference,
    orderId,
  }: { provider: CardProviderName; reference: string; orderId?: number | null },
): Promise<SettleOutcome> {
  const known = await orderIdForReference(db, provider, reference);
  if (known !== null) return settleCardOrder(db, known, { source: "webhook" });
  if (!orderId) return { result: "not_found" };
  return settleCardOrder(db, orderId, { source: "webhook", reference });
}

/** How many orders one reconciliation run looks at, at most (the next minute's run takes the rest). */
const RECONCILE_BATCH = 50;

/**
 * The scheduled look (every minute, one run for the cluster): card orders pending for more than a few
 * minutes are settled from their provider, so a lost webhook or a closed browser never leaves a paid order
 * unfulfilled; those past ORDER_EXPIRY_MINUTES that the provider does not call paid expire. A provider that
 * does not answer is asked again next time.
 */
export async function reconcileCardOrders(
  db: Database,
  { now = new Date(), expiryMinutes = orderExpiryMinutes() }: { now?: Date; expiryMinutes?: number } = {},
): Promise<{ looked: number; paid: number; expired: number; unreachable: number }> {
  const dueBefore = new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000);
  const rows = await db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.status, "pending"), eq(orders.method, "card"), lt(orders.createdAt, dueBefore)))
    .orderBy(asc(orders.createdAt))
    .limit(RECONCILE_BATCH);
  const tally = { looked: rows.length, paid: 0, expired: 0, unreachable: 0 };
  for (const row of rows) {
    let outcome: SettleOutcome | null = null;
    try {
      outcome = await settleCardOrder(db, row.id, { source: "reconciliation" });
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      tally.unreachable += 1;
      logger("payments").warn({ err: error, orderId: row.id }, "Reconciliation could not ask the provider");
    }
    if (outcome?.result === "paid") tally.paid += 1;
    const stillWaiting = outcome === null || outcome.result === "pending";
    if (stillWaiting && isOrderExpired(row.createdAt, now, expiryMinutes)) {
      if (await expireOrder(db, row.id)) tally.expired += 1;
    }
  }
  return tally;
}

/** A pending order stops waiting: `expired`, under its lock. False when it was settled meanwhile. */
export async function expireOrder(db: Database, orderId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await lockOrder(tx, orderId);
    if (order?.status !== "pending") return false;
    await tx.update(orders).set({ status: "expired" }).where(eq(orders.id, orderId));
    await tx.insert(orderEvents).values({ orderId, type: "expired", detail: { after: "reconciliation" } });
    return true;
  });
}

/**
 * The refund job of a payment that arrived for an order no longer waiting: given back through the provider,
 * then a `refunded` event on the order. Run again after a lost completion, the provider says it is refunded
 * already and the event is not written twice.
 */
export async function refundLatePayment(
  db: Database,
  data: {
    orderId: number;
    provider: string;
    paymentId: string;
    amount: number;
    key: string;
    courseId?: number;
  },
): Promise<{ refunded: boolean }> {
  const provider = cardProvider(data.provider);
  if (!provider) throw new Error(`card-refund: ${data.provider} is not configured`);
  const refund = await provider.refund(data.paymentId, data.amount);
  if (!refund.ok) throw new Error(`card-refund: ${data.provider} refused: ${refund.reason}`);
  await db.transaction(async (tx) => {
    await lockOrder(tx, data.orderId);
    if (await hasEvent(tx, data.orderId, "refunded", data.key)) return;
    await tx.insert(orderEvents).values({
      orderId: data.orderId,
      type: "refunded",
      detail: {
        key: data.key,
        to: "card",
        provider: data.provider,
        paymentId: data.paymentId,
        amount: refund.refunded,
        // The course an admin's refund gave back, so its order shows the money returned (itemRefundState).
        ...(data.courseId === undefined ? {} : { courseId: data.courseId }),
      },
    });
  });
  return { refunded: true };
}
