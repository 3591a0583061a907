// Moyasar through its hosted Invoices API (https://docs.moyasar.com/api/invoices/create-invoice): an invoice
// per order (amount in minor units, currency, description, success_url, back_url, callback_url, expired_at
// and metadata naming the order), read back with GET /v1/invoices/:id, refunded through
// POST /v1/payments/:id/refund. HTTP Basic auth with the secret key as the user name and no password.
// MOYASAR_API_URL points it at the tests' fake (tests/fakes/moyasar.ts).
import type { MoyasarConfig } from "../../config.server";
import {
  type CardProvider,
  type HostedPayment,
  type HostedPaymentRequest,
  type ProviderPaymentState,
  ProviderUnavailableError,
  type RefundResult,
} from "./types";

/** Moyasar's hosted pages (its invoices' `url`). */
export const MOYASAR_CHECKOUT_ORIGINS = ["https://checkout.moyasar.com", "https://moyasar.com"];

export type MoyasarPayment = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  invoice_id?: string | null;
  refunded?: number;
};

export type MoyasarInvoice = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  url?: string;
  metadata?: Record<string, string> | null;
  payments?: MoyasarPayment[] | null;
};

const PAID = new Set(["paid"]);
const OVER = new Set(["failed", "expired", "canceled", "voided", "refunded"]);

/**
 * What an invoice means for its order (pure). `paid` is Moyasar's word, with the amount and currency of the
 * payment that paid it (the money that moved; the invoice's own when there is no payment). Failed, expired,
 * cancelled, voided or refunded invoices are `failed`; an open invoice whose last attempt failed is `failed`
 * too (the buyer was sent back to us); any other open invoice is `pending`.
 */
export function invoiceState(invoice: MoyasarInvoice): ProviderPaymentState {
  const payments = invoice.payments ?? [];
  const paid = payments.find((payment) => payment.status === "paid");
  const last = payments.at(-1);
  const orderId = Number(invoice.metadata?.order_id);
  const base = {
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
    providerStatus: invoice.status,
  };
  if (PAID.has(invoice.status)) {
    return {
      ...base,
      status: "paid",
      amount: paid?.amount ?? invoice.amount,
      currency: (paid?.currency ?? invoice.currency).toUpperCase(),
      paymentId: paid?.id ?? null,
    };
  }
  const status = OVER.has(invoice.status) || last?.status === "failed" ? "failed" : "pending";
  return {
    ...base,
    status,
    amount: invoice.amount,
    currency: invoice.currency.toUpperCase(),
    paymentId: paid?.id ?? last?.id ?? null,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function readInvoice(body: unknown): MoyasarInvoice | null {
  if (!isRecord(body)) return null;
  const { id, status, amount, currency } = body;
  if (typeof id !== "string" || typeof status !== "string" || typeof currency !== "string") return null;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 0) return null;
  const payments = Array.isArray(body.payments)
    ? body.payments.flatMap((payment): MoyasarPayment[] =>
        isRecord(payment) &&
        typeof payment.id === "string" &&
        typeof payment.status === "string" &&
        typeof payment.amount === "number" &&
        typeof payment.currency === "string"
          ? [
              {
                id: payment.id,
                status: payment.status,
                amount: payment.amount,
                currency: payment.currency,
              },
            ]
          : [],
      )
    : [];
  const metadata = isRecord(body.metadata)
    ? Object.fromEntries(
        Object.entries(body.metadata).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      )
    : null;
  return {
    id,
    status,
    amount,
    currency,
    url: typeof body.url === "string" ? body.url : undefined,
    metadata,
    payments,
  };
}

export type MoyasarOptions = { timeoutMs?: number };

export function moyasarProvider(
  config: MoyasarConfig,
  { timeoutMs = 10_000 }: MoyasarOptions = {},
): CardProvider {
  const authorization = `Basic ${Buffer.from(`${config.secretKey}:`).toString("base64")}`;
  const apiOrigin = new URL(config.apiUrl).origin;

  /** One call to the API: the parsed JSON and the status; a network failure or timeout throws. */
  async function call(method: "GET" | "POST", path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      throw new ProviderUnavailableError("moyasar", `${method} ${path} did not answer`, { cause: error });
    }
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      json = null;
    }
    if (response.status >= 500 || response.status === 429 || response.status === 401)
      throw new ProviderUnavailableError("moyasar", `${method} ${path} answered ${response.status}`);
    return { status: response.status, json };
  }

  return {
    name: "moyasar",
    // The tests' fake serves its pay page on its own origin.
    checkoutOrigins:
      new URL(config.apiUrl).hostname === "api.moyasar.com" ? MOYASAR_CHECKOUT_ORIGINS : [apiOrigin],

    async createHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment> {
      const { status, json } = await call("POST", "/invoices", {
        amount: request.amount,
        currency: request.currency,
        description: request.description,
        success_url: request.successUrl,
        back_url: request.backUrl,
        callback_url: request.callbackUrl,
        expired_at: request.expiresAt.toISOString(),
        metadata: { order_id: String(request.orderId), order_number: request.orderNumber },
      });
      const invoice = status < 300 ? readInvoice(json) : null;
      if (!invoice?.url || !URL.canParse(invoice.url))
        throw new ProviderUnavailableError("moyasar", `creating an invoice answered ${status}`);
      return { reference: invoice.id, redirectUrl: invoice.url };
    },

    async fetchPayment(reference: string): Promise<ProviderPaymentState> {
      const { status, json } = await call("GET", `/invoices/${encodeURIComponent(reference)}`);
      const invoice = status === 200 ? readInvoice(json) : null;
      if (!invoice || invoice.id !== reference)
        throw new ProviderUnavailableError("moyasar", `reading invoice ${reference} answered ${status}`);
      return invoiceState(invoice);
    },

    async refund(paymentId: string, amount?: number): Promise<RefundResult> {
      const path = `/payments/${encodeURIComponent(paymentId)}/refund`;
      const { status, json } = await call("POST", path, amount === undefined ? {} : { amount });
      if (status < 300 && isRecord(json) && json.status === "refunded")
        return { ok: true, refunded: typeof json.refunded === "number" ? json.refunded : (amount ?? 0) };
      // Refunded before (a retried job): Moyasar refuses a second refund; the payment says it is done.
      const { status: readStatus, json: payment } = await call(
        "GET",
        `/payments/${encodeURIComponent(paymentId)}`,
      );
      if (readStatus === 200 && isRecord(payment) && payment.status === "refunded")
        return {
          ok: true,
          refunded: typeof payment.refunded === "number" ? payment.refunded : (amount ?? 0),
        };
      const message = isRecord(json) && typeof json.message === "string" ? json.message : `status ${status}`;
      return { ok: false, reason: message };
    },
  };
}
