// Orders (issue 46): every purchase is one order with its items (title and price at the time) and a
// timeline of events. A wallet order is written paid in the transaction that debits the wallet and
// enrolls; refunds move it to refunded or partially_refunded. Amounts are integer minor units of `currency`.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { courses } from "./courses";
import { coupons } from "./payments";
import { users } from "./users";

export const orderStatus = pgEnum("order_status", [
  "pending",
  "paid",
  "failed",
  "expired",
  "refunded",
  "partially_refunded",
]);
export const orderMethod = pgEnum("order_method", ["wallet", "card"]);

export const orders = pgTable(
  "orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: orderStatus("status").notNull().default("pending"),
    method: orderMethod("method").notNull(),
    /** The card provider (`moyasar`, `paymob`, `stripe`); null for the wallet. */
    provider: text("provider"),
    /** The provider's reference (an invoice or session id); null for the wallet. */
    providerRef: text("provider_ref"),
    currency: text("currency").notNull(),
    subtotal: integer("subtotal").notNull(),
    discount: integer("discount").notNull().default(0),
    /** The VAT on the order (issue 47): the sum of its lines' tax, each rounded half up (app/invoices/tax.ts). */
    tax: integer("tax").notNull().default(0),
    /**
     * What the buyer pays. With `taxIncluded` (PRICES_INCLUDE_TAX, the default) the VAT is inside the prices:
     * total = subtotal - discount, and its net is total - tax; otherwise it is added: total = subtotal -
     * discount + tax (decision 072).
     */
    total: integer("total").notNull(),
    /** TAX_RATE_PERCENT when the order was written, in basis points (1500 is 15 %). */
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(0),
    /** PRICES_INCLUDE_TAX when the order was written. */
    taxIncluded: boolean("tax_included").notNull().default(true),
    /** A business buyer's company and VAT number, given at checkout: its invoice is a standard tax invoice. */
    buyerCompany: text("buyer_company"),
    buyerVatNumber: text("buyer_vat_number"),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    index("orders_user_created_idx").on(table.userId, table.createdAt),
    index("orders_status_created_idx").on(table.status, table.createdAt),
    check(
      "orders_amounts_valid",
      sql`${table.subtotal} >= 0 and ${table.discount} >= 0 and ${table.tax} >= 0 and ${table.total} = ${table.subtotal} - ${table.discount} + (case when ${table.taxIncluded} then 0 else ${table.tax} end) and ${table.total} >= 0 and ${table.tax} <= ${table.total}`,
    ),
    check(
      "orders_tax_rate_valid",
      sql`${table.taxRateBasisPoints} >= 0 and ${table.taxRateBasisPoints} <= 10000`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null once the course itself is deleted (its title stays here). */
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** The course's titles at the time of the order. */
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    /** The list price at the time, in minor units. */
    price: integer("price").notNull(),
    /** What a coupon took off this item, in minor units. */
    discount: integer("discount").notNull().default(0),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** Minor units given back for this item. */
    refunded: integer("refunded").notNull().default(0),
  },
  (table) => [
    index("order_items_order_idx").on(table.orderId),
    index("order_items_course_idx").on(table.courseId),
    check(
      "order_items_amounts_valid",
      sql`${table.price} >= 0 and ${table.discount} >= 0 and ${table.discount} <= ${table.price} and ${table.refunded} >= 0`,
    ),
  ],
);

export const orderEventType = pgEnum("order_event_type", [
  "created",
  "redirected",
  "provider_event",
  "paid",
  "failed",
  "expired",
  "flagged",
  "refunded",
]);

/** The order's timeline, oldest first: what happened, who did it, and what the provider said. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: orderEventType("type").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.id)],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type OrderEvent = typeof orderEvents.$inferSelect;
export type OrderStatus = (typeof orderStatus.enumValues)[number];
