// Wallet rules: amounts typed by people become integer minor units here, and every balance change is one
// locked transaction that writes the ledger rows together with the new balance (changeWalletBalance).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { readConfig } from "../config.server";
import type { Queryable } from "../db/client.server";
import { type LedgerKind, type User, users, walletLedger } from "../db/schema";
import {
  amountSchema,
  minorUnitDigits,
  minorUnitsPerUnit,
  parseAmount,
  toCurrencyUnits as toUnits,
} from "../lib/money";
import { INT4_MAX } from "../lib/validation";

/** The configured CURRENCY: every wallet holds it, in its ISO 4217 minor units. */
function walletCurrency(): string {
  return readConfig().currency;
}

/** The largest single credit an admin may type: 1,000,000 units of the currency (1,000,000.000 KWD). */
export const MAX_CREDIT_MINOR_UNITS = 1_000_000 * minorUnitsPerUnit(walletCurrency());

/** walletBalance is an int4 column; a credit that would pass this is refused rather than failing in SQL. */
export const MAX_BALANCE_MINOR_UNITS = INT4_MAX;

/**
 * A typed amount in currency units ("10.1", 10.5) as integer minor units (1010, 1050 for SAR; 10100 for
 * KWD), or null when it is not positive, has more decimals than the currency has minor digits, or exceeds
 * 1,000,000 units.
 */
export function parseCurrencyAmount(input: string | number, currency = walletCurrency()): number | null {
  const minorUnits = parseAmount(input, minorUnitDigits(currency), 7);
  const max = 1_000_000 * minorUnitsPerUnit(currency);
  return minorUnits !== null && minorUnits > 0 && minorUnits <= max ? minorUnits : null;
}

/** Minor units of the configured currency as the plain number the JSON API shows (1050 → 10.5). */
export function toCurrencyUnits(minorUnits: number): number {
  return toUnits(minorUnits, walletCurrency());
}

/**
 * A form or JSON amount → minor units, between `min` and `max` minor units. A number is bounded and has at
 * most the currency's decimals in the schema itself, so the OpenAPI document says so; text has the same
 * digits rule as a pattern. `invalid` and `outOfRange` are translation keys in the caller's namespace.
 */
export function amountField(
  min: number,
  max: number,
  invalid: string,
  outOfRange = invalid,
  currency = walletCurrency(),
) {
  return amountSchema({ currency, min, max, invalid, outOfRange });
}

/** A form or JSON amount (number or numeric text) → minor units. Messages are keys in the `admin` namespace. */
export const CurrencyAmount = amountField(1, MAX_CREDIT_MINOR_UNITS, "errors.amountInvalid");

export const DEFAULT_CREDIT_REASON = "Admin credit";

/** An admin credit, as the API and the users page both accept it. */
export const ChargeWalletInput = z.object({
  amount: CurrencyAmount,
  reason: z
    .string({ error: "errors.reasonInvalid" })
    .trim()
    .min(1, { error: "errors.reasonInvalid" })
    .max(200, { error: "errors.reasonInvalid" })
    // PostgreSQL text cannot hold NUL; refusing it here answers 422 instead of a server error.
    .refine((reason) => !reason.includes("\u0000"), { error: "errors.reasonInvalid" })
    .optional(),
});

export type LedgerEntry = typeof walletLedger.$inferSelect;

/** One movement of a wallet: positive adds money, negative takes it; never zero. */
export type WalletMovement = {
  amount: number;
  reason: string;
  kind: LedgerKind;
  /** The course a purchase paid for or a refund gives money back for. */
  courseId?: number | null;
};

export type BalanceChange =
  | { ok: true; balance: number; user: User; entries: LedgerEntry[] }
  | { ok: false; reason: "not_found" | "balance_limit" }
  | { ok: false; reason: "insufficient_funds"; required: number; balance: number };

/**
 * Locks a wallet for the rest of the caller's transaction and reads its balance (null: no such user). A
 * purchase locks first, so every purchase of one wallet queues behind the previous one before it reads what
 * the buyer owns.
 */
export async function lockWallet(tx: Queryable, userId: string): Promise<{ balance: number } | null> {
  if (!z.guid().safeParse(userId).success) return null;
  const [locked] = await tx
    .select({ walletBalance: users.walletBalance })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return locked ? { balance: locked.walletBalance } : null;
}

/**
 * Every change to a wallet's balance goes through here: purchases, refunds, admin credits, approved transfer
 * top-ups and card payments. In one transaction (the caller's, when it passes one) the user row is locked,
 * the lines are applied in order, each written to the ledger with the balance after it, and the new balance
 * stored; so concurrent changes queue up, each balanceAfter is exact, and the balance and its ledger commit
 * or roll back together. A change that would take the balance below zero or past the int4 column is refused
 * and changes nothing.
 */
export async function changeWalletBalance(
  db: Queryable,
  { userId, actorId, lines }: { userId: string; actorId: string | null; lines: readonly WalletMovement[] },
): Promise<BalanceChange> {
  for (const line of lines) {
    // A caller bug, not a user mistake: typed amounts go through parseCurrencyAmount before they get here.
    if (!Number.isSafeInteger(line.amount) || line.amount === 0)
      throw new RangeError(
        `changeWalletBalance expects non-zero integers of minor units, got ${line.amount}`,
      );
  }
  return db.transaction(async (tx): Promise<BalanceChange> => {
    const locked = await lockWallet(tx, userId);
    if (!locked) return { ok: false, reason: "not_found" };
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const balance = locked.balance + total;
    if (balance < 0)
      return { ok: false, reason: "insufficient_funds", required: -total, balance: locked.balance };
    if (balance > MAX_BALANCE_MINOR_UNITS) return { ok: false, reason: "balance_limit" };
    const [user] = await tx
      .update(users)
      .set({ walletBalance: balance })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new Error("changeWalletBalance: the locked user row vanished inside its transaction");
    let running = locked.balance;
    const rows = lines.map((line) => {
      running += line.amount;
      return {
        userId,
        actorId,
        amount: line.amount,
        balanceAfter: running,
        reason: line.reason,
        kind: line.kind,
        courseId: line.courseId ?? null,
      };
    });
    const entries = rows.length > 0 ? await tx.insert(walletLedger).values(rows).returning() : [];
    return { ok: true, balance, user, entries };
  });
}

export type CreditOutcome =
  | { ok: true; balance: number; user: User; entry: LedgerEntry }
  | { ok: false; reason: "not_found" | "balance_limit" };

/** Adds `amount` minor units to a wallet (a credit, an approved top-up, a card payment, a refund). */
export async function creditWallet(
  db: Queryable,
  {
    userId,
    actorId,
    amount,
    reason,
    kind = "credit",
    courseId = null,
  }: {
    userId: string;
    actorId: string | null;
    amount: number;
    reason: string;
    kind?: LedgerKind;
    /** The course a refund gives money back for. */
    courseId?: number | null;
  },
): Promise<CreditOutcome> {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`creditWallet expects a positive integer of minor units, got ${amount}`);
  }
  const change = await changeWalletBalance(db, {
    userId,
    actorId,
    lines: [{ amount, reason, kind, courseId }],
  });
  if (!change.ok) return { ok: false, reason: change.reason === "not_found" ? "not_found" : "balance_limit" };
  const [entry] = change.entries;
  if (!entry) throw new Error("creditWallet: no ledger row written");
  return { ok: true, balance: change.balance, user: change.user, entry };
}

/** The JSON API shows money in currency units: a user's balance as 10.5, never 1050. */
export function withBalanceInCurrencyUnits<T extends { walletBalance: number }>(user: T): T {
  return { ...user, walletBalance: toCurrencyUnits(user.walletBalance) };
}

/** A ledger row as the JSON API shows it: amounts in currency units, the actor left out. */
export function ledgerEntryForApi(entry: LedgerEntry) {
  return {
    id: entry.id,
    amount: toCurrencyUnits(entry.amount),
    balanceAfter: toCurrencyUnits(entry.balanceAfter),
    reason: entry.reason,
    kind: entry.kind,
    createdAt: entry.createdAt.toISOString(),
  };
}
