// A local HTTP server that speaks the part of Stripe's API the card top-ups and card orders use, as
// documented (docs.stripe.com/api/checkout/sessions): POST /v1/checkout/sessions with a form-encoded body
// (`line_items[0][price_data][unit_amount]`, `metadata[userId]`, `expires_at`…) and `Authorization: Bearer
// <secret key>` → the Checkout Session object (id `cs_test_…`, `url`, `amount_total`, `currency`,
// `payment_status: "unpaid"`); GET /v1/checkout/sessions/:id; POST /v1/refunds (`payment_intent`, `amount`,
// the Idempotency-Key header answered with the first refund again). `pay`, `expire` and `tamper` change a
// session as a buyer, time or a wrong answer would. `completedEvent` builds the `checkout.session.completed`
// event Stripe would then deliver, and `signedWebhook` signs it with the webhook secret the way Stripe does
// (the SDK's test header helper).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type FakeStripeSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  expires_at: number | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
};

export type FakeStripe = {
  url: string;
  sessions: Map<string, FakeStripeSession>;
  requests: { method: string; path: string; authorized: boolean }[];
  /** Stripe refuses the next session creation with a 500 (or `status`). */
  failNext: (status?: number) => void;
  /** The buyer pays the session: complete, paid, with a PaymentIntent. */
  pay: (sessionId: string) => FakeStripeSession;
  /** The session expires unpaid. */
  expire: (sessionId: string) => FakeStripeSession;
  /** Changes what the API says about a session from now on. */
  tamper: (sessionId: string, change: { amount?: number; currency?: string }) => void;
  refunds: { id: string; payment_intent: string; amount: number; status: "succeeded" }[];
  close: () => Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeStripe({ secretKey }: { secretKey: string }): Promise<FakeStripe> {
  const sessions = new Map<string, FakeStripeSession>();
  const requests: FakeStripe["requests"] = [];
  const refunds: FakeStripe["refunds"] = [];
  const refundsByKey = new Map<string, FakeStripe["refunds"][number]>();
  const tampered = new Map<string, { amount?: number; currency?: string }>();
  let failure: number | null = null;
  const view = (session: FakeStripeSession): FakeStripeSession => {
    const change = tampered.get(session.id);
    return change
      ? {
          ...session,
          amount_total: change.amount ?? session.amount_total,
          currency: change.currency ?? session.currency,
        }
      : session;
  };
  const session = (id: string) => {
    const found = sessions.get(id);
    if (!found) throw new Error(`fake Stripe: no session ${id}`);
    return found;
  };

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const method = req.method ?? "GET";
    const authorized = req.headers.authorization === `Bearer ${secretKey}`;
    requests.push({ method, path, authorized });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, {
        "Content-Type": "application/json",
        "Request-Id": `req_${randomBytes(6).toString("hex")}`,
      });
      res.end(JSON.stringify(body));
    };
    if (!authorized) {
      json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      return;
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (failure !== null) {
        const status = failure;
        failure = null;
        json(status, { error: { type: "api_error", message: "Something went wrong" } });
        return;
      }
      const form = new URLSearchParams(await readBody(req));
      const unitAmount = Number(form.get("line_items[0][price_data][unit_amount]"));
      const quantity = Number(form.get("line_items[0][quantity]") ?? "1");
      const currency = form.get("line_items[0][price_data][currency]") ?? "";
      if (form.get("mode") !== "payment" || !Number.isInteger(unitAmount) || unitAmount <= 0 || !currency) {
        json(400, { error: { type: "invalid_request_error", message: "Missing required param" } });
        return;
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const session: FakeStripeSession = {
        id,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        expires_at: form.get("expires_at") ? Number(form.get("expires_at")) : null,
        amount_total: unitAmount * quantity,
        currency,
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        metadata,
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      sessions.set(id, session);
      json(200, session);
      return;
    }
    const read = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && read?.[1]) {
      const found = sessions.get(decodeURIComponent(read[1]));
      if (!found) {
        json(404, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: "No such checkout.session",
          },
        });
        return;
      }
      json(200, view(found));
      return;
    }
    if (method === "POST" && path === "/v1/refunds") {
      const form = new URLSearchParams(await readBody(req));
      const key = String(req.headers["idempotency-key"] ?? "");
      const again = key ? refundsByKey.get(key) : undefined;
      if (again) {
        json(200, { object: "refund", ...again });
        return;
      }
      const intent = form.get("payment_intent") ?? "";
      const paid = [...sessions.values()].find((one) => one.payment_intent === intent);
      const already = refunds
        .filter((one) => one.payment_intent === intent)
        .reduce((sum, one) => sum + one.amount, 0);
      const amount = form.get("amount") ? Number(form.get("amount")) : (paid?.amount_total ?? 0) - already;
      if (!paid || !Number.isInteger(amount) || amount <= 0 || amount + already > paid.amount_total) {
        json(400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: "The charge cannot be refunded",
          },
        });
        return;
      }
      const refund = {
        id: `re_${randomBytes(12).toString("hex")}`,
        payment_intent: intent,
        amount,
        status: "succeeded" as const,
      };
      refunds.push(refund);
      if (key) refundsByKey.set(key, refund);
      json(200, { object: "refund", ...refund });
      return;
    }
    json(404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    failNext: (status = 500) => {
      failure = status;
    },
    pay: (id) => {
      const paid = session(id);
      paid.status = "complete";
      paid.payment_status = "paid";
      paid.payment_intent = `pi_${randomBytes(12).toString("hex")}`;
      return paid;
    },
    expire: (id) => {
      const expired = session(id);
      expired.status = "expired";
      return expired;
    },
    tamper: (id, change) => {
      tampered.set(id, change);
    },
    refunds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The event Stripe sends when the learner has paid (or, with `payment_status: "unpaid"`, not yet). */
export function completedEvent(
  session: FakeStripeSession,
  {
    paymentStatus = "paid",
    type = "checkout.session.completed",
  }: { paymentStatus?: "paid" | "unpaid"; type?: string } = {},
) {
  return {
    id: `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    api_version: "2025-01-27",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: { object: { ...session, status: "complete", payment_status: paymentStatus } },
  };
}

/** The webhook request as Stripe delivers it: the JSON body and its Stripe-Signature header. */
export function signedWebhook(
  url: string,
  event: unknown,
  secret: string,
  { timestamp }: { timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature },
    body: payload,
  });
}
