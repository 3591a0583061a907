// Sign-in state: sessions (browser cookies and API tokens share one table), rate-limit counters, and the
// wallet ledger that records every balance change.
import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { courses } from "./courses";
import { users } from "./users";

export const sessionKind = pgEnum("session_kind", ["browser", "api"]);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the secret token; the token itself is never stored, so a database leak signs no one in. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: sessionKind("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is lastSeenAt plus the kind's idle window. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

export const rateLimits = pgTable("rate_limits", {
  /** e.g. `login:ip:203.0.113.7` or `login:account:sara@example.com`. */
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

export const walletLedger = pgTable(
  "wallet_ledger",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Whose wallet changed. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who changed it: an admin charging it, or the owner paying; null for the system. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Signed minor units: positive credits, negative debits. */
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").notNull(),
    /** The course a purchase paid for; null for credits. */
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("wallet_ledger_user_idx").on(table.userId, table.createdAt),
    check("wallet_ledger_amount_non_zero", sql`${table.amount} <> 0`),
    check("wallet_ledger_balance_after_non_negative", sql`${table.balanceAfter} >= 0`),
  ],
);

export type Session = typeof sessions.$inferSelect;
