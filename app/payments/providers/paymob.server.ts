// Paymob through its Intention API and unified checkout
// (https://developers.paymob.com/paymob-docs/developers/intention-apis/create-intention): an intention per
// order (POST /v1/intention/ with the amount in minor units, the currency, the integrations to offer, the
// buyer's billing data, our order number as special_reference, notification_url and redirection_url), the
// buyer sent to /unifiedcheckout/ with the public key and the intention's client secret. Paymob answers with
// its own order id (`intention_order_id`): that is the order's provider reference. Its state is read back with
// the transaction inquiry (POST /api/ecommerce/orders/transaction_inquiry {order_id}), refunds go through
// POST /api/acceptance/void_refund/refund. Each call is authorised by `Token <PAYMOB_SECRET_KEY>`.
// PAYMOB_API_URL picks the region (or the tests' fake, tests/fakes/paymob.ts).
import { randomBytes } from "node:crypto";
import type { PaymobConfig } from "../../config.server";
import { orderIdOfSpecialReference, paymobSpecialReference } from "./paymob-callback";
import {
  type CardProvider,
  type HostedPayment,
  type HostedPaymentRequest,
  type ProviderPaymentState,
  ProviderUnavailableError,
  type RefundResult,
} from "./types";

/** A transaction as the inquiry (and the callback) gives it: only what is read here. */
export type PaymobTransaction = {
  id: number;
  success: boolean;
  pending: boolean;
  amountCents: number;
  currency: string;
  isRefunded: boolean;
  isVoided: boolean;
  orderId: number;
  merchantOrderId: string | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const toId = (value: unknown): number | null => {
  const id = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
};

export function readTransaction(body: unknown): PaymobTransaction | null {
  if (!isRecord(body) || !isRecord(body.order)) return null;
  const id = toId(body.id);
  const orderId = toId(body.order.id);
  const { amount_cents: amountCents, currency } = body;
  if (id === null || orderId === null || typeof currency !== "string") return null;
  if (typeof amountCents !== "number" || !Number.isSafeInteger(amountCents) || amountCents < 0) return null;
  return {
    id,
    success: body.success === true,
    pending: body.pending === true,
    amountCents,
    currency,
    isRefunded: body.is_refunded === true,
    isVoided: body.is_voided === true,
    orderId,
    merchantOrderId: typeof body.order.merchant_order_id === "string" ? body.order.merchant_order_id : null,
  };
}

/**
 * A payment id as this module hands it out: Paymob's order and transaction ids together, so that a retried
 * refund can ask the order whether its first attempt went through.
 */
const paymentIdOf = (transaction: PaymobTransaction) => `${transaction.orderId}:${transaction.id}`;

function splitPaymentId(paymentId: string): { orderId: number; transactionId: number } | null {
  const [orderId, transactionId] = paymentId.split(":").map(toId);
  return orderId && transactionId ? { orderId, transactionId } : null;
}

/**
 * What a transaction means for its order (pure). Paid is Paymob's `success` on a settled transaction that was
 * neither voided nor refunded, with the transaction's own amount and currency (the money that moved); still
 * `pending` (a kiosk payment waiting for cash, a 3-D Secure step) is pending; anything else failed.
 */
export function transactionState(transaction: PaymobTransaction): ProviderPaymentState {
  const status =
    transaction.pending && !transaction.isVoided
      ? "pending"
      : transaction.success && !transaction.isVoided && !transaction.isRefunded
        ? "paid"
        : "failed";
  const providerStatus = transaction.isRefunded
    ? "refunded"
    : transaction.isVoided
      ? "voided"
      : transaction.pending
        ? "pending"
        : transaction.success
          ? "success"
          : "declined";
  return {
    status,
    amount: transaction.amountCents,
    currency: transaction.currency.toUpperCase(),
    paymentId: paymentIdOf(transaction),
    orderId: orderIdOfSpecialReference(transaction.merchantOrderId),
    providerStatus,
  };
}

/** Paymob's billing data needs a first and a last name, an email and a phone; "NA" where we have none. */
function billingData(buyer: HostedPaymentRequest["buyer"]) {
  const [first = "NA", ...rest] = (buyer?.name ?? "").trim().split(/\s+/).filter(Boolean);
  return {
    first_name: first.slice(0, 50),
    last_name: (rest.join(" ") || "NA").slice(0, 50),
    email: buyer?.email ?? "NA",
    phone_number: "NA",
  };
}

export type PaymobOptions = { timeoutMs?: number };

export function paymobProvider(
  config: PaymobConfig,
  { timeoutMs = 10_000 }: PaymobOptions = {},
): CardProvider {
  const authorization = `Token ${config.secretKey}`;

  async function call(path: string, body: unknown) {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method: "POST",
        headers: {
          Authorization: authorization,
          Accept: "application/json",
          "Content-Type": "application/json",
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      throw new ProviderUnavailableError("paymob", `POST ${path} did not answer`, { cause: error });
    }
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      json = null;
    }
    if (
      response.status >= 500 ||
      response.status === 429 ||
      response.status === 401 ||
      response.status === 403
    )
      throw new ProviderUnavailableError("paymob", `POST ${path} answered ${response.status}`);
    return { status: response.status, json };
  }

  async function inquire(orderId: number): Promise<PaymobTransaction | null> {
    const { status, json } = await call("/api/ecommerce/orders/transaction_inquiry", { order_id: orderId });
    // No transaction yet: nobody has tried to pay this order.
    if (status === 404) return null;
    const transaction = status === 200 ? readTransaction(json) : null;
    if (!transaction || transaction.orderId !== orderId)
      throw new ProviderUnavailableError("paymob", `the inquiry of order ${orderId} answered ${status}`);
    return transaction;
  }

  return {
    name: "paymob",
    checkoutOrigins: [new URL(config.apiUrl).origin],

    async createHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment> {
      const billing = billingData(request.buyer);
      const { status, json } = await call("/v1/intention/", {
        amount: request.amount,
        currency: request.currency,
        payment_methods: config.integrationIds,
        items: [
          {
            name: request.orderNumber,
            amount: request.amount,
            description: request.description,
            quantity: 1,
          },
        ],
        billing_data: billing,
        customer: { first_name: billing.first_name, last_name: billing.last_name, email: billing.email },
        special_reference: paymobSpecialReference(request.orderNumber, randomBytes(4).toString("hex")),
        notification_url: request.callbackUrl,
        redirection_url: request.successUrl,
        expiration: Math.max(60, Math.floor((request.expiresAt.getTime() - Date.now()) / 1000)),
        extras: { order_id: request.orderId },
      });
      const orderId = isRecord(json) ? toId(json.intention_order_id) : null;
      const clientSecret = isRecord(json) && typeof json.client_secret === "string" ? json.client_secret : "";
      if (status >= 300 || orderId === null || !clientSecret)
        throw new ProviderUnavailableError("paymob", `creating an intention answered ${status}`);
      const redirect = new URL("/unifiedcheckout/", config.apiUrl);
      redirect.searchParams.set("publicKey", config.publicKey);
      redirect.searchParams.set("clientSecret", clientSecret);
      return { reference: String(orderId), redirectUrl: redirect.toString() };
    },

    async fetchPayment(reference: string): Promise<ProviderPaymentState> {
      const orderId = toId(reference);
      if (orderId === null)
        throw new ProviderUnavailableError("paymob", `"${reference}" is no Paymob order id`);
      const transaction = await inquire(orderId);
      if (transaction) return transactionState(transaction);
      return {
        status: "pending",
        amount: 0,
        currency: "",
        paymentId: null,
        orderId: null,
        providerStatus: "intended",
      };
    },

    async refund(paymentId: string, amount?: number): Promise<RefundResult> {
      const ids = splitPaymentId(paymentId);
      if (!ids) return { ok: false, reason: `"${paymentId}" is no Paymob payment` };
      // Paymob refunds an amount, never "the rest": the caller always knows it (the payment's own).
      if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0)
        return { ok: false, reason: "Paymob refunds need the amount" };
      const { status, json } = await call("/api/acceptance/void_refund/refund", {
        transaction_id: ids.transactionId,
        amount_cents: amount,
      });
      if (status < 300 && isRecord(json) && json.success === true) return { ok: true, refunded: amount };
      // Refunded before (a retried job whose answer was lost): Paymob refuses a second one, and the order's
      // transaction says it is refunded.
      const transaction = await inquire(ids.orderId);
      if (transaction?.isRefunded) return { ok: true, refunded: amount };
      const message =
        isRecord(json) && typeof json.detail === "string"
          ? json.detail
          : isRecord(json) && typeof json.message === "string"
            ? json.message
            : `status ${status}`;
      return { ok: false, reason: message };
    },
  };
}
