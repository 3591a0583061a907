// Card payments through Stripe Checkout: one row per Checkout Session. The wallet is credited only by the
// signed `checkout.session.completed` webhook; the unique session id and the row lock make that credit
// happen once however often, late or early the webhook arrives.
import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { walletLedger } from "./auth";
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
