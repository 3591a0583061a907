// One interface for every card provider that takes orders (issue 46, item 3): a hosted payment page for a
// pending order, the payment's state as the provider's own API says it, and a refund. Each provider is one
// module beside this; `registry.server.ts` says which are on (several may be at once).

export const CARD_PROVIDERS = ["moyasar", "paymob", "stripe"] as const;
export type CardProviderName = (typeof CARD_PROVIDERS)[number];

export const isCardProviderName = (value: string): value is CardProviderName =>
  (CARD_PROVIDERS as readonly string[]).includes(value);

/** What we ask a provider to collect: an order's total, in integer minor units of its currency. */
export type HostedPaymentRequest = {
  orderId: number;
  orderNumber: string;
  amount: number;
  currency: string;
  description: string;
  /** Where the buyer lands after paying (our result page, on PUBLIC_URL). */
  successUrl: string;
  /** Where the buyer lands after giving up or a refused card. */
  backUrl: string;
  /** Where the provider tells our server that something happened (our webhook, on PUBLIC_URL). */
  callbackUrl: string;
  /** The provider's page stops taking payments then (the order's expiry). */
  expiresAt: Date;
  /** Who pays, for providers whose page asks for billing details (Paymob); not sent to the others. */
  buyer?: { name: string; email: string };
};

export type HostedPayment = {
  /** The provider's id for it (Moyasar: the invoice id), stored on the order as `provider_ref`. */
  reference: string;
  /** The page the buyer is sent to. */
  redirectUrl: string;
};

/**
 * The state of a hosted payment as the provider's API answers it, never as a redirect or callback claims.
 * `amount` and `currency` are the provider's own figures (minor units, upper-case ISO code).
 */
export type ProviderPaymentState = {
  status: "paid" | "pending" | "failed";
  amount: number;
  currency: string;
  /** The payment that paid (or last tried to pay) it, the one a refund names; null while nobody tried. */
  paymentId: string | null;
  /** The order id the provider keeps in its metadata, as we sent it; null when absent. */
  orderId: number | null;
  /** The provider's own status word, for the order's timeline. */
  providerStatus: string;
};

export type RefundResult = { ok: true; refunded: number } | { ok: false; reason: string };

export interface CardProvider {
  readonly name: CardProviderName;
  /** The origin of the hosted pages: the checkout form's CSP lets a POST redirect there. */
  readonly checkoutOrigins: string[];
  createHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment>;
  fetchPayment(reference: string): Promise<ProviderPaymentState>;
  /** Gives `amount` (minor units; the whole payment when omitted) back to the card that paid. */
  refund(paymentId: string, amount?: number): Promise<RefundResult>;
}

/**
 * The provider could not be asked (a timeout, a refused connection, a 5xx, an answer we cannot read): the
 * caller tries again later (a job's retry, the reconciliation), and nothing is concluded from it.
 */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: CardProviderName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
    this.name = "ProviderUnavailableError";
  }
}
