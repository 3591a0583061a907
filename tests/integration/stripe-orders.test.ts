// Card orders through Stripe Checkout (issue 46, item 3: Stripe behind the same interface as Moyasar and
// Paymob), against the local fake of Stripe's API (tests/fakes/stripe.ts, STRIPE_API_URL). An order is paid
// only when Stripe's API, asked by this server, says its session is paid with the exact amount and currency;
// the signed webhook only queues that asking. Top-ups keep their own road (card-top-ups.test.ts).
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { publicOrigin } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { cartItems, enrollments, orderEvents, orders, type User } from "../../app/db/schema";
import { drainJobs } from "../../app/jobs/worker.server";
import { reconcileCardOrders } from "../../app/orders/card-orders.server";
import { cardProvider } from "../../app/payments/providers/registry.server";
import { sessionExpiresAt } from "../../app/payments/providers/stripe-checkout.server";
import { action as checkoutApi } from "../../app/routes/api/checkout";
import { action as webhookApi } from "../../app/routes/api/stripe-webhook";
import { action as orderAction } from "../../app/routes/order";
import {
  completedEvent,
  type FakeStripe,
  type FakeStripeSession,
  signedWebhook,
  startFakeStripe,
} from "../fakes/stripe";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { createPricedCourses, saveEnv } from "./commerce-fixtures";
import { runRoute, settle } from "./route-context";
import { sharedTestMailer } from "./studio-factories";
import { createTestDatabase } from "./test-database";

const SECRET_KEY = "sk_test_stripe_orders";
const WEBHOOK_SECRET = "whsec_stripe_orders";
const VARIABLES = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;
const restoreEnv = saveEnv(VARIABLES);

let handle: DatabaseHandle;
let fake: FakeStripe;
const courseIds: number[] = [];

// biome-ignore lint/suspicious/noExplicitAny: the tests read answers' JSON by path.
type Json = Record<string, any>;

beforeAll(async () => {
  handle = await createTestDatabase();
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  process.env.STRIPE_SECRET_KEY = SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = fake.url;
  const trainer = await createUser(handle.db, "trainer");
  courseIds.push(
    ...(await createPricedCourses(handle.db, trainer.id, {
      title: "Stripe course",
      titleAr: "دورة سترايب",
      prices: [1_500, 2_500],
    })),
  );
});

afterAll(async () => {
  restoreEnv();
  await fake?.close();
  await handle?.close();
});

const work = () =>
  drainJobs({ db: handle.db, mailer: sharedTestMailer() }, { queues: ["card-settle", "card-refund"] });

async function startOrder() {
  const learner = await createUser(handle.db, "user");
  await handle.db.insert(cartItems).values(courseIds.map((courseId) => ({ userId: learner.id, courseId })));
  const request = new Request("http://localhost/api/checkout", {
    method: "POST",
    headers: { Authorization: await bearerFor(handle.db, learner.id), "Content-Type": "application/json" },
    body: JSON.stringify({ method: "card", provider: "stripe", courseIds }),
  });
  const answer = (await runRoute(handle.db, request, checkoutApi as never)) as Response;
  const json = (await answer.json()) as Json;
  expect(answer.status).toBe(201);
  const orderId = json.order.id as number;
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  const session = fake.sessions.get(row?.providerRef ?? "");
  if (!row || !session) throw new Error("no session for the order");
  return { learner, orderId, order: row, session, json };
}

async function deliver(session: FakeStripeSession, event = completedEvent(session)) {
  const request = signedWebhook("http://localhost/api/payments/stripe/webhook", event, WEBHOOK_SECRET);
  const answer = (await runRoute(handle.db, request, webhookApi as never)) as Response;
  return { status: answer.status, json: (await answer.json()) as Json, event };
}

async function orderState(orderId: number) {
  const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  const events = await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  return { order, events, types: events.map((event) => event.type) };
}

const enrolledIn = async (userId: string) =>
  (
    await handle.db
      .select({ courseId: enrollments.courseId })
      .from(enrollments)
      .where(eq(enrollments.userId, userId))
  ).map((row) => row.courseId);

async function checkAgain(learner: User, orderId: number) {
  const request = new Request(`http://localhost/orders/${orderId}`, {
    method: "POST",
    headers: { Cookie: await cookieFor(handle.db, learner.id) },
    body: new URLSearchParams({}),
  });
  return (await settle(
    runRoute(handle.db, request, orderAction as never, { id: String(orderId) }),
  )) as Response;
}

afterEach(() => {
  fake.requests.length = 0;
});

describe("a Stripe checkout of an order", () => {
  it("creates a Checkout Session for the order's total that returns to the order's page", async () => {
    const { orderId, order, session, json } = await startOrder();
    expect(json.redirectUrl).toBe(session.url);
    expect(order).toMatchObject({ status: "pending", provider: "stripe", total: 4_000 });
    expect(session).toMatchObject({
      amount_total: 4_000,
      currency: "usd",
      client_reference_id: String(orderId),
      metadata: { orderId: String(orderId) },
      success_url: `${publicOrigin()}/orders/${orderId}`,
      cancel_url: `${publicOrigin()}/orders/${orderId}`,
    });
    const lifetime = (session.expires_at ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(30 * 60);
    expect(lifetime).toBeLessThanOrEqual(24 * 60 * 60);
  });

  it("keeps the session's expiry inside the 30 minutes to 24 hours Stripe accepts", () => {
    const now = new Date("2026-12-07T10:00:00Z");
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const lifetime = (minutes: number) => sessionExpiresAt(at(minutes), now) - now.getTime() / 1000;
    expect(lifetime(60)).toBe(3_600);
    expect(lifetime(5)).toBe(31 * 60);
    expect(lifetime(7 * 24 * 60)).toBe(24 * 60 * 60 - 60);
  });
});

describe("settling from Stripe's API", () => {
  it("the signed webhook queues the settle; the job asks Stripe and pays once; a replay queues nothing", async () => {
    const { learner, orderId, session } = await startOrder();
    fake.pay(session.id);
    const first = await deliver(session);
    expect(first).toMatchObject({ status: 200, json: { result: "queued" } });
    expect((await orderState(orderId)).order?.status).toBe("pending");
    const again = await deliver(session, first.event);
    expect(again.json.result).toBe("duplicate");
    expect(await work()).toBe(1);
    const { order, types } = await orderState(orderId);
    expect(order?.status).toBe("paid");
    expect(types).toEqual(["created", "redirected", "paid"]);
    expect((await enrolledIn(learner.id)).sort()).toEqual([...courseIds].sort());
  });

  it("an event claiming paid for a session Stripe calls unpaid changes nothing", async () => {
    const { learner, orderId, session } = await startOrder();
    // Signed (the secret leaked, say), but Stripe's own API still says the session is open and unpaid.
    expect((await deliver(session)).json.result).toBe("queued");
    await work();
    expect((await orderState(orderId)).order?.status).toBe("pending");
    expect(await enrolledIn(learner.id)).toEqual([]);
    const forged = signedWebhook(
      "http://localhost/api/payments/stripe/webhook",
      completedEvent(session),
      "whsec_wrong",
    );
    expect(((await runRoute(handle.db, forged, webhookApi as never)) as Response).status).toBe(400);
  });

  it("the check-again form pays a paid session whose webhook was lost; an expired one fails", async () => {
    const paid = await startOrder();
    fake.pay(paid.session.id);
    await checkAgain(paid.learner, paid.orderId);
    expect((await orderState(paid.orderId)).order?.status).toBe("paid");
    const expired = await startOrder();
    fake.expire(expired.session.id);
    await checkAgain(expired.learner, expired.orderId);
    expect((await orderState(expired.orderId)).order?.status).toBe("failed");
    expect(await enrolledIn(expired.learner.id)).toEqual([]);
  });

  it("a session paid with another amount leaves the order unpaid and flagged", async () => {
    const { learner, orderId, session } = await startOrder();
    fake.pay(session.id);
    fake.tamper(session.id, { amount: 100 });
    await checkAgain(learner, orderId);
    const { order, events } = await orderState(orderId);
    expect(order?.status).toBe("pending");
    expect(events.find((event) => event.type === "flagged")?.detail).toMatchObject({
      why: "amount_mismatch",
    });
  });

  it("a payment after expiry is refunded to the card once, and a retried refund gets Stripe's first answer", async () => {
    const { learner, orderId, session } = await startOrder();
    await handle.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(orders.id, orderId));
    await reconcileCardOrders(handle.db, { expiryMinutes: 60 });
    expect((await orderState(orderId)).order?.status).toBe("expired");
    const paid = fake.pay(session.id);
    await deliver(session);
    await work();
    const { order, events } = await orderState(orderId);
    expect(order?.status).toBe("expired");
    expect(events.find((event) => event.type === "refunded")?.detail).toMatchObject({
      to: "card",
      provider: "stripe",
      paymentId: paid.payment_intent,
      amount: 4_000,
    });
    expect(fake.refunds.filter((refund) => refund.payment_intent === paid.payment_intent)).toHaveLength(1);
    expect(await enrolledIn(learner.id)).toEqual([]);
    const provider = cardProvider("stripe");
    expect(await provider?.refund(String(paid.payment_intent), 4_000)).toEqual({ ok: true, refunded: 4_000 });
    expect(fake.refunds.filter((refund) => refund.payment_intent === paid.payment_intent)).toHaveLength(1);
  });
});
