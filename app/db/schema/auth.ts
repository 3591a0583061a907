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

/**
 * A "forgot password" link. Only the SHA-256 of the token is kept, so reading this table (or a backup) resets
 * no one's password; a token is single-use and short-lived, and a successful reset deletes all of the
 * person's tokens.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("password_reset_tokens_user_idx").on(table.userId)],
);

/**
 * An email change waiting for its confirmation link to be opened (docs/decisions/043). As with reset links,
 * only the SHA-256 of the token is kept. One per account: a newer request replaces the older one.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lower-cased, as sign-up stores it. */
    newEmail: text("new_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("email_changes_expires_at_idx").on(table.expiresAt)],
);

export const rateLimits = pgTable("rate_limits", {
  /** e.g. `login:ip:203.0.113.7` or `login:account:sara@example.com`. */
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/** What moved the money, so the history can say it in the reader's language. */
export const ledgerKind = pgEnum("ledger_kind", ["credit", "purchase", "refund", "top_up", "card_top_up"]);

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
    kind: ledgerKind("kind").notNull().default("credit"),
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

export const topUpStatus = pgEnum("top_up_status", ["pending", "approved", "rejected"]);

/**
 * A learner's request to add money paid by bank transfer (the embedded default when card payments are not
 * configured). An admin approves it, which credits the wallet once, or rejects it.
 */
export const topUpRequests = pgTable(
  "top_up_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Minor units of CURRENCY. */
    amount: integer("amount").notNull(),
    /** The transfer's reference as the learner typed it, for the admin to match with the bank statement. */
    reference: text("reference"),
    status: topUpStatus("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedById: uuid("reviewed_by_id").references(() => users.id, { onDelete: "set null" }),
    rejectReason: text("reject_reason"),
    /** The credit an approval wrote. */
    ledgerEntryId: integer("ledger_entry_id").references(() => walletLedger.id, { onDelete: "set null" }),
  },
  (table) => [
    index("top_up_requests_status_created_idx").on(table.status, table.createdAt),
    index("top_up_requests_user_created_idx").on(table.userId, table.createdAt),
    check("top_up_requests_amount_positive", sql`${table.amount} > 0`),
  ],
);

export type Session = typeof sessions.$inferSelect;
export type TopUpRequest = typeof topUpRequests.$inferSelect;
export type LedgerKind = (typeof ledgerKind.enumValues)[number];
