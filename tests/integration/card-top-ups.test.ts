// Card top-ups through Stripe Checkout, with the real `stripe` SDK pointed at a local fake of Stripe's API
// (tests/fakes/stripe.ts, STRIPE_API_URL). The wallet is credited only by the signed webhook: a bad or
// missing signature changes nothing; a replayed, concurrent, early or late webhook credits exactly once.
import { eq, sum } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { publicOrigin } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { cardPayments, topUpRequests, users, walletLedger } from "../../app/db/schema";
import { applyStripeEvent } from "../../app/payments/card-top-ups.server";
import { readStripeConfig, cardPayments as stripeClient } from "../../app/payments/stripe.server";
import { action as walletAction, loader as walletLoader } from "../../app/routes/account-wallet";
import { action as webhookApi, loader as webhookGet } from "../../app/routes/api/stripe-webhook";
import { action as topUpApi } from "../../app/routes/api/wallet-top-up";
import { contentSecurityPolicy } from "../../app/security/csp.server";
import { completedEvent, type FakeStripe, signedWebhook, startFakeStripe } from "../fakes/stripe";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { publishBankAccount } from "./bank-fixtures";
import { formRequest, runRoute, settle } from "./route-context";
import { createTestDatabase } from "./test-database";

const SECRET_KEY = "sk_test_fake_manara";
const WEBHOOK_SECRET = "whsec_fake_manara";
const WEBHOOK_URL = "http://test/api/payments/stripe/webhook";

let handle: DatabaseHandle;
let fake: FakeStripe;
const saved = {
  key: process.env.STRIPE_SECRET_KEY,
  secret: process.env.STRIPE_WEBHOOK_SECRET,
  url: process.env.STRIPE_API_URL,
};

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  process.env.STRIPE_SECRET_KEY = SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = fake.url;
});
afterAll(async () => {
  restore("STRIPE_SECRET_KEY", saved.key);
  restore("STRIPE_WEBHOOK_SECRET", saved.secret);
  restore("STRIPE_API_URL", saved.url);
  await fake?.close();
  await handle?.close();
});
afterEach(() => {
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
});

async function balanceOf(userId: string) {
  const [row] = await handle.db
    .select({ balance: users.walletBalance })
    .from(users)
    .where(eq(users.id, userId));
  return row?.balance ?? -1;
}

async function expectLedgerMatchesBalance(userId: string) {
  const [total] = await handle.db
    .select({ total: sum(walletLedger.amount) })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId));
  expect(Number(total?.total ?? 0)).toBe(await balanceOf(userId));
}

/** A learner starts a card top-up through the API; returns the fake's session. */
async function startThroughApi(amount: number | string) {
  const learner = await createUser(handle.db);
  const bearer = await bearerFor(handle.db, learner.id);
  const response = (await runRoute(
    handle.db,
    new Request("http://test/api/wallet/top-up", {
      method: "POST",
      headers: { Authorization: bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ amount }),
    }),
    topUpApi as never,
  )) as Response;
  return { learner, response };
}

async function deliver(event: unknown, secret = WEBHOOK_SECRET, timestamp?: number) {
  return (await runRoute(
    handle.db,
    signedWebhook(WEBHOOK_URL, event, secret, { timestamp }),
    webhookApi as never,
  )) as Response;
}

describe("configuration", () => {
  it("needs both secrets; one alone is refused", () => {
    expect(readStripeConfig({})).toBeNull();
    expect(readStripeConfig({ STRIPE_SECRET_KEY: "sk", STRIPE_WEBHOOK_SECRET: "wh" })).toEqual({
      secretKey: "sk",
      webhookSecret: "wh",
      apiUrl: null,
    });
    expect(() => readStripeConfig({ STRIPE_SECRET_KEY: "sk" })).toThrow(/together/);
    expect(() => readStripeConfig({ STRIPE_WEBHOOK_SECRET: "wh" })).toThrow(/together/);
  });

  it("lets forms redirect to Stripe Checkout only when Stripe is configured", () => {
    expect(contentSecurityPolicy("n", { stripe: true })).toContain(
      "form-action 'self' https://checkout.stripe.com",
    );
    expect(contentSecurityPolicy("n", { stripe: false })).toContain("form-action 'self';");
  });
});

describe("starting a card top-up", () => {
  it("POST /api/wallet/top-up answers 201 {checkoutUrl} and records an open payment; nothing is credited", async () => {
    const { learner, response } = await startThroughApi(12.5);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { checkoutUrl: string; sessionId: string };
    expect(body.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${body.sessionId}`);
    const session = fake.sessions.get(body.sessionId);
    expect(session).toMatchObject({
      amount_total: 1_250,
      currency: "usd",
      client_reference_id: learner.id,
      metadata: { userId: learner.id, amount: "1250" },
      success_url: `${publicOrigin()}/account/wallet?checkout={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicOrigin()}/account/wallet?checkout=cancelled`,
    });
    expect(fake.requests.every((request) => request.authorized)).toBe(true);
    const [payment] = await handle.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.sessionId, body.sessionId));
    expect(payment).toMatchObject({ userId: learner.id, amount: 1_250, status: "open", ledgerEntryId: null });
    expect(await balanceOf(learner.id)).toBe(0);
    // The bank-transfer queue is not involved.
    expect(await handle.db.$count(topUpRequests, eq(topUpRequests.userId, learner.id))).toBe(0);
  });

  it("validates the amount against TOP_UP_MIN / TOP_UP_MAX before calling Stripe", async () => {
    const before = fake.sessions.size;
    for (const amount of [1, 5_000.01, "abc", -5]) {
      const { response } = await startThroughApi(amount);
      expect(response.status).toBe(422);
    }
    expect(fake.sessions.size).toBe(before);
  });

  it("answers 502 JSON when Stripe fails, and records nothing", async () => {
    fake.failNext(400); // a 5xx would be retried by the SDK (maxNetworkRetries) and then succeed
    const before = await handle.db.$count(cardPayments);
    const { response } = await startThroughApi(20);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("internal_error");
    expect(await handle.db.$count(cardPayments)).toBe(before);
  });

  it("the wallet page's plain form redirects (303) to Checkout, and its language's return URL", async () => {
    const learner = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, learner.id);
    const request = formRequest("http://test/ar/account/wallet", { amount: "٢٥" });
    request.headers.set("Cookie", cookie);
    const answer = (await settle(runRoute(handle.db, request, walletAction as never))) as Response;
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location") ?? "";
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const session = fake.sessions.get(location.split("/").pop() ?? "");
    expect(session).toMatchObject({
      amount_total: 2_500,
      success_url: `${publicOrigin()}/ar/account/wallet?checkout={CHECKOUT_SESSION_ID}`,
    });
  });
});

describe("the webhook", () => {
  async function openSession(amount = 40) {
    const { learner, response } = await startThroughApi(amount);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const session = fake.sessions.get(sessionId);
    if (!session) throw new Error("no session at the fake");
    return { learner, session };
  }

  it("refuses a bad or missing signature with 400 and credits nothing", async () => {
    const { learner, session } = await openSession();
    const event = completedEvent(session);
    expect((await deliver(event, "whsec_someone_else")).status).toBe(400);
    // Signed correctly, but for another body.
    const forged = signedWebhook(WEBHOOK_URL, event, WEBHOOK_SECRET);
    const tampered = new Request(WEBHOOK_URL, {
      method: "POST",
      headers: forged.headers,
      body: JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_total: 999_999 } } }),
    });
    expect(((await runRoute(handle.db, tampered, webhookApi as never)) as Response).status).toBe(400);
    const unsigned = new Request(WEBHOOK_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
    });
    const answer = (await runRoute(handle.db, unsigned, webhookApi as never)) as Response;
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("bad_request");
    // Too old (Stripe's default tolerance is 300 s): a captured delivery cannot be replayed days later.
    expect((await deliver(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3_600)).status).toBe(400);
    expect(await balanceOf(learner.id)).toBe(0);
    const [payment] = await handle.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.sessionId, session.id));
    expect(payment?.status).toBe("open");
  });

  it("credits a paid session once, through the ledger, however often it is delivered", async () => {
    const { learner, session } = await openSession(40);
    const event = completedEvent(session);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, result: "credited" });
    expect(await balanceOf(learner.id)).toBe(4_000);
    // Replays: the same event again, and a fresh event id for the same session (Stripe may send both).
    const again = await deliver(event);
    expect(await again.json()).toEqual({ received: true, result: "already_credited" });
    expect(await (await deliver(completedEvent(session))).json()).toMatchObject({
      result: "already_credited",
    });
    expect(await balanceOf(learner.id)).toBe(4_000);
    const rows = await handle.db.select().from(walletLedger).where(eq(walletLedger.userId, learner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "card_top_up", amount: 4_000, balanceAfter: 4_000, actorId: null });
    const [payment] = await handle.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.sessionId, session.id));
    expect(payment).toMatchObject({ status: "paid", ledgerEntryId: rows[0]?.id });
    await expectLedgerMatchesBalance(learner.id);
  });

  it("credits once when the same event arrives several times at once", async () => {
    const { learner, session } = await openSession(15);
    const event = completedEvent(session);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const results = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { result: string }).result),
    );
    expect(results.filter((result) => result === "credited")).toHaveLength(1);
    expect(await balanceOf(learner.id)).toBe(1_500);
    await expectLedgerMatchesBalance(learner.id);
  });

  it("an unpaid session (delayed payment methods) and other event types change nothing", async () => {
    const { learner, session } = await openSession();
    expect(await (await deliver(completedEvent(session, { paymentStatus: "unpaid" }))).json()).toEqual({
      received: true,
      result: "ignored",
    });
    expect(
      await (await deliver(completedEvent(session, { type: "checkout.session.expired" }))).json(),
    ).toMatchObject({
      result: "ignored",
    });
    expect(await balanceOf(learner.id)).toBe(0);
    // Then the delayed payment succeeds: credited.
    const later = completedEvent(session, { type: "checkout.session.async_payment_succeeded" });
    expect(await (await deliver(later)).json()).toMatchObject({ result: "credited" });
    expect(await balanceOf(learner.id)).toBe(4_000);
  });

  it("a learner back before the webhook sees 'waiting', then 'credited' once it arrives (late webhook)", async () => {
    const { learner, session } = await openSession(25);
    const cookie = await cookieFor(handle.db, learner.id);
    const page = async (query: string) =>
      (await runRoute(
        handle.db,
        new Request(`http://test/account/wallet?checkout=${query}`, { headers: { Cookie: cookie } }),
        walletLoader as never,
      )) as { checkoutState: string | null; card: boolean; history: { description: string }[] };
    const waiting = await page(session.id);
    expect(waiting).toMatchObject({ card: true, checkoutState: "waiting" });
    await deliver(completedEvent(session));
    const credited = await page(session.id);
    expect(credited.checkoutState).toBe("credited");
    expect(credited.history[0]?.description).toBe("Top-up by card");
    expect((await page("cancelled")).checkoutState).toBe("cancelled");
    // Someone else's session id, or garbage, shows nothing.
    const other = await openSession();
    expect((await page(other.session.id)).checkoutState).toBeNull();
    expect((await page("<script>")).checkoutState).toBeNull();
  });

  it("an early webhook (before the app recorded the session) credits, and the late record keeps it paid", async () => {
    const learner = await createUser(handle.db);
    const client = stripeClient();
    if (!client) throw new Error("Stripe is not configured");
    // The session exists at Stripe, but the app has not written its row yet (its request is still in flight).
    const created = await client.stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        { quantity: 1, price_data: { currency: "usd", unit_amount: 700, product_data: { name: "x" } } },
      ],
      client_reference_id: learner.id,
      metadata: { userId: learner.id, amount: "700" },
      success_url: `${publicOrigin()}/account/wallet?checkout={CHECKOUT_SESSION_ID}`,
    });
    const session = fake.sessions.get(created.id);
    if (!session) throw new Error("no session");
    expect(await (await deliver(completedEvent(session))).json()).toMatchObject({ result: "credited" });
    // The app's own insert now finds the row and leaves it paid.
    await handle.db
      .insert(cardPayments)
      .values({ sessionId: session.id, userId: learner.id, amount: 700 })
      .onConflictDoNothing();
    const [payment] = await handle.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.sessionId, session.id));
    expect(payment?.status).toBe("paid");
    expect(await (await deliver(completedEvent(session))).json()).toMatchObject({
      result: "already_credited",
    });
    expect(await balanceOf(learner.id)).toBe(700);
  });

  it("ignores sessions of other integrations and other currencies", async () => {
    const { learner, session } = await openSession();
    const foreign = completedEvent({
      ...session,
      metadata: {},
      client_reference_id: null,
      id: "cs_test_foreign",
    });
    expect(await (await deliver(foreign)).json()).toMatchObject({ result: "ignored" });
    const euros = completedEvent({ ...session, currency: "eur" });
    expect(await (await deliver(euros)).json()).toMatchObject({ result: "ignored" });
    // A session whose amount differs from the recorded one is not credited.
    const changed = completedEvent({ ...session, amount_total: 999_900 });
    expect(await (await deliver(changed)).json()).toMatchObject({ result: "ignored" });
    expect(await balanceOf(learner.id)).toBe(0);
  });

  it("the domain function alone is idempotent too", async () => {
    const { learner, session } = await openSession(9);
    const event = completedEvent(session) as never;
    expect((await applyStripeEvent(handle.db, event, "USD")).handled).toBe("credited");
    expect((await applyStripeEvent(handle.db, event, "USD")).handled).toBe("already_credited");
    expect(await balanceOf(learner.id)).toBe(900);
  });

  it("GET answers 405 JSON; a body over 1 MiB 413", async () => {
    const get = (await runRoute(handle.db, new Request(WEBHOOK_URL), webhookGet as never)) as Response;
    expect(get.status).toBe(405);
    const big = new Request(WEBHOOK_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(((await runRoute(handle.db, big, webhookApi as never)) as Response).status).toBe(413);
  });
});

describe("who may call the webhook", () => {
  it("a token or cookie, even an admin's, is no substitute for the signature", async () => {
    const admin = await createUser(handle.db, "admin");
    const session = [...fake.sessions.values()].at(-1);
    if (!session) throw new Error("no session");
    const body = JSON.stringify(completedEvent(session));
    const tried: Record<string, string>[] = [
      { Authorization: await bearerFor(handle.db, admin.id) },
      { Cookie: await cookieFor(handle.db, admin.id) },
    ];
    for (const credentials of tried) {
      const request = new Request(WEBHOOK_URL, {
        method: "POST",
        headers: { ...credentials, "Content-Type": "application/json" },
        body,
      });
      expect(((await runRoute(handle.db, request, webhookApi as never)) as Response).status).toBe(400);
    }
  });

  it("fuzz: random bodies and signature headers answer 4xx JSON and credit nothing", async () => {
    const before = {
      ledger: await handle.db.$count(walletLedger),
      paid: await handle.db.$count(cardPayments, eq(cardPayments.status, "paid")),
    };
    const session = [...fake.sessions.values()].at(-1);
    if (!session) throw new Error("no session");
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.constant(JSON.stringify(completedEvent(session))),
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
        ),
        fc.option(
          fc.oneof(
            fc.string(),
            fc.integer().map((t) => `t=${t},v1=${"0".repeat(64)}`),
            fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=deadbeef`),
          ),
          { nil: undefined },
        ),
        async (body, signature) => {
          const headers: Record<string, string> = { "Content-Type": "application/json" };
          if (signature !== undefined) headers["Stripe-Signature"] = signature;
          let request: Request;
          try {
            request = new Request(WEBHOOK_URL, { method: "POST", headers, body });
          } catch {
            return; // a header value fetch itself refuses never reaches the server
          }
          const answer = (await runRoute(handle.db, request, webhookApi as never)) as Response;
          expect(answer.status).toBe(400);
          expect(answer.headers.get("content-type")).toMatch(/json/);
        },
      ),
      { seed: 1414, numRuns: 150 },
    );
    expect(await handle.db.$count(walletLedger)).toBe(before.ledger);
    expect(await handle.db.$count(cardPayments, eq(cardPayments.status, "paid"))).toBe(before.paid);
  });
});

describe("without Stripe", () => {
  it("the webhook is 404 and the top-up API keeps the bank-transfer request", async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    try {
      const session = [...fake.sessions.values()][0];
      if (!session) throw new Error("no session");
      expect((await deliver(completedEvent(session))).status).toBe(404);
      // A transfer needs an account to send it to (issue 46, item 6).
      await publishBankAccount(handle.db);
      const { response } = await startThroughApi(30);
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ request: { amount: 30, status: "pending" } });
    } finally {
      process.env.STRIPE_SECRET_KEY = SECRET_KEY;
      process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    }
  });
});
