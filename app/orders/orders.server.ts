// Orders (issue 46): writing a purchase as an order with its items and timeline, moving it on refunds, and
// reading it for its owner, the admins and the API. Money is integer minor units of the order's currency.
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Queryable } from "../db/client.server";
import {
  type Order,
  type OrderEvent,
  type OrderItem,
  orderEvents,
  orderItems,
  orderStatus,
  orders,
  users,
} from "../db/schema";
import type { TaxConfig } from "../invoices/config.server";
import type { IssuedDocument } from "../invoices/document";
import { issueCreditNoteForRefund, issueInvoiceForOrder } from "../invoices/issue.server";
import { taxOrderItems } from "../invoices/tax";
import { toCurrencyUnits } from "../lib/money";
import { queryInteger } from "../lib/validation";
import { orderNumber, statusAfterRefunds } from "./policy";

export type NewOrderItem = {
  courseId: number;
  title: string;
  titleAr: string | null;
  /** The list price at the time, in minor units. */
  price: number;
  /** What a coupon took off, in minor units. */
  discount: number;
};

/**
 * Writes a wallet purchase as an order already paid, with its items and its `created` and `paid` events.
 * Called only inside the purchase's transaction (app/commerce/enrollment.server.ts), after the wallet was
 * debited and the enrollments inserted, so the order, the money and the access commit together.
 */
export async function recordPaidWalletOrder(
  tx: Queryable,
  input: {
    userId: string;
    currency: string;
    items: NewOrderItem[];
    couponId: number | null;
    couponCode: string | null;
    /** The rate and whether prices include it, as the purchase charged them. */
    tax: Pick<TaxConfig, "rate" | "pricesIncludeTax">;
    buyer?: { company: string; vatNumber: string } | null;
    now?: Date;
  },
): Promise<{ id: number; number: string; invoice: IssuedDocument }> {
  const now = input.now ?? new Date();
  const { subtotal, discount, tax, total } = taxOrderItems(
    input.items,
    input.tax.rate,
    input.tax.pricesIncludeTax,
  );
  const [order] = await tx
    .insert(orders)
    .values({
      userId: input.userId,
      status: "paid",
      method: "wallet",
      currency: input.currency,
      subtotal,
      discount,
      tax,
      total,
      taxRateBasisPoints: input.tax.rate.basisPoints,
      taxIncluded: input.tax.pricesIncludeTax,
      buyerCompany: input.buyer?.company ?? null,
      buyerVatNumber: input.buyer?.vatNumber ?? null,
      couponId: discount > 0 ? input.couponId : null,
      couponCode: discount > 0 ? input.couponCode : null,
      createdAt: now,
      paidAt: now,
    })
    .returning({ id: orders.id, createdAt: orders.createdAt });
  if (!order) throw new Error("recordPaidWalletOrder: the insert returned no row");
  await tx.insert(orderItems).values(input.items.map((item) => ({ orderId: order.id, ...item })));
  await tx.insert(orderEvents).values([
    {
      orderId: order.id,
      type: "created",
      actorId: input.userId,
      detail: { method: "wallet" },
      createdAt: now,
    },
    {
      orderId: order.id,
      type: "paid",
      actorId: input.userId,
      detail: { method: "wallet", amount: total },
      createdAt: now,
    },
  ]);
  // The invoice, in the transaction that marks the order paid (issue 47): last, as its counter's lock is.
  const invoice = await issueInvoiceForOrder(tx, order.id, now);
  return { id: order.id, number: orderNumber(order.id, order.createdAt), invoice };
}

/**
 * A refund of one course (app/commerce/refunds.server.ts) marks its item in the learner's latest paid
 * order for it as given back, moves the order to `refunded` or `partially_refunded`, and adds a `refunded`
 * event, and issues its credit note (issue 47). The order row is locked, so two refunds of one order's items settle its status one after the
 * other. A course bought before orders existed has no order: nothing to move, and that is not an error.
 */
export async function recordItemRefund(
  tx: Queryable,
  input: {
    userId: string;
    courseId: number;
    amount: number;
    actorId: string;
    reason: string;
    /** Where the money goes: the wallet, or back to the card that paid (a job, app/orders/card-orders.server.ts). */
    to?: "wallet" | "card";
  },
): Promise<{ orderId: number; creditNote: IssuedDocument | null } | null> {
  const [item] = await tx
    .select({ id: orderItems.id, orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, input.userId),
        eq(orderItems.courseId, input.courseId),
        isNull(orderItems.refundedAt),
        inArray(orders.status, ["paid", "partially_refunded"]),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  if (!item) return null;
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, item.orderId))
    .for("update");
  if (!order) return null;
  const now = new Date();
  await tx
    .update(orderItems)
    .set({ refundedAt: now, refunded: input.amount })
    .where(eq(orderItems.id, item.id));
  const items = await tx
    .select({ refundedAt: orderItems.refundedAt })
    .from(orderItems)
    .where(eq(orderItems.orderId, item.orderId));
  await tx
    .update(orders)
    .set({ status: statusAfterRefunds(order.status, items) })
    .where(eq(orders.id, item.orderId));
  await tx.insert(orderEvents).values({
    orderId: item.orderId,
    type: "refunded",
    actorId: input.actorId,
    detail: {
      courseId: input.courseId,
      amount: input.amount,
      reason: input.reason,
      to: input.to ?? "wallet",
      ...(input.to === "card" ? { state: "requested" } : {}),
    },
    createdAt: now,
  });
  // A credit note for what was given back, referencing the order's invoice, which stays as it was
  // (issue 47, item 3); last, as its counter's lock is. An order without an invoice gets none.
  const creditNote =
    input.amount > 0
      ? await issueCreditNoteForRefund(tx, {
          orderId: item.orderId,
          orderItemId: item.id,
          amount: input.amount,
          now,
        })
      : null;
  return { orderId: item.orderId, creditNote };
}

/**
 * The card payment a learner's course was bought with, when it was (issue 46, item 5): the latest paid card
 * order holding the course and not refunded yet, its provider and the payment the provider named when it said
 * paid. Null for a wallet purchase, a free enrollment, or a course bought before orders existed.
 */
export async function cardPaymentForCourse(
  tx: Queryable,
  userId: string,
  courseId: number,
): Promise<{ orderId: number; provider: string; paymentId: string } | null> {
  const [row] = await tx
    .select({
      orderId: orders.id,
      method: orders.method,
      provider: orders.provider,
      paymentId: sql<string | null>`${orderEvents.detail}->>'paymentId'`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.type, "paid")))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.courseId, courseId),
        isNull(orderItems.refundedAt),
        inArray(orders.status, ["paid", "partially_refunded"]),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  if (row?.method !== "card" || !row.provider || !row.paymentId) return null;
  return { orderId: row.orderId, provider: row.provider, paymentId: row.paymentId };
}

export type OrderView = Order & { number: string; items: OrderItem[] };
export type OrderDetail = OrderView & {
  events: OrderEvent[];
  userName: string;
  userEmail: string;
};

async function withItems(db: Queryable, rows: Order[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, OrderItem[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((row) => ({
    ...row,
    number: orderNumber(row.id, row.createdAt),
    items: byOrder.get(row.id) ?? [],
  }));
}

/** A person's orders, newest first (at most `limit`). */
export async function listUserOrders(db: Database, userId: string, limit = 100): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return withItems(db, rows);
}

/** One order with its items, its timeline (oldest first) and its buyer; null when there is none. */
export async function findOrder(db: Database, id: number): Promise<OrderDetail | null> {
  const [row] = await db
    .select({ order: orders, userName: users.name, userEmail: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!row) return null;
  const [[view], events] = await Promise.all([
    withItems(db, [row.order]),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  if (!view) return null;
  return { ...view, events, userName: row.userName, userEmail: row.userEmail };
}

/** `GET /api/admin/orders?status&userId&limit&offset`, and the admin page's filters. */
export const AdminOrderQuery = z.object({
  status: z.enum(orderStatus.enumValues, { error: "orders.errors.status" }).optional(),
  userId: z.uuid({ error: "orders.errors.userId" }).optional(),
  /** Only orders flagged for an admin: paid twice, or paid with an amount or currency not the order's. */
  flagged: z
    .enum(["true", "false"], { error: "orders.errors.flagged" })
    .transform((text) => text === "true")
    .optional(),
  limit: queryInteger(1, 100).default(50),
  offset: queryInteger(0, 1_000_000).default(0),
});
export type AdminOrderQuery = z.infer<typeof AdminOrderQuery>;

export type AdminOrderRow = OrderView & { userName: string; userEmail: string; flagged: boolean };

/** Whether an order has a `flagged` event: something about its payment waits for an admin's look. */
const isFlagged = sql<boolean>`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.type} = 'flagged')`;

/** Orders for the admins, newest first, filtered by status, buyer and whether they are flagged. */
export async function listOrdersForAdmin(
  db: Database,
  { status, userId, flagged, limit, offset }: AdminOrderQuery,
): Promise<{ items: AdminOrderRow[]; total: number }> {
  const where = and(
    status ? eq(orders.status, status) : undefined,
    userId ? eq(orders.userId, userId) : undefined,
    flagged === undefined ? undefined : flagged ? isFlagged : sql`not ${isFlagged}`,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: orders, userName: users.name, userEmail: users.email, flagged: isFlagged })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  const views = await withItems(
    db,
    rows.map((row) => row.order),
  );
  return {
    items: views.map((view, index) => ({
      ...view,
      userName: rows[index]?.userName ?? "",
      userEmail: rows[index]?.userEmail ?? "",
      flagged: rows[index]?.flagged ?? false,
    })),
    total: Number(counted?.n ?? 0),
  };
}

/** An order as the API answers it: amounts as numbers in currency units, like the rest of the API. */
export function orderJson(order: OrderView) {
  const units = (minor: number) => toCurrencyUnits(minor, order.currency);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    method: order.method,
    provider: order.provider,
    currency: order.currency,
    subtotal: units(order.subtotal),
    discount: units(order.discount),
    tax: units(order.tax),
    total: units(order.total),
    items: order.items.map((item) => ({
      courseId: item.courseId,
      title: item.title,
      price: units(item.price),
    })),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}
