// A business buyer at checkout (issue 47, item 2): their company's name and VAT registration number. With
// both, the order's invoice is a standard tax invoice (فاتورة ضريبية); without, a simplified one. Free of
// the database; the review page's form and POST /api/checkout's `buyer` share this schema. Messages are
// keys in the `orders` namespace.
import { z } from "zod";
import { safeText } from "../lib/validation";

/**
 * A VAT registration number's shape, spaces taken out: 5 to 20 letters and digits (a Saudi number is 15
 * digits, the first and the last a 3; the UAE's TRN is 15 digits; Egypt's is 9; the EU's start with the
 * country's letters). Not checked against any registry.
 */
export function isVatNumberShape(text: string): boolean {
  return /^[A-Z0-9]{5,20}$/.test(text);
}

export function normalizeVatNumber(text: string): string {
  return text.replace(/[\s-]+/g, "").toUpperCase();
}

export const BuyerInput = z.object(
  {
    company: safeText({ max: 200, error: "checkout.errors.company" })
      .trim()
      .min(2, { error: "checkout.errors.company" }),
    vatNumber: z
      .string({ error: "checkout.errors.vatNumber" })
      .max(40, { error: "checkout.errors.vatNumber" })
      .transform(normalizeVatNumber)
      .refine(isVatNumberShape, { error: "checkout.errors.vatNumber" }),
  },
  { error: "checkout.errors.buyer" },
);
export type BuyerInput = z.infer<typeof BuyerInput>;

/**
 * The review page's two optional fields: both empty is a private buyer (null, a simplified invoice);
 * otherwise both must be right, and the refusal names the first wrong one (a key in `orders`).
 */
export function readBuyerFields(
  company = "",
  vatNumber = "",
): { ok: true; buyer: BuyerInput | null } | { ok: false; key: string } {
  if (company.trim() === "" && vatNumber.trim() === "") return { ok: true, buyer: null };
  const parsed = BuyerInput.safeParse({ company, vatNumber });
  if (parsed.success) return { ok: true, buyer: parsed.data };
  return { ok: false, key: parsed.error.issues[0]?.message ?? "checkout.errors.buyer" };
}
