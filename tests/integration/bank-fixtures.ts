// A bank account to transfer to: top-ups by transfer are refused until an admin has entered one.
import type { Database } from "../../app/db/client.server";
import { saveBankAccount } from "../../app/wallet/bank-account.server";

/** The IBAN registry's Saudi example: valid check digits, nobody's account. */
export const TEST_IBAN = "SA0380000000608010167519";

export async function publishBankAccount(db: Database) {
  return saveBankAccount(db, null, {
    bankName: "Test Bank",
    accountHolder: "Manara Test",
    iban: TEST_IBAN,
    swift: "RJHISARI",
    instructions: null,
    instructionsAr: null,
  });
}
