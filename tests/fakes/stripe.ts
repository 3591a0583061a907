// A local HTTP server that speaks the part of Stripe's API the card top-ups use, as documented
// (docs.stripe.com/api/checkout/sessions/create): POST /v1/checkout/sessions with a form-encoded body
// (`line_items[0][price_data][unit_amount]`, `metadata[userId]`…) and `Authorization: Bearer <secret key>`
// → the Checkout Session object (id `cs_test_…`, `url`, `amount_total`, `currency`, `payment_status:
// "unpaid"`). `completedEvent` builds the `checkout.session.completed` event Stripe would then deliver, and
// `signedWebhook` signs it with the webhook secret the way Stripe does (the SDK's test header helper).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type FakeStripeSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete";
  payment_status: "unpaid" | "paid";
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
  let failure: number | null = null;

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
