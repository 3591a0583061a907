// POST /api/payments/stripe/webhook: Stripe's events, authenticated by the Stripe-Signature header (an HMAC
// of the raw body with STRIPE_WEBHOOK_SECRET), never by a token or cookie. The raw body is read within the
// 1 MiB limit and verified before anything is parsed; 400 for a bad signature, 404 when Stripe is not
// configured. An event about an order's Checkout Session queues a `card-settle` job keyed by the event's id,
// which settles the order from Stripe's API (decision 067); any other goes to the top-ups. A verified event
// is answered 200 even when it changes nothing (replays, other event types), so Stripe stops retrying it.
import { readConfig } from "../../config.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { enqueueJob } from "../../jobs/queue.server";
import { apiError, apiLocale, bodyErrorResponse, methodNotAllowed } from "../../lib/api.server";
import { logger } from "../../lib/logger.server";
import { BodyError, readBodyBytes } from "../../lib/request-body.server";
import { isRowId } from "../../lib/validation";
import { applyStripeEvent } from "../../payments/card-top-ups.server";
import { cardPayments } from "../../payments/stripe.server";
import type { Route } from "./+types/stripe-webhook";

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const payments = cardPayments();
  if (!payments) return apiError(404, "not_found", i18n.getFixedT(locale)("api.notFound"));
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  let body: string;
  try {
    body = new TextDecoder("utf-8", { fatal: true }).decode(await readBodyBytes(request));
  } catch (error) {
    if (error instanceof BodyError) return bodyErrorResponse(error, i18n.getFixedT(locale));
    return apiError(400, "bad_request", i18n.getFixedT(locale)("api.invalidJson"));
  }
  const signature = request.headers.get("stripe-signature");
  const t = i18n.getFixedT(locale, "payments");
  if (!signature) return apiError(400, "bad_request", t("api.badSignature"));
  let event: Awaited<ReturnType<typeof payments.stripe.webhooks.constructEventAsync>>;
  try {
    event = await payments.stripe.webhooks.constructEventAsync(body, signature, payments.webhookSecret);
  } catch {
    return apiError(400, "bad_request", t("api.badSignature"));
  }
  const order = orderSessionOf(event);
  if (order) {
    const db = getDb(context);
    const job = await enqueueJob(
      db,
      db,
      "card-settle",
      { provider: "stripe", ...order },
      { key: `stripe:${event.id}` },
    );
    return Response.json({ received: true, result: job === null ? "duplicate" : "queued" });
  }
  const outcome = await applyStripeEvent(getDb(context), event, readConfig().currency);
  if (outcome.handled === "failed")
    logger("payments").error({ eventId: event.id, why: outcome.why }, "A Stripe event was not credited");
  return Response.json({ received: true, result: outcome.handled });
}

/** The order a Checkout Session event is about (its metadata names one), or null for a top-up's or another's. */
function orderSessionOf(event: { type: string; data: { object: unknown } }) {
  if (!event.type.startsWith("checkout.session.")) return null;
  const session = event.data.object as { id?: unknown; metadata?: Record<string, string> | null };
  const orderId = Number(session.metadata?.orderId);
  if (typeof session.id !== "string" || !isRowId(orderId)) return null;
  return { reference: session.id, orderId };
}

export function loader({ request, context }: Route.LoaderArgs) {
  if (!cardPayments()) {
    return apiError(404, "not_found", getI18n(context).getFixedT(apiLocale(request))("api.notFound"));
  }
  return methodNotAllowed(request, context, "POST");
}
