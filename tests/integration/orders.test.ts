// Orders (issue 46): a wallet purchase is an order paid in the purchase's transaction, with its items and
// timeline; refunds move it to partially_refunded and refunded; the API answers it to its buyer and admins.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseCourses } from "../../app/commerce/enrollment.server";
import { refundEnrollment } from "../../app/commerce/refunds.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { cartItems, courses, enrollments, orderEvents, orders, type User } from "../../app/db/schema";
import { findOrder } from "../../app/orders/orders.server";
import { orderNumber, parseOrderNumber, statusAfterRefunds } from "../../app/orders/policy";
import { loader as adminOrdersApi } from "../../app/routes/api/admin-orders";
import { action as checkoutApi } from "../../app/routes/api/checkout";
import { loader as orderApi } from "../../app/routes/api/order";
import { loader as ordersApi } from "../../app/routes/api/orders";
import { creditWallet } from "../../app/wallet/wallet.server";
import { bearerFor, createUser } from "./auth-helpers";
import { runRoute } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let admin: User;
let trainer: User;
const courseIds: number[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createUser(handle.db, "admin");
  trainer = await createUser(handle.db, "trainer");
  const rows = await handle.db
    .insert(courses)
    .values(
      [1_000, 2_500, 4_000].map((price, index) => ({
        slug: `order-course-${index}`,
        title: `Order course ${index}`,
        titleAr: `دورة الطلب ${index}`,
        description: "d",
        category: "data-science" as const,
        price,
        isPublished: true,
        trainerId: trainer.id,
      })),
    )
    .returning({ id: courses.id });
  courseIds.push(...rows.map((row) => row.id));
});

afterAll(async () => {
  await handle?.close();
});

async function learnerWith(balance: number): Promise<User> {
  const learner = await createUser(handle.db, "user");
  if (balance > 0) {
    const credit = await creditWallet(handle.db, {
      userId: learner.id,
      actorId: admin.id,
      amount: balance,
      reason: "test",
    });
    expect(credit.ok).toBe(true);
  }
  return learner;
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read answers' JSON by path.
type Json = Record<string, any>;

async function call(
  handler: unknown,
  url: string,
  token: string,
  init: { method?: string; body?: unknown; params?: Record<string, string> } = {},
): Promise<{ status: number; json: Json }> {
  const request = new Request(`http://localhost${url}`, {
    method: init.method ?? "GET",
    headers: { Authorization: token, "Content-Type": "application/json" },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const answer = (await runRoute(handle.db, request, handler as never, init.params ?? {})) as Response;
  return { status: answer.status, json: (await answer.json()) as Json };
}

describe("order policy", () => {
  it("numbers orders and reads the number back", () => {
    const number = orderNumber(42, new Date("2026-11-28T10:00:00Z"));
    expect(number).toBe("M-2026-000042");
    expect(parseOrderNumber(number)).toBe(42);
    expect(parseOrderNumber("42")).toBeNull();
  });

  it("moves a paid order to partly and wholly refunded", () => {
    const now = new Date();
    expect(statusAfterRefunds("paid", [{ refundedAt: null }, { refundedAt: null }])).toBe("paid");
    expect(statusAfterRefunds("paid", [{ refundedAt: now }, { refundedAt: null }])).toBe(
      "partially_refunded",
    );
    expect(statusAfterRefunds("partially_refunded", [{ refundedAt: now }, { refundedAt: now }])).toBe(
      "refunded",
    );
  });
});

describe("wallet purchases are orders", () => {
  it("writes a paid order with its items and timeline in the purchase's transaction", async () => {
    const learner = await learnerWith(10_000);
    const outcome = await purchaseCourses(handle.db, learner.id, [courseIds[0] ?? 0, courseIds[1] ?? 0]);
    if (!outcome.ok || !outcome.order) throw new Error("the purchase should write an order");
    const order = await findOrder(handle.db, outcome.order.id);
    expect(order).toMatchObject({
      userId: learner.id,
      status: "paid",
      method: "wallet",
      provider: null,
      subtotal: 3_500,
      discount: 0,
      tax: 0,
      total: 3_500,
      number: outcome.order.number,
    });
    expect(order?.paidAt).toBeInstanceOf(Date);
    expect(order?.items.map((item) => [item.courseId, item.title, item.price])).toEqual([
      [courseIds[0], "Order course 0", 1_000],
      [courseIds[1], "Order course 1", 2_500],
    ]);
    expect(order?.events.map((event) => event.type)).toEqual(["created", "paid"]);

    // Buying what is owned writes no order.
    const again = await purchaseCourses(handle.db, learner.id, [courseIds[0] ?? 0]);
    expect(again).toMatchObject({ ok: true, order: null, charged: 0 });
    expect(await handle.db.$count(orders, eq(orders.userId, learner.id))).toBe(1);
  });

  it("writes no order when the purchase is refused", async () => {
    const learner = await learnerWith(500);
    const outcome = await purchaseCourses(handle.db, learner.id, [courseIds[2] ?? 0]);
    expect(outcome).toMatchObject({ ok: false, reason: "insufficient_funds" });
    expect(await handle.db.$count(orders, eq(orders.userId, learner.id))).toBe(0);
  });

  it("moves the order to partially_refunded, then refunded, as its courses are refunded", async () => {
    const learner = await learnerWith(10_000);
    const outcome = await purchaseCourses(handle.db, learner.id, [courseIds[0] ?? 0, courseIds[2] ?? 0]);
    if (!outcome.ok || !outcome.order) throw new Error("the purchase should write an order");
    const owned = await handle.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.userId, learner.id))
      .orderBy(enrollments.id);
    const first = await refundEnrollment(handle.db, admin.id, owned[0]?.id ?? 0, {
      reason: "asked",
      override: false,
    });
    expect(first.ok).toBe(true);
    expect((await findOrder(handle.db, outcome.order.id))?.status).toBe("partially_refunded");
    await refundEnrollment(handle.db, admin.id, owned[1]?.id ?? 0, { reason: "asked", override: false });
    const order = await findOrder(handle.db, outcome.order.id);
    expect(order?.status).toBe("refunded");
    expect(order?.items.every((item) => item.refundedAt !== null)).toBe(true);
    const refunds = await handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, outcome.order.id));
    expect(refunds.filter((event) => event.type === "refunded")).toHaveLength(2);
  });
});

describe("the orders API", () => {
  it("checks out the cart with the wallet: 201 with the order already paid", async () => {
    const learner = await learnerWith(10_000);
    await handle.db.insert(cartItems).values({ userId: learner.id, courseId: courseIds[1] ?? 0 });
    const token = await bearerFor(handle.db, learner.id);
    const answer = await call(checkoutApi, "/api/checkout", token, {
      method: "POST",
      body: { method: "wallet" },
    });
    expect(answer.status).toBe(201);
    expect(answer.json.order).toMatchObject({
      status: "paid",
      method: "wallet",
      provider: null,
      subtotal: 25,
      discount: 0,
      tax: 0,
      total: 25,
      items: [{ courseId: courseIds[1], title: "Order course 1", price: 25 }],
    });
    expect(answer.json.order.number).toMatch(/^M-\d{4}-\d{6}$/);
    expect(await handle.db.$count(cartItems, eq(cartItems.userId, learner.id))).toBe(0);

    // Everything owned already: 409, no second order.
    const again = await call(checkoutApi, "/api/checkout", token, {
      method: "POST",
      body: { method: "wallet", courseIds: [courseIds[1]] },
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("nothing_to_buy");

    // A card checkout: no card provider takes orders yet.
    const card = await call(checkoutApi, "/api/checkout", token, {
      method: "POST",
      body: { method: "card", provider: "moyasar", courseIds: [courseIds[0]] },
    });
    expect(card.status).toBe(422);
    expect(card.json.error.code).toBe("provider_unavailable");

    // Bad bodies are 4xx in the error shape and change nothing.
    for (const body of [
      {},
      { method: "cash" },
      { method: "wallet", courseIds: [] },
      { method: "wallet", courseIds: [0] },
    ]) {
      const bad = await call(checkoutApi, "/api/checkout", token, { method: "POST", body });
      expect(bad.status).toBe(422);
    }
    expect(await handle.db.$count(orders, eq(orders.userId, learner.id))).toBe(1);

    // The short wallet: 409 insufficient_funds.
    const poor = await learnerWith(0);
    const short = await call(checkoutApi, "/api/checkout", await bearerFor(handle.db, poor.id), {
      method: "POST",
      body: { method: "wallet", courseIds: [courseIds[2]] },
    });
    expect(short.status).toBe(409);
    expect(short.json.error.code).toBe("insufficient_funds");
  });

  it("shows an order to its buyer and admins only; lists them", async () => {
    const learner = await learnerWith(10_000);
    const stranger = await learnerWith(0);
    const outcome = await purchaseCourses(handle.db, learner.id, [courseIds[2] ?? 0]);
    if (!outcome.ok || !outcome.order) throw new Error("the purchase should write an order");
    const id = String(outcome.order.id);
    const mine = await call(orderApi, `/api/orders/${id}`, await bearerFor(handle.db, learner.id), {
      params: { id },
    });
    expect(mine.status).toBe(200);
    expect(mine.json.order).toMatchObject({ id: outcome.order.id, total: 40, currency: "USD" });
    const adminToken = await bearerFor(handle.db, admin.id);
    expect((await call(orderApi, `/api/orders/${id}`, adminToken, { params: { id } })).status).toBe(200);
    const theirs = await call(orderApi, `/api/orders/${id}`, await bearerFor(handle.db, stranger.id), {
      params: { id },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.json.error.code).toBe("not_found");
    for (const bad of ["abc", "0", "99999999999"]) {
      expect((await call(orderApi, `/api/orders/${bad}`, adminToken, { params: { id: bad } })).status).toBe(
        404,
      );
    }

    const list = await call(ordersApi, "/api/orders", await bearerFor(handle.db, learner.id));
    expect(list.status).toBe(200);
    expect(list.json.items.map((order: Json) => order.id)).toEqual([outcome.order.id]);

    const admins = await call(
      adminOrdersApi,
      `/api/admin/orders?userId=${learner.id}&status=paid`,
      adminToken,
    );
    expect(admins.status).toBe(200);
    expect(admins.json).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(admins.json.items[0]).toMatchObject({ id: outcome.order.id, userId: learner.id, flagged: false });
    const unflagged = await call(
      adminOrdersApi,
      `/api/admin/orders?userId=${learner.id}&flagged=false`,
      adminToken,
    );
    expect(unflagged.json.total).toBe(1);
    const flagged = await call(
      adminOrdersApi,
      `/api/admin/orders?userId=${learner.id}&flagged=true`,
      adminToken,
    );
    expect(flagged.json.total).toBe(0);
    const refunded = await call(
      adminOrdersApi,
      `/api/admin/orders?userId=${learner.id}&status=refunded`,
      adminToken,
    );
    expect(refunded.json.total).toBe(0);
    for (const query of ["?status=lost", "?userId=nope", "?flagged=maybe", "?limit=0", "?offset=-1"]) {
      const bad = await call(adminOrdersApi, `/api/admin/orders${query}`, adminToken);
      expect(bad.status).toBe(422);
    }
  });
});
