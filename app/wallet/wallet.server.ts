// Wallet rules: amounts typed by people become integer minor units here, and every balance change is one
// locked transaction that writes the ledger row together with the new balance.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "../db/client.server";
import { type LedgerKind, type User, users, walletLedger } from "../db/schema";
import { INT4_MAX } from "../lib/validation";

/** Minor units per currency unit: CURRENCY is validated to have two decimals (app/config.server.ts). */
export const MINOR_UNITS_PER_UNIT = 100;

/** The largest single credit an admin may type: 1,000,000.00. */
export const MAX_CREDIT_MINOR_UNITS = 1_000_000 * MINOR_UNITS_PER_UNIT;

/** walletBalance is an int4 column; a credit that would pass this is refused rather than failing in SQL. */
export const MAX_BALANCE_MINOR_UNITS = INT4_MAX;

// Digits only, with an optional point and one or two decimals: no signs, exponents, spaces inside or hex.
const AMOUNT_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Arabic keyboards type Arabic-Indic digits and the Arabic decimal separator; both mean the same number. */
export function toAsciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, ".");
}

/**
 * A typed amount in currency units ("10.1", 10.5) as integer minor units (1010, 1050), or null when it is
 * not positive, has more than two decimals or exceeds 1,000,000.00. The digits are read as text, so
 * "0.29" is 29 exactly rather than 28.999….
 */
export function parseCurrencyAmount(input: string | number): number | null {
  if (typeof input === "number" && !Number.isFinite(input)) return null;
  // String(10.5) is "10.5"; numbers that only print with an exponent (1e21, 1e-7) fail the pattern below.
  const text = toAsciiDigits(String(input).trim());
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const [, whole = "", fraction = ""] = match;
  // Leading zeros aside, more than 7 whole digits is above the maximum; checking first keeps Number() exact.
  if (whole.replace(/^0+/, "").length > 7) return null;
  const minorUnits = Number(whole) * MINOR_UNITS_PER_UNIT + Number(fraction.padEnd(2, "0"));
  return minorUnits > 0 && minorUnits <= MAX_CREDIT_MINOR_UNITS ? minorUnits : null;
}

/** Minor units as the plain number the JSON API shows (1050 → 10.5). */
export function toCurrencyUnits(minorUnits: number): number {
  return minorUnits / MINOR_UNITS_PER_UNIT;
}

/** A form or JSON amount (number or numeric text) → minor units. Messages are keys in the `admin` namespace. */
export const CurrencyAmount = z
  .union([z.number(), z.string()], { error: "errors.amountInvalid" })
  .transform((value, ctx) => {
    const minorUnits = parseCurrencyAmount(value);
    if (minorUnits === null) {
      ctx.addIssue({ code: "custom", message: "errors.amountInvalid" });
      return z.NEVER;
    }
    return minorUnits;
  });

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

export type CreditOutcome =
  | { ok: true; balance: number; user: User; entry: LedgerEntry }
  | { ok: false; reason: "not_found" | "balance_limit" };

/**
 * Adds `amount` minor units to a wallet. The user row is locked first, so concurrent credits queue up and
 * each ledger row's balanceAfter is exact; the balance and its ledger row commit or roll back together.
 */
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
  // A caller bug, not a user mistake: user input goes through parseCurrencyAmount before it gets here.
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`creditWallet expects a positive integer of minor units, got ${amount}`);
  }
  // Not a uuid cannot name a user; asking PostgreSQL would raise a syntax error instead of "not found".
  if (!z.guid().safeParse(userId).success) return { ok: false, reason: "not_found" };
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ walletBalance: users.walletBalance })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!locked) return { ok: false, reason: "not_found" } as const;
    const balance = locked.walletBalance + amount;
    if (balance > MAX_BALANCE_MINOR_UNITS) return { ok: false, reason: "balance_limit" } as const;
    const [user] = await tx
      .update(users)
      .set({ walletBalance: balance })
      .where(eq(users.id, userId))
      .returning();
    const [entry] = await tx
      .insert(walletLedger)
      .values({ userId, actorId, amount, balanceAfter: balance, reason, kind, courseId })
      .returning();
    if (!user || !entry) throw new Error("creditWallet: the locked user row vanished inside its transaction");
    return { ok: true, balance, user, entry } as const;
  });
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
