// The bank account learners transfer to: read by the wallet, help and admin pages, saved by an admin.
import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { type BankTransferAccount, bankTransferAccount } from "../db/schema";
import type { BankAccountInput } from "./bank-account";

/** The account, or null while no admin has entered one (then no one can ask for a top-up by transfer). */
export async function readBankAccount(db: Queryable): Promise<BankTransferAccount | null> {
  const [account] = await db.select().from(bankTransferAccount).where(eq(bankTransferAccount.id, 1));
  return account ?? null;
}

/** Replaces the account (one row, id 1) and says who changed it. */
export async function saveBankAccount(
  db: Queryable,
  adminId: string | null,
  input: BankAccountInput,
): Promise<BankTransferAccount> {
  const values = { ...input, updatedById: adminId, updatedAt: new Date() };
  const [saved] = await db
    .insert(bankTransferAccount)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: bankTransferAccount.id, set: values })
    .returning();
  if (!saved) throw new Error("saveBankAccount: upsert returned nothing");
  return saved;
}

/** The account as the API and pages show it, in the reader's language (Arabic falls back to English). */
export function bankAccountView(account: BankTransferAccount, locale: "en" | "ar") {
  return {
    bankName: account.bankName,
    accountHolder: account.accountHolder,
    iban: account.iban,
    swift: account.swift,
    instructions: (locale === "ar" ? account.instructionsAr : null) ?? account.instructions,
    updatedAt: account.updatedAt,
  };
}
