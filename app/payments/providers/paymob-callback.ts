// What Paymob's transaction processed callback delivers, and how it is verified
// (https://developers.paymob.com/paymob-docs/developers/webhook-callbacks-and-hmac/hmac/hmac-transaction-callback):
// a POST of `{type: "TRANSACTION", obj: transaction}` to the intention's notification_url, with
// `?hmac=<hex>` on the URL: HMAC-SHA512, keyed with PAYMOB_HMAC_SECRET, of twenty of the transaction's fields
// concatenated without separators in a fixed order. Paymob does not sign the body as sent, so the check is
// computed from the parsed fields, and nothing is read from them before it passes. Even then only the
// Paymob order id (and our order number, as a hint) is taken: the outcome always comes from Paymob's API.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { isRowId } from "../../lib/validation";
import { parseOrderNumber } from "../../orders/policy";

/** The signed fields, in Paymob's order: paths into the transaction object. */
const SIGNED_FIELDS = [
  "amount_cents",
  "created_at",
  "currency",
  "error_occured",
  "has_parent_transaction",
  "id",
  "integration_id",
  "is_3d_secure",
  "is_auth",
  "is_capture",
  "is_refunded",
  "is_standalone_payment",
  "is_voided",
  "order.id",
  "owner",
  "pending",
  "source_data.pan",
  "source_data.sub_type",
  "source_data.type",
  "success",
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function fieldText(transaction: Record<string, unknown>, path: string): string {
  let value: unknown = transaction;
  for (const key of path.split(".")) value = isRecord(value) ? value[key] : undefined;
  // As Paymob's own samples print them: booleans as true/false, numbers as written, a missing value empty.
  if (value === undefined || value === null) return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return String(value);
  return JSON.stringify(value);
}

/** The string Paymob signs for a transaction (exported for the tests' fake, which signs as Paymob does). */
export function paymobSignedText(transaction: Record<string, unknown>): string {
  return SIGNED_FIELDS.map((path) => fieldText(transaction, path)).join("");
}

export function paymobHmac(transaction: Record<string, unknown>, secret: string): string {
  return createHmac("sha512", secret).update(paymobSignedText(transaction), "utf8").digest("hex");
}

/** The `hmac` given against the one computed, in constant time; anything that is not 128 hex digits fails. */
export function paymobHmacMatches(
  transaction: Record<string, unknown>,
  given: string,
  secret: string,
): boolean {
  if (!/^[0-9a-f]{128}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(paymobHmac(transaction, secret), "hex"), Buffer.from(given, "hex"));
}

const Id = z.union([z.int().min(1), z.string().regex(/^\d{1,19}$/)]);

export const PaymobCallback = z.looseObject({
  type: z.string().max(50).describe("TRANSACTION for a payment's callback; TOKEN (a saved card) is ignored"),
  obj: z
    .looseObject({
      id: Id.describe("The transaction's id"),
      success: z.boolean().optional(),
      pending: z.boolean().optional(),
      order: z
        .looseObject({
          id: Id.describe("Paymob's order id: the intention's, stored as the order's provider reference"),
          merchant_order_id: z
            .string()
            .max(200)
            .nullish()
            .describe("The intention's special_reference: our order number"),
        })
        .describe("The Paymob order the transaction belongs to"),
    })
    .describe("The transaction, as Paymob's transaction inquiry returns it"),
});
export type PaymobCallback = z.infer<typeof PaymobCallback>;

/**
 * The intention's special_reference: our order number and a random tail. Paymob refuses a reference it has
 * seen, and a test account is shared by installs whose order numbers start again from 1.
 */
export function paymobSpecialReference(orderNumber: string, tail: string): string {
  return `${orderNumber}/${tail}`;
}

/** The order our own number in a special_reference names, or null. */
export function orderIdOfSpecialReference(reference: string | null | undefined): number | null {
  const id = reference ? parseOrderNumber(reference.split("/")[0] ?? "") : null;
  return id !== null && isRowId(id) ? id : null;
}

/** The order our own number in the callback names: only a hint, before the reference is stored. */
export function paymobOrderIdHint(callback: PaymobCallback): number | null {
  return orderIdOfSpecialReference(callback.obj.order.merchant_order_id);
}
