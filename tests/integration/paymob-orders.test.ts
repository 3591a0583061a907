// Card orders through Paymob's Intention API and unified checkout (issue 46, item 3), against a local fake
// of Paymob's API (tests/fakes/paymob.ts, PAYMOB_API_URL). An order is paid only when Paymob's transaction
// inquiry, asked by this server, says so with its exact amount and currency: a redirect, a callback whose
// HMAC does not match, a replayed callback, a declined card, a changed amount, a provider that does not
// answer and a payment after expiry each end as decision 067 says, as they do with Moyasar.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { publicOrigin } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { cartItems, enrollments, orderEvents, orders, type User, users } from "../../app/db/schema";
import { drainJobs } from "../../app/jobs/worker.server";
import { reconcileCardOrders, settleCardOrder } from "../../app/orders/card-orders.server";
import { paymobProvider } from "../../app/payments/providers/paymob.server";
import { ProviderUnavailableError } from "../../app/payments/providers/types";
import { action as checkoutApi } from "../../app/routes/api/checkout";
import { action as webhookApi, loader as webhookGet } from "../../app/routes/api/paymob-webhook";
import { action as checkoutPage } from "../../app/routes/checkout";
import { action as orderAction } from "../../app/routes/order";
import { type FakePaymob, type FakePaymobCallback, startFakePaymob } from "../fakes/paymob";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { createPricedCourses, saveEnv } from "./commerce-fixtures";
import { runRoute, settle } from "./route-context";
import { sharedTestMailer } from "./studio-factories";
import { createTestDatabase } from "./test-database";

const KEYS = {
  secretKey: "egy_sk_test_fake",
  publicKey: "egy_pk_test_fake",
  hmacSecret: "paymob-hmac-secret",
};
const INTEGRATIONS = [4097558, 4097559];
const VARIABLES = [
  "PAYMOB_SECRET_KEY",
  "PAYMOB_PUBLIC_KEY",
  "PAYMOB_HMAC_SECRET",
  "PAYMOB_INTEGRATION_IDS",
  "PAYMOB_API_URL",
] as const;
const restoreEnv = saveEnv(VARIABLES);

let handle: DatabaseHandle;
let fake: FakePaymob;
const courseIds: number[] = [];

// biome-ignore lint/suspicious/noExplicitAny: the tests read answers' JSON by path.
type Json = Record<string, any>;

/** A callback to the webhook route, as Paymob's would come over HTTP. */
async function deliver(callback: { url: string; body: unknown }): Promise<Response> {
  const request = new Request(callback.url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(callback.body),
  });
  return (await runRoute(handle.db, request, webhookApi as never)) as Response;
}

const answers: Response[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  fake = await startFakePaymob({
    ...KEYS,
    integrationIds: INTEGRATIONS,
    sendCallback: async (callback) => {
      answers.push(await deliver(callback));
    },
  });
  process.env.PAYMOB_SECRET_KEY = KEYS.secretKey;
  process.env.PAYMOB_PUBLIC_KEY = KEYS.publicKey;
  process.env.PAYMOB_HMAC_SECRET = KEYS.hmacSecret;
  process.env.PAYMOB_INTEGRATION_IDS = INTEGRATIONS.join(",");
  process.env.PAYMOB_API_URL = fake.apiUrl;
  const trainer = await createUser(handle.db, "trainer");
  courseIds.push(
    ...(await createPricedCourses(handle.db, trainer.id, {
      title: "Paymob course",
      titleAr: "دورة باي موب",
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
  answers.length = 0;
});

const work = () =>
  drainJobs({ db: handle.db, mailer: sharedTestMailer() }, { queues: ["card-settle", "card-refund"] });

/** A learner named in two words with both courses in the cart, and a Paymob order for them. */
async function startOrder() {
  const learner = await createUser(handle.db, "user");
  await handle.db.update(users).set({ name: "Reem Al Harbi" }).where(eq(users.id, learner.id));
  await handle.db.insert(cartItems).values(courseIds.map((courseId) => ({ userId: learner.id, courseId })));
  const request = new Request("http://localhost/api/checkout", {
    method: "POST",
    headers: { Authorization: await bearerFor(handle.db, learner.id), "Content-Type": "application/json" },
    body: JSON.stringify({ method: "card", provider: "paymob", courseIds }),
  });
  const answer = (await runRoute(handle.db, request, checkoutApi as never)) as Response;
  const json = (await answer.json()) as Json;
  expect(answer.status).toBe(201);
  const orderId = json.order.id as number;
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  const intention = fake.intentions.get(Number(row?.providerRef));
  if (!row || !intention) throw new Error("no intention for the order");
  return { learner, orderId, order: row, intention, paymobOrderId: intention.intention_order_id, json };
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

describe("a Paymob checkout", () => {
  it("creates an intention for the order's total and sends the buyer to the unified checkout", async () => {
    const { orderId, order, intention, json } = await startOrder();
    expect(order).toMatchObject({ status: "pending", provider: "paymob", total: 4_000 });
    const redirect = new URL(json.redirectUrl);
    expect(redirect.origin + redirect.pathname).toBe(`${fake.url}/unifiedcheckout/`);
    expect(redirect.searchParams.get("publicKey")).toBe(KEYS.publicKey);
    expect(redirect.searchParams.get("clientSecret")).toBe(intention.client_secret);
    expect(intention).toMatchObject({
      amount: 4_000,
      currency: "USD",
      payment_methods: INTEGRATIONS,
      notification_url: `${publicOrigin()}/api/payments/paymob/webhook`,
      redirection_url: `${publicOrigin()}/orders/${orderId}`,
      billing_data: { first_name: "Reem", last_name: "Al Harbi", phone_number: "NA" },
    });
    expect(intention.special_reference).toMatch(/^M-\d{4}-\d{6}\/[0-9a-f]{8}$/);
    expect(intention.expiration).toBeGreaterThan(55 * 60);
    expect(fake.requests.at(-1)).toMatchObject({ path: "/v1/intention/", authorized: true });
    expect((await orderState(orderId)).types).toEqual(["created", "redirected"]);
  });

  it("the review page's form answers 303 to Paymob's page, in the buyer's language on return", async () => {
    const learner = await createUser(handle.db, "user");
    const request = new Request(`http://localhost/ar/checkout?course=${courseIds[0]}`, {
      method: "POST",
      headers: { Cookie: await cookieFor(handle.db, learner.id) },
      body: new URLSearchParams({ method: "card:paymob", course: String(courseIds[0]) }),
    });
    const answer = (await settle(runRoute(handle.db, request, checkoutPage as never))) as Response;
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("Location") ?? "");
    expect(location.pathname).toBe("/unifiedcheckout/");
    const intention = [...fake.intentions.values()].at(-1);
    expect(intention?.redirection_url).toMatch(/\/ar\/orders\/\d+$/);
    expect(intention?.amount).toBe(1_500);
  });
});

describe("settling from Paymob's transaction inquiry", () => {
  it("pays once the callback's job asks the inquiry: enrolled, cart emptied", async () => {
    const { learner, orderId, paymobOrderId } = await startOrder();
    const browserGoesTo = await fake.pay(paymobOrderId);
    expect(browserGoesTo).toContain(`/orders/${orderId}?id=`);
    expect(answers.map((answer) => answer.status)).toEqual([200]);
    expect((await orderState(orderId)).order?.status).toBe("pending");
    expect(await work()).toBe(1);
    const { order, types, events } = await orderState(orderId);
    expect(order).toMatchObject({ status: "paid", providerRef: String(paymobOrderId) });
    expect(types).toEqual(["created", "redirected", "paid"]);
    expect(events.at(-1)?.detail).toMatchObject({ provider: "paymob", providerStatus: "success" });
    expect((await enrolledIn(learner.id)).sort()).toEqual([...courseIds].sort());
  });

  it("the redirect alone changes nothing; the check-again form asks Paymob and pays", async () => {
    const { learner, orderId, paymobOrderId } = await startOrder();
    await fake.pay(paymobOrderId, { callback: false });
    expect((await orderState(orderId)).order?.status).toBe("pending");
    expect((await checkAgain(learner, orderId)).status).toBe(302);
    expect((await orderState(orderId)).order?.status).toBe("paid");
  });

  it("an order nobody has paid yet stays pending (the inquiry has no transaction)", async () => {
    const { learner, orderId } = await startOrder();
    await checkAgain(learner, orderId);
    expect((await orderState(orderId)).order?.status).toBe("pending");
  });

  it("a declined card fails the order and keeps the cart", async () => {
    const { learner, orderId, paymobOrderId } = await startOrder();
    await fake.decline(paymobOrderId);
    await work();
    expect((await orderState(orderId)).order?.status).toBe("failed");
    expect(await enrolledIn(learner.id)).toEqual([]);
  });

  it("a changed amount leaves the order unpaid and flags it", async () => {
    const { learner, orderId, paymobOrderId } = await startOrder();
    fake.tamper(paymobOrderId, { amount: 100 });
    await fake.pay(paymobOrderId);
    await work();
    const { order, events } = await orderState(orderId);
    expect(order?.status).toBe("pending");
    expect(events.find((event) => event.type === "flagged")?.detail).toMatchObject({
      why: "amount_mismatch",
    });
    expect(await enrolledIn(learner.id)).toEqual([]);
  });

  it("a callback whose HMAC does not match is refused; a well-signed one still settles from the inquiry", async () => {
    const { learner, orderId, paymobOrderId } = await startOrder();
    const forged = fake.forgedCallback(paymobOrderId);
    const refused = await deliver(forged);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as Json).error.code).toBe("unauthorized");
    const unsigned = await deliver({
      url: `${publicOrigin()}/api/payments/paymob/webhook`,
      body: forged.body,
    });
    expect(unsigned.status).toBe(401);
    expect(await work()).toBe(0);
    // Signed with the real secret (it leaked, say), the body still claims a payment Paymob never saw.
    const { paymobHmac } = await import("../../app/payments/providers/paymob-callback");
    const url = new URL(forged.url);
    url.searchParams.set("hmac", paymobHmac(forged.body.obj, KEYS.hmacSecret));
    expect((await deliver({ url: url.toString(), body: forged.body })).status).toBe(200);
    expect(await work()).toBe(1);
    expect((await orderState(orderId)).order?.status).toBe("pending");
    expect(await enrolledIn(learner.id)).toEqual([]);
    const broken = await deliver({ url: url.toString(), body: { type: "TRANSACTION", obj: { id: "x" } } });
    expect(broken.status).toBe(401);
  });

  it("the same callback ten times at once queues one job and enrolls once; a TOKEN callback is ignored", async () => {
    const { learner, orderId, paymobOrderId } = await startOrder();
    await fake.pay(paymobOrderId, { callback: false });
    const sent = fake.callbacks.at(-1) as FakePaymobCallback;
    const results = await Promise.all(
      Array.from({ length: 10 }, async () => ((await (await deliver(sent)).json()) as Json).result),
    );
    expect(results.filter((result) => result === "queued")).toHaveLength(1);
    expect(results.filter((result) => result === "duplicate")).toHaveLength(9);
    expect(await work()).toBe(1);
    expect((await orderState(orderId)).types.filter((type) => type === "paid")).toHaveLength(1);
    expect(await enrolledIn(learner.id)).toHaveLength(2);
    const token = await deliver({ url: sent.url, body: { type: "TOKEN", obj: { token: "x" } } });
    expect(((await token.json()) as Json).result).toBe("ignored");
  });

  it("a Paymob that does not answer in time changes nothing, and says so", async () => {
    const { learner, orderId, paymobOrderId } = await startOrder();
    await fake.pay(paymobOrderId, { callback: false });
    const slow = paymobProvider(
      { ...KEYS, integrationIds: INTEGRATIONS, apiUrl: fake.apiUrl },
      { timeoutMs: 100 },
    );
    fake.delayNext(500);
    await expect(slow.fetchPayment(String(paymobOrderId))).rejects.toBeInstanceOf(ProviderUnavailableError);
    fake.failNext();
    expect((await checkAgain(learner, orderId)).status).toBe(302);
    expect((await orderState(orderId)).order?.status).toBe("pending");
    fake.failNext();
    await expect(settleCardOrder(handle.db, orderId, { source: "webhook" })).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });

  it("a payment after expiry is refunded through Paymob once, never enrolled", async () => {
    const { learner, orderId, paymobOrderId } = await startOrder();
    await handle.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(orders.id, orderId));
    await reconcileCardOrders(handle.db, { expiryMinutes: 60 });
    expect((await orderState(orderId)).order?.status).toBe("expired");
    await fake.pay(paymobOrderId);
    await work();
    const { order, events } = await orderState(orderId);
    expect(order?.status).toBe("expired");
    expect(events.find((event) => event.type === "refunded")?.detail).toMatchObject({
      to: "card",
      provider: "paymob",
      amount: 4_000,
    });
    expect(fake.refunds.filter((refund) => refund.amountCents === 4_000)).toHaveLength(1);
    expect(await enrolledIn(learner.id)).toEqual([]);
    // Given back already: a second attempt (a retried job) is refused by Paymob and found done.
    const provider = paymobProvider({ ...KEYS, integrationIds: INTEGRATIONS, apiUrl: fake.apiUrl });
    const refunded = events.find((event) => event.type === "refunded")?.detail as Json | undefined;
    const paymentId = String(refunded?.paymentId);
    expect(await provider.refund(paymentId, 4_000)).toEqual({ ok: true, refunded: 4_000 });
    expect(fake.refunds.filter((refund) => refund.amountCents === 4_000)).toHaveLength(1);
  });
});

describe("the webhook route", () => {
  it("answers 405 to a GET and 404 while Paymob is off", async () => {
    const get = (await settle(
      runRoute(handle.db, new Request("http://localhost/api/payments/paymob/webhook"), webhookGet as never),
    )) as Response;
    expect(get.status).toBe(405);
    delete process.env.PAYMOB_HMAC_SECRET;
    delete process.env.PAYMOB_SECRET_KEY;
    delete process.env.PAYMOB_PUBLIC_KEY;
    delete process.env.PAYMOB_INTEGRATION_IDS;
    try {
      const off = await deliver({ url: "http://localhost/api/payments/paymob/webhook?hmac=x", body: {} });
      expect(off.status).toBe(404);
    } finally {
      process.env.PAYMOB_SECRET_KEY = KEYS.secretKey;
      process.env.PAYMOB_PUBLIC_KEY = KEYS.publicKey;
      process.env.PAYMOB_HMAC_SECRET = KEYS.hmacSecret;
      process.env.PAYMOB_INTEGRATION_IDS = INTEGRATIONS.join(",");
    }
  });
});
