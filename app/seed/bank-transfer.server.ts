// The demo's bank account, so a fresh install shows what a learner sees when topping up by transfer. The
// IBAN is the Saudi example from the IBAN registry (valid check digits, nobody's account); the names say
// "demo" so no one sends money to it, and an admin replaces it at /dashboard/admin/bank-transfer.
import type { Database } from "../db/client.server";
import { bankTransferAccount } from "../db/schema";

export async function seedDemoBankAccount(db: Database): Promise<void> {
  await db
    .insert(bankTransferAccount)
    .values({
      id: 1,
      bankName: "Demo Bank (example — replace in the admin settings)",
      accountHolder: "Manara Academy (demo)",
      iban: "SA0380000000608010167519",
      swift: "RJHISARI",
      instructions: "Transfers made before 14:00 Riyadh time on a working day usually arrive the same day.",
      instructionsAr: "تصل التحويلات المرسلة قبل الساعة 14:00 بتوقيت الرياض في يوم عمل عادةً في اليوم نفسه.",
    })
    .onConflictDoNothing({ target: bankTransferAccount.id });
}
