// Card orders through Moyasar's hosted invoices (issue 46, items 3–4), against a local fake of Moyasar's API
// (tests/fakes/moyasar.ts, MOYASAR_API_URL). An order is paid only when Moyasar's API says so with its exact
// amount and currency: a redirect, a forged or replayed callback, a declined card, a changed amount or
// currency, a provider that does not answer, and a payment after expiry each end as decision 067 says.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { refundEnrollment } from "../../app/commerce/refunds.server";
import { publicOrigin, readMoyasarConfig } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  cartItems,
  couponRedemptions,
  coupons,
  enrollments,
  orderEvents,
  orders,
  type User,
  users,
} from "../../app/db/schema";
import { drainJobs } from "../../app/jobs/worker.server";
import { reconcileCardOrders, settleCardOrder } from "../../app/orders/card-orders.server";
import { moyasarProvider } from "../../app/payments/providers/moyasar.server";
import { cardCheckoutOrigins } from "../../app/payments/providers/registry.server";
import { ProviderUnavailableError } from "../../app/payments/providers/types";
import { loader as adminOrdersApi } from "../../app/routes/api/admin-orders";
import { action as checkoutApi } from "../../app/routes/api/checkout";
import { action as webhookApi, loader as webhookGet } from "../../app/routes/api/moyasar-webhook";
import { action as checkoutPage } from "../../app/routes/checkout";
import { action as orderAction, loader as orderLoader } from "../../app/routes/order";
import { contentSecurityPolicy } from "../../app/security/csp.server";
import { type FakeMoyasar, type FakeMoyasarEvent, startFakeMoyasar } from "../fakes/moyasar";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { createPricedCourses, saveEnv } from "./commerce-fixtures";
import { runRoute, settle } from "./route-context";
import { sharedTestMailer } from "./studio-factories";
import { createTestDatabase } from "./test-database";

const SECRET_KEY = "sk_test_fake_moyasar";
const WEBHOOK_SECRET = "moyasar-webhook-secret";
const VARIABLES = ["MOYASAR_SECRET_KEY", "MOYASAR_WEBHOOK_SECRET", "MOYASAR_API_URL"] as const;
const restoreEnv = saveEnv(VARIABLES);

let handle: DatabaseHandle;
let fake: FakeMoyasar;
let trainer: User;
const courseIds: number[] = [];

// biome-ignore lint/suspicious/noExplicitAny: the tests read answers' JSON by path.
type Json = Record<string, any>;

/** The fake's callbacks go to the webhook route, as Moyasar's would over HTTP. */
async function deliver(url: string, event: unknown): Promise<Response> {
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(event),
  });
  return (await runRoute(handle.db, request, webhookApi as never)) as Response;
}

const callbacks: Response[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  fake = await startFakeMoyasar({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    sendCallback: async (url, event) => {
      callbacks.push(await deliver(url, event));
    },
  });
  process.env.MOYASAR_SECRET_KEY = SECRET_KEY;
  process.env.MOYASAR_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.MOYASAR_API_URL = fake.apiUrl;
  trainer = await createUser(handle.db, "trainer");
  courseIds.push(
    ...(await createPricedCourses(handle.db, trainer.id, {
      title: "Card course",
      titleAr: "دورة البطاقة",
      prices: [1_500, 2_500],
    })),
  );
});

afterAll(async () => {
  restoreEnv();
  await fake?.close();
  await handle?.close();
});

afterEach(() => {
  callbacks.length = 0;
});

const work = () =>
  drainJobs({ db: handle.db, mailer: sharedTestMailer() }, { queues: ["card-settle", "card-refund"] });

async function checkoutByCard(learner: User, body: Json = {}) {
  const token = await bearerFor(handle.db, learner.id);
  const request = new Request("http://localhost/api/checkout", {
    method: "POST",
    headers: { Authorization: token, "Content-Type": "application/json" },
    body: JSON.stringify({ method: "card", provider: "moyasar", courseIds, ...body }),
  });
  const answer = (await runRoute(handle.db, request, checkoutApi as never)) as Response;
  return { status: answer.status, json: (await answer.json()) as Json };
}

/** A learner with both courses in the cart and a card order for them; answers the order and its invoice. */
async function startOrder(body: Json = {}) {
  const learner = await createUser(handle.db, "user");
  await handle.db.insert(cartItems).values(courseIds.map((courseId) => ({ userId: learner.id, courseId })));
  const { status, json } = await checkoutByCard(learner, body);
  expect(status).toBe(201);
  const orderId = json.order.id as number;
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  const invoice = fake.invoices.get(row?.providerRef ?? "");
  if (!row || !invoice) throw new Error("no invoice for the order");
  return { learner, orderId, order: row, invoice, json };
}

async function orderState(orderId: number) {
  const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  const events = await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  return { order, events, types: events.map((event) => event.type) };
}

async function enrolledIn(userId: string) {
  return (
    await handle.db
      .select({ courseId: enrollments.courseId })
      .from(enrollments)
      .where(eq(enrollments.userId, userId))
  ).map((row) => row.courseId);
}

async function cartOf(userId: string) {
  return (
    await handle.db
      .select({ courseId: cartItems.courseId })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
  ).map((row) => row.courseId);
}

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

async function resultPage(learner: User, orderId: number) {
  const request = new Request(`http://localhost/orders/${orderId}`, {
    headers: { Cookie: await cookieFor(handle.db, learner.id) },
  });
  return (await runRoute(handle.db, request, orderLoader as never, { id: String(orderId) })) as Json;
}

describe("configuration", () => {
  it("needs the secret key and the webhook secret together; the API URL defaults to Moyasar's", () => {
    expect(readMoyasarConfig({})).toBeNull();
    expect(readMoyasarConfig({ MOYASAR_SECRET_KEY: "sk", MOYASAR_WEBHOOK_SECRET: "wh" })).toEqual({
      secretKey: "sk",
      webhookSecret: "wh",
      apiUrl: "https://api.moyasar.com/v1",
    });
    expect(() => readMoyasarConfig({ MOYASAR_SECRET_KEY: "sk" })).toThrow(/together/);
    expect(() =>
      readMoyasarConfig({
        MOYASAR_SECRET_KEY: "sk",
        MOYASAR_WEBHOOK_SECRET: "wh",
        MOYASAR_API_URL: "ftp://x",
      }),
    ).toThrow(/MOYASAR_API_URL/);
  });

  it("lets the checkout's form redirect to the provider's hosted page", () => {
    expect(contentSecurityPolicy("n", { stripe: false, cardOrigins: cardCheckoutOrigins() })).toContain(
      `form-action 'self' ${fake.url};`,
    );
  });
});

describe("a card checkout", () => {
  it("writes the order pending with its items and totals, and answers the hosted page", async () => {
    const { learner, orderId, order, invoice, json } = await startOrder();
    expect(json.redirectUrl).toBe(invoice.url);
    expect(json.order).toMatchObject({ status: "pending", method: "card", provider: "moyasar", total: 40 });
    expect(order).toMatchObject({ status: "pending", subtotal: 4_000, total: 4_000, provider: "moyasar" });
    expect(invoice).toMatchObject({
      amount: 4_000,
      currency: "USD",
      success_url: `${publicOrigin()}/orders/${orderId}`,
      back_url: `${publicOrigin()}/orders/${orderId}`,
      callback_url: `${publicOrigin()}/api/payments/moyasar/webhook`,
      metadata: { order_id: String(orderId) },
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: "/v1/invoices", authorized: true });
    // Nothing is bought yet: no enrollment, the cart as it was, the timeline says created then redirected.
    expect(await enrolledIn(learner.id)).toEqual([]);
    expect((await cartOf(learner.id)).sort()).toEqual([...courseIds].sort());
    expect((await orderState(orderId)).types).toEqual(["created", "redirected"]);
  });

  it("the review page's form answers 303 to the hosted page", async () => {
    const learner = await createUser(handle.db, "user");
    const request = new Request(`http://localhost/ar/checkout?course=${courseIds[0]}`, {
      method: "POST",
      headers: { Cookie: await cookieFor(handle.db, learner.id) },
      body: new URLSearchParams({ method: "card:moyasar", course: String(courseIds[0]) }),
    });
    const answer = (await settle(runRoute(handle.db, request, checkoutPage as never))) as Response;
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location") ?? "";
    expect(location.startsWith(`${fake.url}/pay/`)).toBe(true);
    const invoice = fake.invoices.get(location.split("/").at(-1) ?? "");
    // The buyer comes back to the order's page in the language they checked out in.
    expect(invoice?.success_url).toMatch(/\/ar\/orders\/\d+$/);
    expect(invoice?.amount).toBe(1_500);
  });

  it("answers 502 provider_error and writes the order failed when Moyasar does not open a payment", async () => {
    const learner = await createUser(handle.db, "user");
    fake.failNext();
    const { status, json } = await checkoutByCard(learner);
    expect(status).toBe(502);
    expect(json.error.code).toBe("provider_error");
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, learner.id), eq(orders.method, "card")));
    expect(order?.status).toBe("failed");
  });
});

describe("settling from Moyasar's API", () => {
  it("pays once the callback's job asks the API: enrolled, coupon spent, cart emptied", async () => {
    await handle.db.insert(coupons).values({ code: "CARD10", percentOff: 10, createdById: trainer.id });
    const { learner, orderId, invoice } = await startOrder({ couponCode: "CARD10" });
    expect(invoice.amount).toBe(3_600);
    await fake.pay(invoice.id);
    expect(callbacks.map((answer) => answer.status)).toEqual([200]);
    // The callback only queued the work: nothing is paid until the job asks the API.
    expect((await orderState(orderId)).order?.status).toBe("pending");
    expect(await work()).toBe(1);
    const { order, types } = await orderState(orderId);
    expect(order).toMatchObject({ status: "paid", total: 3_600 });
    expect(order?.paidAt).toBeInstanceOf(Date);
    expect(types).toEqual(["created", "redirected", "paid"]);
    expect((await enrolledIn(learner.id)).sort()).toEqual([...courseIds].sort());
    expect(await cartOf(learner.id)).toEqual([]);
    const redemptions = await handle.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.userId, learner.id));
    expect(redemptions).toHaveLength(1);
    const page = await resultPage(learner, orderId);
    expect(page.status).toBe("paid");
    expect(page.checkable).toBe(false);
  });

  it("a redirect to the result page alone changes nothing; the check-again form asks the API and pays", async () => {
    const { learner, orderId, invoice } = await startOrder();
    const browserGoesTo = await fake.pay(invoice.id, { callback: false });
    expect(browserGoesTo).toContain(`/orders/${orderId}?id=`);
    const page = await resultPage(learner, orderId);
    expect(page).toMatchObject({ status: "pending", checkable: true });
    expect((await orderState(orderId)).order?.status).toBe("pending");
    const answer = await checkAgain(learner, orderId);
    expect(answer.status).toBe(302);
    expect((await orderState(orderId)).order?.status).toBe("paid");
    expect(await enrolledIn(learner.id)).toHaveLength(2);
    // Asked again once paid: nothing more happens.
    await checkAgain(learner, orderId);
    expect((await orderState(orderId)).types.filter((type) => type === "paid")).toHaveLength(1);
  });

  it("another learner cannot check someone else's order", async () => {
    const { orderId } = await startOrder();
    const stranger = await createUser(handle.db, "user");
    const answer = await checkAgain(stranger, orderId);
    expect(answer.status).toBe(404);
  });

  it("a declined card fails the order and keeps the cart", async () => {
    const { learner, orderId, invoice } = await startOrder();
    const browserGoesTo = await fake.decline(invoice.id);
    expect(browserGoesTo).toContain(`/orders/${orderId}?id=`);
    await work();
    const { order, types } = await orderState(orderId);
    expect(order?.status).toBe("failed");
    expect(types.at(-1)).toBe("failed");
    expect(await enrolledIn(learner.id)).toEqual([]);
    expect(await cartOf(learner.id)).toHaveLength(2);
  });

  it.each([
    ["amount", { amount: 100 }],
    ["currency", { currency: "SAR" }],
  ] as const)("a changed %s leaves the order unpaid and flags it once", async (_what, change) => {
    const { learner, orderId, invoice } = await startOrder();
    fake.tamper(invoice.id, change);
    await fake.pay(invoice.id);
    await work();
    await checkAgain(learner, orderId);
    const { order, events } = await orderState(orderId);
    expect(order?.status).toBe("pending");
    const flags = events.filter((event) => event.type === "flagged");
    expect(flags).toHaveLength(1);
    expect(flags[0]?.detail).toMatchObject({
      why: "amount_mismatch",
      expected: { amount: 4_000, currency: "USD" },
    });
    expect(await enrolledIn(learner.id)).toEqual([]);
    // The admins find it among the flagged orders.
    const admin = await createUser(handle.db, "admin");
    const listed = async (flagged: boolean) => {
      const request = new Request(
        `http://localhost/api/admin/orders?userId=${learner.id}&flagged=${flagged}`,
        { headers: { Authorization: await bearerFor(handle.db, admin.id) } },
      );
      return (await (
        (await runRoute(handle.db, request, adminOrdersApi as never)) as Response
      ).json()) as Json;
    };
    expect(await listed(true)).toMatchObject({ total: 1, items: [{ id: orderId, flagged: true }] });
    expect(await listed(false)).toMatchObject({ total: 0 });
  });

  it("a forged callback is refused, and one with the secret but no payment changes nothing", async () => {
    const { learner, orderId, invoice } = await startOrder();
    const forged = fake.forgedEvent(invoice.id);
    const refused = await deliver(`${publicOrigin()}/api/payments/moyasar/webhook`, forged);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as Json).error.code).toBe("unauthorized");
    expect(await work()).toBe(0);
    // The secret leaked, say: the body still claims a payment Moyasar's API knows nothing of.
    const leaked = await deliver(`${publicOrigin()}/api/payments/moyasar/webhook`, {
      ...forged,
      secret_token: WEBHOOK_SECRET,
    });
    expect(leaked.status).toBe(200);
    expect(await work()).toBe(1);
    expect((await orderState(orderId)).order?.status).toBe("pending");
    expect(await enrolledIn(learner.id)).toEqual([]);
    const missing = await deliver(`${publicOrigin()}/api/payments/moyasar/webhook`, { type: "payment_paid" });
    expect(missing.status).toBe(401);
    const broken = await deliver(`${publicOrigin()}/api/payments/moyasar/webhook`, {
      secret_token: WEBHOOK_SECRET,
      data: 3,
    });
    expect(broken.status).toBe(400);
  });

  it("a replayed callback queues nothing more and enrolls once", async () => {
    const { learner, orderId, invoice } = await startOrder();
    await fake.pay(invoice.id);
    const sent = fake.events.at(-1) as FakeMoyasarEvent;
    await fake.replay(sent);
    await fake.replay(sent);
    const results = await Promise.all(
      callbacks.map(async (answer) => ((await answer.json()) as Json).result),
    );
    expect(results).toEqual(["queued", "duplicate", "duplicate"]);
    expect(await work()).toBe(1);
    await fake.replay(sent);
    await work();
    expect((await orderState(orderId)).types.filter((type) => type === "paid")).toHaveLength(1);
    expect(await enrolledIn(learner.id)).toHaveLength(2);
  });

  it("a provider that does not answer in time changes nothing, and says so", async () => {
    const { learner, orderId, invoice } = await startOrder();
    await fake.pay(invoice.id, { callback: false });
    const slow = moyasarProvider(
      { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.apiUrl },
      { timeoutMs: 100 },
    );
    fake.delayNext(500);
    await expect(slow.fetchPayment(invoice.id)).rejects.toBeInstanceOf(ProviderUnavailableError);
    fake.failNext();
    const answer = await checkAgain(learner, orderId);
    expect(answer.status).toBe(302);
    expect((await orderState(orderId)).order?.status).toBe("pending");
    fake.failNext();
    await expect(settleCardOrder(handle.db, orderId, { source: "webhook" })).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});

describe("reconciliation and expiry", () => {
  async function age(orderId: number, minutes: number) {
    await handle.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(orders.id, orderId));
  }

  it("settles a paid order whose callback was lost, and leaves a recent one to its callback", async () => {
    const lost = await startOrder();
    await fake.pay(lost.invoice.id, { callback: false });
    const recent = await startOrder();
    await fake.pay(recent.invoice.id, { callback: false });
    await age(lost.orderId, 5);
    await reconcileCardOrders(handle.db);
    expect((await orderState(lost.orderId)).order?.status).toBe("paid");
    expect(await enrolledIn(lost.learner.id)).toHaveLength(2);
    expect((await orderState(recent.orderId)).order?.status).toBe("pending");
  });

  it("expires an overdue unpaid order; a payment after that is refunded to the card, never enrolled", async () => {
    const { learner, orderId, invoice } = await startOrder();
    await age(orderId, 61);
    await reconcileCardOrders(handle.db, { expiryMinutes: 60 });
    expect((await orderState(orderId)).order?.status).toBe("expired");
    await fake.pay(invoice.id);
    await work();
    const { order, events } = await orderState(orderId);
    expect(order?.status).toBe("expired");
    expect(events.find((event) => event.type === "flagged")?.detail).toMatchObject({
      why: "paid_after_expired",
    });
    expect(events.find((event) => event.type === "refunded")?.detail).toMatchObject({
      to: "card",
      amount: 4_000,
    });
    const payment = fake.invoices.get(invoice.id)?.payments[0];
    expect(payment).toMatchObject({ status: "refunded", refunded: 4_000 });
    expect(await enrolledIn(learner.id)).toEqual([]);
    // The callback again: no second refund, no second flag.
    await fake.replay(fake.events.at(-1) as FakeMoyasarEvent);
    await checkAgain(learner, orderId);
    await work();
    const again = await orderState(orderId);
    expect(again.types.filter((type) => type === "refunded")).toHaveLength(1);
    expect(again.types.filter((type) => type === "flagged")).toHaveLength(1);
  });
});

describe("an admin's refund of a card-paid course (issue 46, item 5)", () => {
  it("goes back to the card through the provider by a job, not to the wallet, once", async () => {
    const { learner, orderId, invoice } = await startOrder();
    await fake.pay(invoice.id);
    await work();
    const [enrollment] = await handle.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.userId, learner.id))
      .orderBy(enrollments.id)
      .limit(1);
    const admin = await createUser(handle.db, "admin");
    const outcome = await refundEnrollment(handle.db, admin.id, enrollment?.id ?? 0, {
      reason: "asked",
      override: false,
    });
    expect(outcome).toMatchObject({ ok: true, to: "card", refunded: enrollment?.pricePaid, balance: 0 });
    const payment = fake.invoices.get(invoice.id)?.payments[0];
    // Nothing is given back until the job asks the provider, and the order page says it is on its way.
    expect(payment?.status).toBe("paid");
    const refundOf = async () =>
      ((await resultPage(learner, orderId)).items as Json[]).map((item) => item.refund);
    expect(await refundOf()).toEqual(["card_requested", null]);
    expect(await work()).toBeGreaterThanOrEqual(1);
    expect(await refundOf()).toEqual(["card_returned", null]);
    expect(fake.invoices.get(invoice.id)?.payments[0]).toMatchObject({
      status: "refunded",
      refunded: enrollment?.pricePaid,
    });
    const { order, events } = await orderState(orderId);
    expect(order?.status).toBe("partially_refunded");
    const refunds = events.filter((event) => event.type === "refunded").map((event) => event.detail);
    expect(refunds).toEqual([
      expect.objectContaining({ to: "card", state: "requested", amount: enrollment?.pricePaid }),
      expect.objectContaining({
        to: "card",
        provider: "moyasar",
        amount: enrollment?.pricePaid,
        courseId: enrollment?.courseId,
      }),
    ]);
    const [wallet] = await handle.db
      .select({ balance: users.walletBalance })
      .from(users)
      .where(eq(users.id, learner.id));
    expect(wallet?.balance).toBe(0);
    // The job again (a retry after a lost completion): no second refund event.
    await work();
    expect((await orderState(orderId)).events.filter((event) => event.type === "refunded")).toHaveLength(2);
  });
});

describe("the webhook route", () => {
  it("answers 405 to a GET and 404 while Moyasar is off", async () => {
    const get = (await settle(
      runRoute(handle.db, new Request("http://localhost/api/payments/moyasar/webhook"), webhookGet as never),
    )) as Response;
    expect(get.status).toBe(405);
    delete process.env.MOYASAR_WEBHOOK_SECRET;
    delete process.env.MOYASAR_SECRET_KEY;
    try {
      const off = await deliver("http://localhost/api/payments/moyasar/webhook", { secret_token: "x" });
      expect(off.status).toBe(404);
    } finally {
      process.env.MOYASAR_SECRET_KEY = SECRET_KEY;
      process.env.MOYASAR_WEBHOOK_SECRET = WEBHOOK_SECRET;
    }
  });
});
