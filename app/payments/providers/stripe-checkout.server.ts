// Stripe behind the card providers' interface (issue 46, item 3): the same Checkout the wallet's top-ups use
// (app/payments/stripe.server.ts builds the one client), now for orders. A Checkout Session per order (one
// line for the order's total, `metadata.orderId`, `client_reference_id`, success and cancel URLs on
// PUBLIC_URL, `expires_at` at the order's expiry as far as Stripe allows), read back with
// `checkout.sessions.retrieve`, refunded with `refunds.create` on its PaymentIntent under an idempotency key
// (a retried job gets Stripe's first answer back instead of a second refund).
import type Stripe from "stripe";
import type { CardPayments } from "../stripe.server";
import {
  type CardProvider,
  type HostedPayment,
  type HostedPaymentRequest,
  type ProviderPaymentState,
  ProviderUnavailableError,
  type RefundResult,
} from "./types";

/** Stripe lets a session live from 30 minutes to 24 hours. */
const MIN_LIFETIME_SECONDS = 30 * 60 + 60;
const MAX_LIFETIME_SECONDS = 24 * 60 * 60 - 60;

/** When the session stops taking payments: the order's expiry, moved into the window Stripe accepts. */
export function sessionExpiresAt(expiresAt: Date, now: Date): number {
  const seconds = Math.floor((expiresAt.getTime() - now.getTime()) / 1000);
  const lifetime = Math.min(MAX_LIFETIME_SECONDS, Math.max(MIN_LIFETIME_SECONDS, seconds));
  return Math.floor(now.getTime() / 1000) + lifetime;
}

const paymentIntentId = (session: Stripe.Checkout.Session): string | null =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

/**
 * What a session means for its order (pure): `paid` is Stripe's `payment_status` of a complete session, with
 * its `amount_total` and currency; an expired session failed; anything else (open, or complete and waiting
 * for a delayed payment method) is pending.
 */
export function sessionState(session: Stripe.Checkout.Session): ProviderPaymentState {
  const orderId = Number(session.metadata?.orderId);
  const status =
    session.payment_status === "paid" || session.payment_status === "no_payment_required"
      ? "paid"
      : session.status === "expired"
        ? "failed"
        : "pending";
  return {
    status,
    amount: session.amount_total ?? 0,
    currency: (session.currency ?? "").toUpperCase(),
    paymentId: paymentIntentId(session),
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
    providerStatus: `${session.status ?? "unknown"}/${session.payment_status}`,
  };
}

/** A failure to ask (the network, Stripe's 5xx, a refused key) as the interface names it. */
function unavailable(error: unknown, what: string): ProviderUnavailableError {
  return new ProviderUnavailableError("stripe", `${what} failed`, { cause: error });
}

function isClientError(error: unknown): error is { statusCode: number; message: string } {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 && status !== 401 && status !== 429;
}

export function stripeOrderProvider({ stripe }: CardPayments, checkoutOrigin: string): CardProvider {
  return {
    name: "stripe",
    checkoutOrigins: [checkoutOrigin],

    async createHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: String(request.orderId),
          ...(request.buyer ? { customer_email: request.buyer.email } : {}),
          metadata: { orderId: String(request.orderId), orderNumber: request.orderNumber },
          success_url: request.successUrl,
          cancel_url: request.backUrl,
          expires_at: sessionExpiresAt(request.expiresAt, new Date()),
        });
      } catch (error) {
        throw unavailable(error, "creating a Checkout Session");
      }
      if (!session.url) throw new ProviderUnavailableError("stripe", `session ${session.id} has no URL`);
      return { reference: session.id, redirectUrl: session.url };
    },

    async fetchPayment(reference: string): Promise<ProviderPaymentState> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(reference);
      } catch (error) {
        throw unavailable(error, `reading session ${reference}`);
      }
      if (session.id !== reference) throw new ProviderUnavailableError("stripe", `read another session`);
      return sessionState(session);
    },

    async refund(paymentId: string, amount?: number): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, ...(amount === undefined ? {} : { amount }) },
          { idempotencyKey: `manara-refund:${paymentId}:${amount ?? "all"}` },
        );
        if (refund.status === "failed" || refund.status === "canceled")
          return { ok: false, reason: `the refund is ${refund.status}` };
        return { ok: true, refunded: refund.amount };
      } catch (error) {
        if (isClientError(error)) return { ok: false, reason: error.message };
        throw unavailable(error, `refunding ${paymentId}`);
      }
    },
  };
}
