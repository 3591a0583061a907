// A local HTTP server that speaks the part of Moyasar's API card orders use, as documented
// (https://docs.moyasar.com): POST /v1/invoices (JSON: amount in minor units, currency, description,
// success_url, back_url, callback_url, expired_at, metadata) → the invoice (`initiated`, its hosted `url`);
// GET /v1/invoices/:id; GET /v1/payments/:id; POST /v1/payments/:id/refund. HTTP Basic auth with the
// secret key as user name. It also serves the hosted page (`/pay/:id`, a plain form with "Pay" and
// "Decline"): paying or declining there records the payment, calls the invoice's callback_url with the
// webhook event Moyasar sends ({id, type, secret_token, data: payment}), then redirects the browser to
// success_url or back_url — so end-to-end tests pay without JavaScript.
//
// The wrong answers, for tests: a declined card; the invoice's amount or currency changed after payment
// (`tamper`); callbacks replayed (`replay`) or forged (`forgedEvent`); an API that answers too late
// (`delayNext`) or with a 500 (`failNext`).
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeMoyasarPayment = {
  id: string;
  status: "paid" | "failed" | "refunded";
  amount: number;
  fee: number;
  currency: string;
  refunded: number;
  refunded_at: string | null;
  description: string;
  amount_format: string;
  invoice_id: string;
  metadata: Record<string, string>;
  created_at: string;
  updated_at: string;
  source: { type: "creditcard"; company: string; name: string; number: string; message: string };
};

export type FakeMoyasarInvoice = {
  id: string;
  status: "initiated" | "paid" | "failed" | "expired" | "canceled" | "refunded";
  amount: number;
  currency: string;
  description: string;
  amount_format: string;
  url: string;
  callback_url: string | null;
  success_url: string | null;
  back_url: string | null;
  expired_at: string | null;
  created_at: string;
  updated_at: string;
  metadata: Record<string, string>;
  payments: FakeMoyasarPayment[];
};

export type FakeMoyasarEvent = {
  id: string;
  type: string;
  created_at: string;
  secret_token: string;
  account_name: string;
  live: false;
  data: FakeMoyasarPayment;
};

/** How the fake hands a callback to the app: over HTTP by default; tests may run the route directly. */
export type CallbackSender = (url: string, event: FakeMoyasarEvent) => Promise<void>;

export type FakeMoyasar = {
  url: string;
  /** The base URL to configure as MOYASAR_API_URL. */
  apiUrl: string;
  invoices: Map<string, FakeMoyasarInvoice>;
  requests: { method: string; path: string; authorized: boolean }[];
  /** Every event the fake sent to a callback_url, in order. */
  events: FakeMoyasarEvent[];
  /** Pays the invoice with a test card, sends the callback and answers the URL the browser goes to. */
  pay: (invoiceId: string, options?: { callback?: boolean }) => Promise<string>;
  /** A declined card: a failed payment, the callback, and the back_url. */
  decline: (invoiceId: string, options?: { callback?: boolean }) => Promise<string>;
  /** Changes what the API says about a paid invoice (and its payment) from now on. */
  tamper: (invoiceId: string, change: { amount?: number; currency?: string }) => void;
  /** Sends an event again, as Moyasar's retries do. */
  replay: (event: FakeMoyasarEvent) => Promise<void>;
  /** An event for the invoice signed with a wrong secret, claiming it is paid. */
  forgedEvent: (invoiceId: string) => FakeMoyasarEvent;
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

function formatAmount(amount: number, currency: string) {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${(amount / 10 ** digits).toFixed(digits)} ${currency}`;
}

const httpSender: CallbackSender = async (url, event) => {
  await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(event),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
};

export async function startFakeMoyasar({
  secretKey,
  webhookSecret,
  port = 0,
  sendCallback = httpSender,
}: {
  secretKey: string;
  webhookSecret: string;
  port?: number;
  sendCallback?: CallbackSender;
}): Promise<FakeMoyasar> {
  const invoices = new Map<string, FakeMoyasarInvoice>();
  const payments = new Map<string, FakeMoyasarPayment>();
  const requests: FakeMoyasar["requests"] = [];
  const events: FakeMoyasarEvent[] = [];
  const tampered = new Map<string, { amount?: number; currency?: string }>();
  let delay = { ms: 0, count: 0 };
  let failures = 0;
  let origin = "";
  const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`;

  const view = (invoice: FakeMoyasarInvoice): FakeMoyasarInvoice => {
    const change = tampered.get(invoice.id);
    if (!change) return invoice;
    const amount = change.amount ?? invoice.amount;
    const currency = change.currency ?? invoice.currency;
    return {
      ...invoice,
      amount,
      currency,
      payments: invoice.payments.map((payment) => ({ ...payment, amount, currency })),
    };
  };

  function event(type: string, payment: FakeMoyasarPayment, secret = webhookSecret): FakeMoyasarEvent {
    return {
      id: randomUUID(),
      type,
      created_at: new Date().toISOString(),
      secret_token: secret,
      account_name: "Manara test",
      live: false,
      data: payment,
    };
  }

  function attempt(invoice: FakeMoyasarInvoice, status: "paid" | "failed"): FakeMoyasarPayment {
    const now = new Date().toISOString();
    const payment: FakeMoyasarPayment = {
      id: randomUUID(),
      status,
      amount: invoice.amount,
      fee: 0,
      currency: invoice.currency,
      refunded: 0,
      refunded_at: null,
      description: invoice.description,
      amount_format: invoice.amount_format,
      invoice_id: invoice.id,
      metadata: { ...invoice.metadata },
      created_at: now,
      updated_at: now,
      source: {
        type: "creditcard",
        company: "visa",
        name: "Test Learner",
        number: status === "paid" ? "4111-11XX-XXXX-1111" : "4000-00XX-XXXX-0002",
        message: status === "paid" ? "APPROVED" : "DECLINED",
      },
    };
    payments.set(payment.id, payment);
    invoice.payments.push(payment);
    invoice.updated_at = now;
    if (status === "paid") invoice.status = "paid";
    return payment;
  }

  async function settle(invoiceId: string, status: "paid" | "failed", callback: boolean) {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`fake Moyasar: no invoice ${invoiceId}`);
    if (invoice.status !== "initiated")
      throw new Error(`fake Moyasar: invoice ${invoiceId} is ${invoice.status}`);
    const payment = attempt(invoice, status);
    const sent = event(status === "paid" ? "payment_paid" : "payment_failed", payment);
    events.push(sent);
    if (callback && invoice.callback_url) await sendCallback(invoice.callback_url, sent);
    const target = status === "paid" ? invoice.success_url : invoice.back_url;
    const url = new URL(target ?? `${origin}/`);
    url.searchParams.set("id", payment.id);
    url.searchParams.set("status", payment.status);
    url.searchParams.set("message", payment.source.message);
    url.searchParams.set("invoice_id", invoice.id);
    return url.toString();
  }

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const method = req.method ?? "GET";
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const redirect = (location: string) => {
      res.writeHead(303, { Location: location });
      res.end();
    };
    try {
      if (method === "GET" && path === "/health") return json(200, { ok: true });
      const page = /^\/pay\/([0-9a-f-]{36})(?:\/(pay|decline))?$/.exec(path);
      if (page?.[1]) return await hostedPage(page[1], page[2], method, res, redirect);
      if (!path.startsWith("/v1/")) return json(404, { type: "not_found", message: "Not found" });

      const authorized = req.headers.authorization === expectedAuth;
      requests.push({ method, path, authorized });
      // Whether this request fails is settled as it arrives: a delayed request still asleep must not take a
      // failure meant for one that comes after it.
      const failing = failures > 0;
      if (failing) failures -= 1;
      if (delay.count > 0) {
        delay.count -= 1;
        await new Promise((resolve) => setTimeout(resolve, delay.ms));
      }
      if (failing) {
        return json(500, { type: "api_error", message: "Internal server error" });
      }
      if (!authorized)
        return json(401, { type: "authentication_error", message: "Invalid authorization credentials" });

      if (method === "POST" && path === "/v1/invoices") {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        } catch {
          return json(400, { type: "invalid_request_error", message: "Invalid JSON" });
        }
        const { amount, currency, description } = body;
        if (typeof amount !== "number" || !Number.isInteger(amount) || (amount < 100 && currency !== "JPY"))
          return json(400, {
            type: "invalid_request_error",
            message: "Validation Failed",
            errors: { amount: ["must be an integer of at least 100"] },
          });
        if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency) || typeof description !== "string")
          return json(400, { type: "invalid_request_error", message: "Validation Failed" });
        const id = randomUUID();
        const now = new Date().toISOString();
        const metadata = Object.fromEntries(
          Object.entries((body.metadata as Record<string, unknown> | undefined) ?? {}).map(([k, v]) => [
            k,
            String(v),
          ]),
        );
        const invoice: FakeMoyasarInvoice = {
          id,
          status: "initiated",
          amount,
          currency,
          description,
          amount_format: formatAmount(amount, currency),
          url: `${origin}/pay/${id}`,
          callback_url: typeof body.callback_url === "string" ? body.callback_url : null,
          success_url: typeof body.success_url === "string" ? body.success_url : null,
          back_url: typeof body.back_url === "string" ? body.back_url : null,
          expired_at: typeof body.expired_at === "string" ? body.expired_at : null,
          created_at: now,
          updated_at: now,
          metadata,
          payments: [],
        };
        invoices.set(id, invoice);
        return json(201, invoice);
      }
      const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(path);
      if (method === "GET" && invoiceMatch?.[1]) {
        const invoice = invoices.get(decodeURIComponent(invoiceMatch[1]));
        if (!invoice) return json(404, { type: "record_not_found", message: "Object not found" });
        return json(200, view(invoice));
      }
      const paymentMatch = /^\/v1\/payments\/([^/]+)(\/refund)?$/.exec(path);
      if (paymentMatch?.[1]) {
        const payment = payments.get(decodeURIComponent(paymentMatch[1]));
        if (!payment) return json(404, { type: "record_not_found", message: "Object not found" });
        if (method === "GET" && !paymentMatch[2]) return json(200, payment);
        if (method === "POST" && paymentMatch[2]) {
          const body = JSON.parse((await readBody(req)) || "{}") as { amount?: unknown };
          if (payment.status !== "paid")
            return json(400, { type: "invalid_request_error", message: `Payment is ${payment.status}` });
          const amount = typeof body.amount === "number" ? body.amount : payment.amount;
          if (!Number.isInteger(amount) || amount <= 0 || amount > payment.amount)
            return json(400, { type: "invalid_request_error", message: "Invalid refund amount" });
          payment.status = "refunded";
          payment.refunded = amount;
          payment.refunded_at = new Date().toISOString();
          return json(200, payment);
        }
      }
      return json(404, { type: "not_found", message: `Unrecognized request (${method} ${path})` });
    } catch (error) {
      json(500, { type: "api_error", message: (error as Error).message });
    }
  });

  async function hostedPage(
    id: string,
    choice: string | undefined,
    method: string,
    res: ServerResponse,
    redirect: (location: string) => void,
  ) {
    const invoice = invoices.get(id);
    if (!invoice) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("No such invoice");
      return;
    }
    if (method === "POST" && choice) {
      if (invoice.status !== "initiated") return redirect(invoice.success_url ?? "/");
      return redirect(await settle(id, choice === "pay" ? "paid" : "failed", true));
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moyasar (fake) — pay</title></head>
<body><h1>Pay ${escapeHtml(invoice.amount_format)}</h1><p>${escapeHtml(invoice.description)}</p>
<p data-testid="fake-moyasar-status">${escapeHtml(invoice.status)}</p>
<form method="post" action="/pay/${id}/pay"><button type="submit" data-testid="fake-moyasar-pay">Pay</button></form>
<form method="post" action="/pay/${id}/decline"><button type="submit" data-testid="fake-moyasar-decline">Decline</button></form>
</body></html>`);
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: origin,
    apiUrl: `${origin}/v1`,
    invoices,
    requests,
    events,
    pay: (invoiceId, { callback = true } = {}) => settle(invoiceId, "paid", callback),
    decline: (invoiceId, { callback = true } = {}) => settle(invoiceId, "failed", callback),
    tamper: (invoiceId, change) => {
      tampered.set(invoiceId, change);
    },
    replay: async (sent) => {
      const invoice = invoices.get(sent.data.invoice_id);
      if (invoice?.callback_url) await sendCallback(invoice.callback_url, sent);
    },
    forgedEvent: (invoiceId) => {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`fake Moyasar: no invoice ${invoiceId}`);
      const now = new Date().toISOString();
      const fakePayment: FakeMoyasarPayment = {
        ...attemptShape(invoice, now),
      };
      return event("payment_paid", fakePayment, "not-the-secret");
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

/** A paid payment as a forger would write it (never stored: the API knows nothing of it). */
function attemptShape(invoice: FakeMoyasarInvoice, now: string): FakeMoyasarPayment {
  return {
    id: randomUUID(),
    status: "paid",
    amount: invoice.amount,
    fee: 0,
    currency: invoice.currency,
    refunded: 0,
    refunded_at: null,
    description: invoice.description,
    amount_format: invoice.amount_format,
    invoice_id: invoice.id,
    metadata: { ...invoice.metadata },
    created_at: now,
    updated_at: now,
    source: {
      type: "creditcard",
      company: "visa",
      name: "Forger",
      number: "4111-11XX-XXXX-1111",
      message: "APPROVED",
    },
  };
}
