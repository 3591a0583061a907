// Card payments through Stripe Checkout: one row per Checkout Session. The wallet is credited only by the
// signed `checkout.session.completed` webhook; the unique session id and the row lock make that credit
// happen once however often, late or early the webhook arrives.
import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { walletLedger } from "./auth";
import { courses } from "./courses";
import { users } from "./users";

export const cardPaymentStatus = pgEnum("card_payment_status", ["open", "paid"]);

export const cardPayments = pgTable(
  "card_payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Stripe's Checkout Session id (`cs_…`). */
    sessionId: text("session_id").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Minor units of CURRENCY. */
    amount: integer("amount").notNull(),
    status: cardPaymentStatus("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The credit the webhook wrote. */
    ledgerEntryId: integer("ledger_entry_id").references(() => walletLedger.id, { onDelete: "set null" }),
  },
  (table) => [
    index("card_payments_user_created_idx").on(table.userId, table.createdAt),
    check("card_payments_amount_positive", sql`${table.amount} > 0`),
  ],
);

export type CardPayment = typeof cardPayments.$inferSelect;

/**
 * A discount code: a percentage or a fixed amount off, for one course or (admins' codes) every course,
 * with an optional expiry and maximum number of uses. One checkout spends one use; a learner uses a code
 * once (coupon_redemptions).
 */
export const coupons = pgTable(
  "coupons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Stored upper-case; typed in any case. */
    code: text("code").notNull().unique(),
    percentOff: integer("percent_off"),
    /** Minor units off each discounted course. */
    amountOff: integer("amount_off"),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("coupons_one_discount", sql`(${table.percentOff} is null) <> (${table.amountOff} is null)`),
    check("coupons_percent_range", sql`${table.percentOff} is null or ${table.percentOff} between 1 and 100`),
    check("coupons_amount_positive", sql`${table.amountOff} is null or ${table.amountOff} > 0`),
    check("coupons_uses_within_max", sql`${table.maxUses} is null or ${table.uses} <= ${table.maxUses}`),
  ],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Minor units taken off this checkout. */
    discount: integer("discount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("coupon_redemptions_coupon_user_unique").on(table.couponId, table.userId)],
);

export type Coupon = typeof coupons.$inferSelect;
