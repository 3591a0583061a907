// What Moyasar's webhook delivers (https://docs.moyasar.com/api/other/webhooks/webhook-reference): a JSON
// event `{id, type, created_at, secret_token, live, data}` whose `data` is the payment, carrying the
// `invoice_id` of the invoice it paid. Only `secret_token` (compared in constant time with
// MOYASAR_WEBHOOK_SECRET) and the invoice id are read: the outcome always comes from the API.
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";

const Id = z.string().min(1).max(200);

export const MoyasarWebhookEvent = z.looseObject({
  id: Id.describe("The event's id: a replay carries the same one"),
  type: z.string().max(100).describe("payment_paid, payment_failed, payment_refunded…"),
  secret_token: z.string().max(1_000).describe("The webhook's secret token, as set in Moyasar's dashboard"),
  data: z.looseObject({
    id: Id.describe("The payment's id"),
    invoice_id: Id.nullish().describe("The invoice the payment is for"),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  }),
});
export type MoyasarWebhookEvent = z.infer<typeof MoyasarWebhookEvent>;

/** The token against the configured secret, in constant time (digests of equal length, whatever was sent). */
export function webhookSecretMatches(given: string, secret: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(secret, "utf8").digest();
  return timingSafeEqual(a, b) && given.length === secret.length;
}

/** The order the payment's metadata names, only a hint for finding the order before its reference is stored. */
export function orderIdHint(event: MoyasarWebhookEvent): number | null {
  const value = Number(event.data.metadata?.order_id);
  return Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}
