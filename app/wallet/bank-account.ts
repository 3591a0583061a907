// The bank account learners transfer to, as an admin types it: rules shared by the settings page and the
// JSON API. IBANs are checked by ISO 13616 (the country's length and the mod-97 check digits) with
// ibantools (https://github.com/Simplify/ibantools), BICs by ISO 9362. Messages are keys in the `wallet`
// namespace.
import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import { z } from "zod";
import { toAsciiDigits } from "../lib/money";
import { safeText } from "../lib/validation";

const MAX_NAME = 200;
const MAX_INSTRUCTIONS = 2000;

/** An IBAN as people write it ("sa03 8000 0000 6080 1016 7519") in electronic form, or null if invalid. */
export function normalizeIban(input: string): string | null {
  const electronic = electronicFormatIBAN(toAsciiDigits(input));
  return electronic && isValidIBAN(electronic) ? electronic : null;
}

/** An IBAN in groups of four, as banks print it: easier to read and to type from. */
export function printedIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}

/** A BIC in upper case without spaces, or null if it is not one (8 or 11 characters, ISO 9362). */
export function normalizeBic(input: string): string | null {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  return isValidBIC(compact) ? compact : null;
}

// The shapes, also stated in the OpenAPI document; the check digits and each country's length are checked
// after (normalizeIban). Spaces are allowed between groups, as banks print them.
const IBAN_SHAPE = /^\s*[A-Za-z]{2}\s*[0-9\u0660-\u0669]{2}(?:\s*[A-Za-z0-9\u0660-\u0669]){11,30}\s*$/;
const BIC_SHAPE = /^\s*(?:[A-Za-z]{4}\s*[A-Za-z]{2}\s*[A-Za-z0-9]{2}(?:\s*[A-Za-z0-9]{3})?)?\s*$/;

const requiredName = (error: string) =>
  safeText({ max: MAX_NAME, error }).trim().min(1, { error }).max(MAX_NAME, { error });

const optionalInstructions = safeText({ max: MAX_INSTRUCTIONS, error: "bank.errors.instructionsInvalid" })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));

export const BankAccountInput = z.object({
  bankName: requiredName("bank.errors.bankNameRequired"),
  accountHolder: requiredName("bank.errors.accountHolderRequired"),
  iban: z
    .string({ error: "bank.errors.ibanInvalid" })
    .max(64, { error: "bank.errors.ibanInvalid" })
    .regex(IBAN_SHAPE, { error: "bank.errors.ibanInvalid" })
    .transform((value, ctx) => {
      const iban = normalizeIban(value);
      if (iban === null) {
        ctx.addIssue({ code: "custom", message: "bank.errors.ibanInvalid" });
        return z.NEVER;
      }
      return iban;
    }),
  swift: z
    .string({ error: "bank.errors.swiftInvalid" })
    .max(32, { error: "bank.errors.swiftInvalid" })
    .regex(BIC_SHAPE, { error: "bank.errors.swiftInvalid" })
    .nullish()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const bic = normalizeBic(value);
      if (bic === null) {
        ctx.addIssue({ code: "custom", message: "bank.errors.swiftInvalid" });
        return z.NEVER;
      }
      return bic;
    }),
  instructions: optionalInstructions,
  instructionsAr: optionalInstructions,
});
export type BankAccountInput = z.infer<typeof BankAccountInput>;

/**
 * The reference a learner writes on a transfer so that the admin can match the statement line to the
 * request: the request's number, short enough for any bank's reference field.
 */
export function transferReference(topUpRequestId: number): string {
  return `TU-${String(topUpRequestId).padStart(6, "0")}`;
}
