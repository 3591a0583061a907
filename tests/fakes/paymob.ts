// A local HTTP server that speaks the part of Paymob's API card orders use, as documented
// (https://developers.paymob.com/paymob-docs): POST /v1/intention/ (amount in minor units, currency,
// payment_methods as integration ids, items adding up to the amount, billing_data, special_reference,
// notification_url, redirection_url, expiration, extras) → the intention with its `client_secret` and
// `intention_order_id`; POST /api/ecommerce/orders/transaction_inquiry {order_id} → the order's last
// transaction (404 while there is none); POST /api/acceptance/void_refund/refund {transaction_id,
// amount_cents}. Every call is authorised by `Token <secret key>`. It also serves the unified checkout
// (`/unifiedcheckout/?publicKey&clientSecret`, a plain page with "Pay" and "Decline"): paying or declining
// there records a transaction, POSTs the transaction processed callback to notification_url with its
// `?hmac=` (HMAC-SHA512 of the twenty signed fields, as Paymob computes it), then redirects the browser to
// redirection_url with the transaction response callback's query, so end-to-end tests pay without JavaScript.
//
// The wrong answers, for tests: a declined card; the transaction's amount or currency changed after payment
// (`tamper`); callbacks replayed (`replay`) or forged (`forgedCallback`); an API that answers too late
// (`delayNext`) or with a 500 (`failNext`); an unknown integration id; a special_reference used before.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { paymobHmac } from "../../app/payments/providers/paymob-callback";

export type FakePaymobTransaction = {
  id: number;
  pending: boolean;
  amount_cents: number;
  success: boolean;
  is_auth: boolean;
  is_capture: boolean;
  is_standalone_payment: boolean;
  is_voided: boolean;
  is_refunded: boolean;
  is_3d_secure: boolean;
  integration_id: number;
  has_parent_transaction: boolean;
  error_occured: boolean;
  refunded_amount_cents: number;
  owner: number;
  created_at: string;
  currency: string;
  order: { id: number; merchant_order_id: string; amount_cents: number; currency: string };
  source_data: { pan: string; sub_type: string; type: string };
  data: { message: string };
};

export type FakePaymobIntention = {
  id: string;
  client_secret: string;
  intention_order_id: number;
  status: "intended" | "processed";
  special_reference: string;
  amount: number;
  currency: string;
  payment_methods: number[];
  billing_data: Record<string, string>;
  notification_url: string | null;
  redirection_url: string | null;
  expiration: number | null;
  extras: Record<string, unknown>;
  transactions: FakePaymobTransaction[];
};

export type FakePaymobCallback = { url: string; body: { type: "TRANSACTION"; obj: FakePaymobTransaction } };

/** How the fake hands a callback to the app: over HTTP by default; tests may run the route directly. */
export type PaymobCallbackSender = (callback: FakePaymobCallback) => Promise<void>;

export type FakePaymob = {
  url: string;
  /** The origin to configure as PAYMOB_API_URL. */
  apiUrl: string;
  /** By Paymob order id (the intention_order_id). */
  intentions: Map<number, FakePaymobIntention>;
  requests: { path: string; authorized: boolean; body: unknown }[];
  /** Every callback the fake sent, in order. */
  callbacks: FakePaymobCallback[];
  refunds: { transactionId: number; amountCents: number }[];
  /** Pays with a test card, sends the callback and answers the URL the browser goes to. */
  pay: (orderId: number, options?: { callback?: boolean }) => Promise<string>;
  /** A declined card: a failed transaction, the callback, and the redirection. */
  decline: (orderId: number, options?: { callback?: boolean }) => Promise<string>;
  /** Changes what the inquiry says about the order's transaction from now on. */
  tamper: (orderId: number, change: { amount?: number; currency?: string }) => void;
  /** Sends a callback again, as Paymob's retries do. */
  replay: (callback: FakePaymobCallback) => Promise<void>;
  /** A callback claiming the order is paid, signed with a wrong secret. */
  forgedCallback: (orderId: number) => FakePaymobCallback;
  /** The next `count` API calls answer after `ms` milliseconds. */
  delayNext: (ms: number, count?: number) => void;
  /** The next API call answers 500. */
  failNext: () => void;
  close: () => Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const httpSender: PaymobCallbackSender = async ({ url, body }) => {
  await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
};

const BILLING_REQUIRED = ["first_name", "last_name", "email", "phone_number"] as const;

export async function startFakePaymob({
  secretKey,
  publicKey,
  hmacSecret,
  integrationIds,
  port = 0,
  sendCallback = httpSender,
}: {
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  integrationIds: number[];
  port?: number;
  sendCallback?: PaymobCallbackSender;
}): Promise<FakePaymob> {
  const intentions = new Map<number, FakePaymobIntention>();
  const bySecret = new Map<string, FakePaymobIntention>();
  const transactions = new Map<number, FakePaymobTransaction>();
  const references = new Set<string>();
  const requests: FakePaymob["requests"] = [];
  const callbacks: FakePaymobCallback[] = [];
  const refunds: FakePaymob["refunds"] = [];
  const tampered = new Map<number, { amount?: number; currency?: string }>();
  let delay = { ms: 0, count: 0 };
  let failures = 0;
  let nextOrderId = 300_000_000;
  let nextTransactionId = 190_000_000;
  let origin = "";

  const view = (transaction: FakePaymobTransaction): FakePaymobTransaction => {
    const change = tampered.get(transaction.order.id);
    if (!change) return transaction;
    return {
      ...transaction,
      amount_cents: change.amount ?? transaction.amount_cents,
      currency: change.currency ?? transaction.currency,
    };
  };

  function callbackFor(
    intention: FakePaymobIntention,
    transaction: FakePaymobTransaction,
    secret = hmacSecret,
  ) {
    const url = new URL(intention.notification_url ?? `${origin}/nowhere`);
    url.searchParams.set("hmac", paymobHmac(transaction, secret));
    return { url: url.toString(), body: { type: "TRANSACTION" as const, obj: structuredClone(transaction) } };
  }

  function transactionFor(intention: FakePaymobIntention, success: boolean): FakePaymobTransaction {
    return {
      id: nextTransactionId++,
      pending: false,
      amount_cents: intention.amount,
      success,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: true,
      integration_id: intention.payment_methods[0] ?? 0,
      has_parent_transaction: false,
      error_occured: false,
      refunded_amount_cents: 0,
      owner: 302852,
      created_at: new Date().toISOString().replace("Z", ""),
      currency: intention.currency,
      order: {
        id: intention.intention_order_id,
        merchant_order_id: intention.special_reference,
        amount_cents: intention.amount,
        currency: intention.currency,
      },
      source_data: success
        ? { pan: "2346", sub_type: "MasterCard", type: "card" }
        : { pan: "0002", sub_type: "Visa", type: "card" },
      data: { message: success ? "Approved" : "Do not honour" },
    };
  }

  async function settle(orderId: number, success: boolean, callback: boolean): Promise<string> {
    const intention = intentions.get(orderId);
    if (!intention) throw new Error(`fake Paymob: no order ${orderId}`);
    if (intention.status !== "intended")
      throw new Error(`fake Paymob: order ${orderId} is ${intention.status}`);
    const transaction = transactionFor(intention, success);
    transactions.set(transaction.id, transaction);
    intention.transactions.push(transaction);
    if (success) intention.status = "processed";
    const sent = callbackFor(intention, transaction);
    callbacks.push(sent);
    if (callback && intention.notification_url) await sendCallback(sent);
    // The transaction response callback: the browser comes back with the transaction in the query.
    const back = new URL(intention.redirection_url ?? `${origin}/`);
    back.searchParams.set("id", String(transaction.id));
    back.searchParams.set("success", String(transaction.success));
    back.searchParams.set("pending", String(transaction.pending));
    back.searchParams.set("amount_cents", String(transaction.amount_cents));
    back.searchParams.set("currency", transaction.currency);
    back.searchParams.set("order", String(orderId));
    back.searchParams.set("merchant_order_id", intention.special_reference);
    back.searchParams.set("hmac", paymobHmac({ ...transaction, order: { id: orderId } }, hmacSecret));
    return back.toString();
  }

  async function createIntention(body: Record<string, unknown>) {
    const { amount, currency, payment_methods: methods, items, billing_data: billing } = body;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0)
      return [400, { amount: ["A valid integer is required."] }] as const;
    if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency))
      return [400, { currency: ["Not a valid currency."] }] as const;
    if (!Array.isArray(methods) || methods.length === 0)
      return [400, { payment_methods: ["This field is required."] }] as const;
    if (methods.some((id) => !integrationIds.includes(Number(id))))
      return [
        404,
        {
          detail:
            "Integration ID/Name does not exist in our system . You can find the list of Integration ID’/Names from Merchant Dashboard under Developers → Payment Integrations Tab",
        },
      ] as const;
    const itemList = Array.isArray(items) ? (items as { amount?: unknown; quantity?: unknown }[]) : [];
    const itemsTotal = itemList.reduce(
      (sum, item) => sum + Number(item.amount) * Number(item.quantity ?? 1),
      0,
    );
    if (itemList.length > 0 && itemsTotal !== amount)
      return [400, { detail: "Items total must be equal to amount_cents" }] as const;
    const billingData = (typeof billing === "object" && billing !== null ? billing : {}) as Record<
      string,
      unknown
    >;
    const missing = BILLING_REQUIRED.filter(
      (key) => typeof billingData[key] !== "string" || !billingData[key],
    );
    if (missing.length > 0)
      return [
        400,
        { billing_data: Object.fromEntries(missing.map((key) => [key, ["This field is required."]])) },
      ] as const;
    const reference = typeof body.special_reference === "string" ? body.special_reference : "";
    if (reference && references.has(reference))
      return [400, { detail: "special reference must be unique" }] as const;
    if (reference) references.add(reference);
    const orderId = nextOrderId++;
    const clientSecret = `egy_csk_test_${randomBytes(16).toString("hex")}`;
    const intention: FakePaymobIntention = {
      id: `pi_test_${randomBytes(12).toString("hex")}`,
      client_secret: clientSecret,
      intention_order_id: orderId,
      status: "intended",
      special_reference: reference,
      amount,
      currency,
      payment_methods: methods.map(Number),
      billing_data: Object.fromEntries(
        Object.entries(billingData).map(([key, value]) => [key, String(value)]),
      ),
      notification_url: typeof body.notification_url === "string" ? body.notification_url : null,
      redirection_url: typeof body.redirection_url === "string" ? body.redirection_url : null,
      expiration: typeof body.expiration === "number" ? body.expiration : null,
      extras: (typeof body.extras === "object" && body.extras !== null ? body.extras : {}) as Record<
        string,
        unknown
      >,
      transactions: [],
    };
    intentions.set(orderId, intention);
    bySecret.set(clientSecret, intention);
    return [
      201,
      {
        id: intention.id,
        client_secret: clientSecret,
        intention_order_id: orderId,
        status: "intended",
        special_reference: reference,
        payment_methods: intention.payment_methods.map((id) => ({ integration_id: id, live: false })),
        intention_detail: { amount, currency, items: itemList, billing_data: intention.billing_data },
        extras: { creation_extras: intention.extras },
        confirmed: false,
        object: "paymentintention",
        created: new Date().toISOString(),
      },
    ] as const;
  }

  function refund(body: Record<string, unknown>) {
    const transaction = transactions.get(Number(body.transaction_id));
    if (!transaction) return [404, { detail: "Not found." }] as const;
    const amount = Number(body.amount_cents);
    const left = transaction.amount_cents - transaction.refunded_amount_cents;
    if (!transaction.success || transaction.is_voided)
      return [400, { detail: "Transaction can not be refunded" }] as const;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return [400, { detail: "Refund amount exceeds the remaining amount of the transaction" }] as const;
    transaction.refunded_amount_cents += amount;
    transaction.is_refunded = true;
    refunds.push({ transactionId: transaction.id, amountCents: amount });
    const child: FakePaymobTransaction = {
      ...structuredClone(transaction),
      id: nextTransactionId++,
      amount_cents: amount,
      has_parent_transaction: true,
      is_refunded: false,
      refunded_amount_cents: 0,
      created_at: new Date().toISOString().replace("Z", ""),
    };
    transactions.set(child.id, child);
    return [200, { ...child, is_refund: true, parent_transaction: transaction.id }] as const;
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;
    const method = req.method ?? "GET";
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    try {
      if (method === "GET" && path === "/health") return json(200, { ok: true });
      if (path.startsWith("/unifiedcheckout/")) return await checkoutPage(url, method, res);
      const text = method === "POST" ? await readBody(req) : "";
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return json(400, { detail: "JSON parse error" });
      }
      const authorized = req.headers.authorization === `Token ${secretKey}`;
      requests.push({ path, authorized, body });
      // Whether this request fails is settled as it arrives: a delayed request still asleep must not take a
      // failure meant for one that comes after it.
      const failing = failures > 0;
      if (failing) failures -= 1;
      if (delay.count > 0) {
        delay.count -= 1;
        await new Promise((resolve) => setTimeout(resolve, delay.ms));
      }
      if (failing) {
        return json(500, { detail: "Internal server error" });
      }
      if (!authorized) return json(401, { detail: "Authentication credentials were not provided." });
      if (method === "POST" && path === "/v1/intention/") {
        const [status, answer] = await createIntention(body);
        return json(status, answer);
      }
      if (method === "POST" && path === "/api/ecommerce/orders/transaction_inquiry") {
        const intention = intentions.get(Number(body.order_id));
        const last = intention?.transactions.at(-1);
        if (!last) return json(404, { detail: "Not found." });
        return json(200, view(last));
      }
      if (method === "POST" && path === "/api/acceptance/void_refund/refund") {
        const [status, answer] = refund(body);
        return json(status, answer);
      }
      return json(404, { detail: `Unrecognized request (${method} ${path})` });
    } catch (error) {
      json(500, { detail: (error as Error).message });
    }
  });

  async function checkoutPage(url: URL, method: string, res: ServerResponse) {
    const intention = bySecret.get(url.searchParams.get("clientSecret") ?? "");
    if (!intention || url.searchParams.get("publicKey") !== publicKey) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("No such payment");
      return;
    }
    const choice = /^\/unifiedcheckout\/(pay|decline)$/.exec(url.pathname)?.[1];
    if (method === "POST" && choice) {
      const location =
        intention.status === "intended"
          ? await settle(intention.intention_order_id, choice === "pay", true)
          : (intention.redirection_url ?? "/");
      res.writeHead(303, { Location: location });
      res.end();
      return;
    }
    const query = `?publicKey=${encodeURIComponent(publicKey)}&clientSecret=${encodeURIComponent(intention.client_secret)}`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Paymob (fake) — pay</title></head>
<body><h1>Pay ${escapeHtml((intention.amount / 100).toFixed(2))} ${escapeHtml(intention.currency)}</h1>
<p data-testid="fake-paymob-status">${escapeHtml(intention.status)}</p>
<form method="post" action="/unifiedcheckout/pay${query}"><button type="submit" data-testid="fake-paymob-pay">Pay</button></form>
<form method="post" action="/unifiedcheckout/decline${query}"><button type="submit" data-testid="fake-paymob-decline">Decline</button></form>
</body></html>`);
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: origin,
    apiUrl: origin,
    intentions,
    requests,
    callbacks,
    refunds,
    pay: (orderId, { callback = true } = {}) => settle(orderId, true, callback),
    decline: (orderId, { callback = true } = {}) => settle(orderId, false, callback),
    tamper: (orderId, change) => {
      tampered.set(orderId, change);
    },
    replay: (callback) => sendCallback(callback),
    forgedCallback: (orderId) => {
      const intention = intentions.get(orderId);
      if (!intention) throw new Error(`fake Paymob: no order ${orderId}`);
      return callbackFor(intention, transactionFor(intention, true), "not-the-hmac-secret");
    },
    delayNext: (ms, count = 1) => {
      delay = { ms, count };
    },
    failNext: () => {
      failures = 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
