// Coupons: creation through POST /api/coupons (admins any course, trainers their own), and their use inside
// the one purchase transaction (percent rounding, fixed amounts, course scope, expiry, maximum uses, one use
// per learner, a price brought to 0) through both enrollment calls; a refund returns what was paid. The
// race of parallel checkouts against a code's maximum uses runs on real PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseCourses } from "../../app/commerce/enrollment.server";
import { refundEnrollment } from "../../app/commerce/refunds.server";
import { type DatabaseHandle, openPostgres } from "../../app/db/client.server";
import {
  cartItems,
  couponRedemptions,
  coupons,
  enrollments,
  type User,
  users,
  walletLedger,
} from "../../app/db/schema";
import { action as couponsApi } from "../../app/routes/api/coupons";
import { action as enrollBulk } from "../../app/routes/api/enroll-bulk";
import { action as enrollOne } from "../../app/routes/api/enroll-one";
import { action as cartAction, loader as cartLoader } from "../../app/routes/cart";
import { action as checkoutAction, loader as checkoutPage } from "../../app/routes/checkout";
import { creditWallet } from "../../app/wallet/wallet.server";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { createCourseFor } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let admin: User;
let trainer: User;
let otherTrainer: User;
let courseA: { id: number };
let courseB: { id: number };
let freeCourse: { id: number };

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createUser(handle.db, "admin");
  trainer = await createUser(handle.db, "trainer");
  otherTrainer = await createUser(handle.db, "trainer");
  courseA = await createCourseFor(handle.db, trainer, { published: true, price: 1_000 });
  courseB = await createCourseFor(handle.db, otherTrainer, { published: true, price: 2_999 });
  freeCourse = await createCourseFor(handle.db, trainer, { published: true, price: 0 });
});
afterAll(() => handle?.close());

let codeCounter = 0;
const nextCode = (prefix = "CODE") => `${prefix}-${++codeCounter}-${Date.now() % 100_000}`;

async function api(
  handler: unknown,
  path: string,
  who: User,
  body: unknown,
  params: Record<string, string> = {},
) {
  const request = new Request(`http://test${path}`, {
    method: "POST",
    headers: { Authorization: await bearerFor(handle.db, who.id), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = (await settle(runRoute(handle.db, request, handler as never, params))) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function learnerWith(balance: number) {
  const learner = await createUser(handle.db);
  if (balance > 0)
    await creditWallet(handle.db, { userId: learner.id, actorId: null, amount: balance, reason: "test" });
  return learner;
}

async function balanceOf(userId: string) {
  const [row] = await handle.db
    .select({ balance: users.walletBalance })
    .from(users)
    .where(eq(users.id, userId));
  return row?.balance ?? -1;
}

async function ledgerTotal(userId: string) {
  const [row] = await handle.db
    .select({ total: sql<number>`coalesce(sum(${walletLedger.amount}), 0)::int` })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId));
  return row?.total ?? -1;
}

describe("POST /api/coupons", () => {
  it("an admin creates a code for every course; the code is stored upper-case", async () => {
    const code = nextCode("welcome").toLowerCase();
    const answer = await api(couponsApi, "/api/coupons", admin, { code, percentOff: 20, maxUses: 5 });
    expect(answer.status).toBe(201);
    expect(answer.body.coupon).toMatchObject({
      code: code.toUpperCase(),
      percentOff: 20,
      amountOff: null,
      courseId: null,
      maxUses: 5,
      uses: 0,
    });
    // The same code in another case is taken.
    expect((await api(couponsApi, "/api/coupons", admin, { code, amountOff: 5 })).status).toBe(409);
  });

  it("a trainer creates codes only for a course of their own", async () => {
    const own = await api(couponsApi, "/api/coupons", trainer, {
      code: nextCode(),
      amountOff: 2.5,
      courseId: courseA.id,
    });
    expect(own.status).toBe(201);
    expect(own.body.coupon).toMatchObject({ amountOff: 2.5, courseId: courseA.id });
    expect(
      (
        await api(couponsApi, "/api/coupons", trainer, {
          code: nextCode(),
          percentOff: 10,
          courseId: courseB.id,
        })
      ).status,
    ).toBe(403);
    const none = await api(couponsApi, "/api/coupons", trainer, { code: nextCode(), percentOff: 10 });
    expect(none.status).toBe(422);
    expect(none.body.error).toMatchObject({ fields: { courseId: expect.any(String) } });
    expect(
      (await api(couponsApi, "/api/coupons", admin, { code: nextCode(), percentOff: 10, courseId: 999_999 }))
        .status,
    ).toBe(404);
  });

  it("refuses bad input with 422 and stores nothing; learners get 403", async () => {
    const before = await handle.db.$count(coupons);
    const bad = [
      { code: "x", percentOff: 10 },
      { code: "has space", percentOff: 10 },
      { code: nextCode(), percentOff: 0 },
      { code: nextCode(), percentOff: 101 },
      { code: nextCode(), percentOff: 12.5 },
      { code: nextCode(), percentOff: 10, amountOff: 5 },
      { code: nextCode() },
      { code: nextCode(), amountOff: -1 },
      { code: nextCode(), amountOff: "1.234" },
      { code: nextCode(), percentOff: 10, expiresAt: "2020-01-01T00:00:00Z" },
      { code: nextCode(), percentOff: 10, expiresAt: "tomorrow" },
      { code: nextCode(), percentOff: 10, maxUses: 0 },
    ];
    for (const body of bad)
      expect((await api(couponsApi, "/api/coupons", admin, body)).status, JSON.stringify(body)).toBe(422);
    const learner = await createUser(handle.db);
    expect(
      (await api(couponsApi, "/api/coupons", learner, { code: nextCode(), percentOff: 10 })).status,
    ).toBe(403);
    expect(await handle.db.$count(coupons)).toBe(before);
  });
});

async function coupon(values: Partial<typeof coupons.$inferInsert>) {
  const [row] = await handle.db
    .insert(coupons)
    .values({ code: nextCode(), percentOff: values.amountOff ? null : 10, ...values })
    .returning();
  if (!row) throw new Error("no coupon");
  return row;
}

describe("checkout with a coupon", () => {
  it("percent off rounds the discount down; the enrollment and the ledger record what was paid", async () => {
    const code = (await coupon({ percentOff: 33, courseId: courseB.id })).code;
    const learner = await learnerWith(5_000);
    const answer = await api(enrollBulk, "/api/course/enrollment/bulk/enroll", learner, {
      courseIds: [courseA.id, courseB.id],
      couponCode: code.toLowerCase(),
    });
    // 33 % of 29.99 is 9.8967 → 9.89 off; 20.10 paid for B, 10.00 for A.
    expect(answer).toMatchObject({
      status: 200,
      body: { charged: 30.1, discount: 9.89, walletBalance: 19.9 },
    });
    const rows = await handle.db.select().from(enrollments).where(eq(enrollments.userId, learner.id));
    expect(Object.fromEntries(rows.map((row) => [row.courseId, row.pricePaid]))).toEqual({
      [courseA.id]: 1_000,
      [courseB.id]: 2_010,
    });
    expect(await ledgerTotal(learner.id)).toBe(await balanceOf(learner.id));
    const [used] = await handle.db.select().from(coupons).where(eq(coupons.code, code));
    expect(used?.uses).toBe(1); // one checkout, one use
    // The same learner cannot use it again.
    const again = await api(
      enrollOne,
      `/api/course/enrollment/${courseB.id}`,
      learner,
      { couponCode: code },
      { courseId: String(courseB.id) },
    );
    expect(again.status).toBe(422);
  });

  it("a fixed amount above the price makes the course free: enrolled, no ledger row; a refund returns 0", async () => {
    const { code } = await coupon({ amountOff: 5_000, courseId: courseA.id });
    const learner = await learnerWith(0);
    const answer = await api(
      enrollOne,
      `/api/course/enrollment/${courseA.id}`,
      learner,
      { couponCode: code },
      { courseId: String(courseA.id) },
    );
    expect(answer).toMatchObject({ status: 200, body: { enrolled: [courseA.id], charged: 0, discount: 10 } });
    expect(await handle.db.$count(walletLedger, eq(walletLedger.userId, learner.id))).toBe(0);
    const [row] = await handle.db.select().from(enrollments).where(eq(enrollments.userId, learner.id));
    const refund = await refundEnrollment(handle.db, admin.id, row?.id ?? 0, {
      reason: "test",
      override: false,
    });
    expect(refund).toMatchObject({ ok: true, refunded: 0, balance: 0 });
  });

  it("a refund returns what was paid after the discount, never the list price", async () => {
    const { code } = await coupon({ percentOff: 50, courseId: courseA.id });
    const learner = await learnerWith(1_000);
    await api(
      enrollOne,
      `/api/course/enrollment/${courseA.id}`,
      learner,
      { couponCode: code },
      { courseId: String(courseA.id) },
    );
    expect(await balanceOf(learner.id)).toBe(500);
    const [row] = await handle.db.select().from(enrollments).where(eq(enrollments.userId, learner.id));
    const refund = await refundEnrollment(handle.db, admin.id, row?.id ?? 0, {
      reason: "test",
      override: false,
    });
    expect(refund).toMatchObject({ ok: true, refunded: 500, balance: 1_000 });
    expect(await ledgerTotal(learner.id)).toBe(1_000);
  });

  it("refuses unknown, expired, disabled, used-up and inapplicable codes, charging nothing", async () => {
    const cases: [string, string][] = [
      ["NO-SUCH-CODE", "unknown"],
      [(await coupon({ expiresAt: new Date(Date.now() - 1_000) })).code, "expired"],
      [(await coupon({ disabledAt: new Date() })).code, "disabled"],
      [(await coupon({ maxUses: 1, uses: 1 })).code, "used_up"],
      [(await coupon({ courseId: courseB.id })).code, "not_applicable"],
      [(await coupon({ courseId: freeCourse.id })).code, "not_applicable"],
    ];
    for (const [code, problem] of cases) {
      const learner = await learnerWith(5_000);
      const outcome = await purchaseCourses(handle.db, learner.id, [courseA.id], { couponCode: code });
      expect(outcome, code).toEqual({ ok: false, reason: "coupon", problem });
      expect(await balanceOf(learner.id)).toBe(5_000);
      expect(await handle.db.$count(enrollments, eq(enrollments.userId, learner.id))).toBe(0);
      const answer = await api(
        enrollOne,
        `/api/course/enrollment/${courseA.id}`,
        learner,
        { couponCode: code },
        { courseId: String(courseA.id) },
      );
      expect(answer.status).toBe(422);
      expect(answer.body.error).toMatchObject({
        code: "validation_failed",
        fields: { couponCode: expect.any(String) },
      });
    }
  });

  it("a refused purchase (not enough money) spends no use", async () => {
    const row = await coupon({ percentOff: 10, maxUses: 1 });
    const learner = await learnerWith(100);
    const outcome = await purchaseCourses(handle.db, learner.id, [courseB.id], { couponCode: row.code });
    expect(outcome).toMatchObject({ ok: false, reason: "insufficient_funds", required: 2_700 });
    const [after] = await handle.db.select().from(coupons).where(eq(coupons.id, row.id));
    expect(after?.uses).toBe(0);
    expect(await handle.db.$count(couponRedemptions, eq(couponRedemptions.couponId, row.id))).toBe(0);
  });
});

describe("the cart's coupon field (plain forms)", () => {
  async function cartPost(cookie: string, fields: Record<string, string>, path = "/cart") {
    const request = formRequest(`http://test${path}`, fields);
    request.headers.set("Cookie", cookie);
    return (await settle(runRoute(handle.db, request, cartAction as never))) as Response;
  }
  /** The review step's pay button (issue 46): the cart's own checkout only leads there. */
  async function pay(cookie: string) {
    const request = formRequest("http://test/checkout", { method: "wallet" });
    request.headers.set("Cookie", cookie);
    return (await settle(runRoute(handle.db, request, checkoutAction as never))) as Response;
  }
  async function cartPage(cookie: string, path = "/cart") {
    const answer = (await runRoute(
      handle.db,
      new Request(`http://test${path}`, { headers: { Cookie: cookie } }),
      cartLoader as never,
    )) as Record<string, unknown>;
    // The loader answers plain data, or data() with a Set-Cookie when it forgets an invalid code.
    if ("init" in answer && "data" in answer)
      return answer as { data: Record<string, unknown>; init?: ResponseInit };
    return { data: answer, init: undefined as ResponseInit | undefined };
  }
  const couponCookieOf = (response: Response) =>
    (response.headers.get("Set-Cookie") ?? "")
      .split(/,(?=\s*\w+=)/)
      .find((part) => part.trim().startsWith("manara_coupon=")) ?? "";

  it("applies a code, shows the discount per course and the new total, and checks out with it", async () => {
    const { code } = await coupon({ percentOff: 25, courseId: courseB.id });
    const learner = await learnerWith(5_000);
    await handle.db.insert(cartItems).values([
      { userId: learner.id, courseId: courseA.id },
      { userId: learner.id, courseId: courseB.id },
    ]);
    const session = await cookieFor(handle.db, learner.id);
    const wrong = await cartPost(session, { intent: "applyCoupon", couponCode: "NOPE-NOPE" });
    expect(wrong.status).toBe(302);
    expect(couponCookieOf(wrong)).toBe("");
    const applied = await cartPost(session, { intent: "applyCoupon", couponCode: code.toLowerCase() });
    const remembered = couponCookieOf(applied).split(";")[0] ?? "";
    expect(remembered).toMatch(/^manara_coupon=/);
    const cookie = `${session}; ${remembered}`;
    const page = await cartPage(cookie);
    expect(page.data).toMatchObject({
      coupon: { code, discountLabel: "$7.49" }, // 25 % of 29.99 = 7.4975 → 7.49
      listTotalLabel: "$39.99",
      totalLabel: "$32.50",
      couponProblem: null,
    });
    const items = page.data.items as {
      id: number;
      discountLabel: string | null;
      newPriceLabel: string | null;
    }[];
    expect(items.find((item) => item.id === courseB.id)).toMatchObject({
      discountLabel: "$7.49",
      newPriceLabel: "$22.50",
    });
    expect(items.find((item) => item.id === courseA.id)).toMatchObject({ discountLabel: null });
    const done = await pay(cookie);
    expect(done.status).toBe(302);
    expect(couponCookieOf(done)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await balanceOf(learner.id)).toBe(5_000 - 1_000 - 2_250);
  });

  it("a remembered code that became invalid is dropped with a clear message, and checkout refuses it", async () => {
    const row = await coupon({ percentOff: 10, maxUses: 1 });
    const learner = await learnerWith(5_000);
    await handle.db.insert(cartItems).values({ userId: learner.id, courseId: courseA.id });
    const session = await cookieFor(handle.db, learner.id);
    const applied = await cartPost(session, { intent: "applyCoupon", couponCode: row.code });
    const cookie = `${session}; ${couponCookieOf(applied).split(";")[0]}`;
    await handle.db.update(coupons).set({ uses: 1 }).where(eq(coupons.id, row.id)); // used up meanwhile
    const page = await cartPage(cookie);
    expect(page.data).toMatchObject({
      coupon: null,
      couponProblem: expect.stringContaining("used as many times"),
    });
    expect(new Headers(page.init?.headers).get("Set-Cookie")).toMatch(/manara_coupon=;/);
    const refused = (await pay(cookie)) as unknown as {
      data: { error: string };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(422);
    expect(refused.data.error).toContain("used as many times");
    expect(await balanceOf(learner.id)).toBe(5_000);
  });
});

describe("the review step with nothing to pay", () => {
  it("offers no payment choice for a total of zero, and one for a course with a price", async () => {
    const learner = await createUser(handle.db, "user");
    const session = await cookieFor(handle.db, learner.id);
    const review = async (courseId: number) =>
      (await runRoute(
        handle.db,
        new Request(`http://test/checkout?course=${courseId}`, { headers: { Cookie: session } }),
        checkoutPage as never,
      )) as { nothingToPay: boolean; items: unknown[] };
    const free = await review(freeCourse.id);
    expect(free.items).toHaveLength(1);
    expect(free.nothingToPay).toBe(true);
    expect((await review(courseA.id)).nothingToPay).toBe(false);
  });
});

describe("on PostgreSQL", () => {
  if (process.env.TEST_DATABASE_URL) {
    it("a code's maximum uses hold under parallel checkouts", async () => {
      const PARALLEL = 12;
      const MAX_USES = 3;
      const { rows } = await handle.db.execute<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${rows[0]?.name}`;
      const wide = await openPostgres(url.toString(), { max: PARALLEL });
      try {
        for (let round = 0; round < 3; round++) {
          const row = await coupon({ percentOff: 50, maxUses: MAX_USES });
          const learners = await Promise.all(Array.from({ length: PARALLEL }, () => learnerWith(5_000)));
          const outcomes = await Promise.all(
            learners.map((learner) =>
              purchaseCourses(wide.db, learner.id, [courseB.id], { couponCode: row.code }),
            ),
          );
          const succeeded = outcomes.filter((outcome) => outcome.ok);
          expect(succeeded).toHaveLength(MAX_USES);
          expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(
            Array.from({ length: PARALLEL - MAX_USES }, () => ({
              ok: false,
              reason: "coupon",
              problem: "used_up",
            })),
          );
          const [after] = await handle.db.select().from(coupons).where(eq(coupons.id, row.id));
          expect(after?.uses).toBe(MAX_USES);
          expect(await handle.db.$count(couponRedemptions, eq(couponRedemptions.couponId, row.id))).toBe(
            MAX_USES,
          );
          for (const learner of learners) {
            expect(await ledgerTotal(learner.id)).toBe(await balanceOf(learner.id));
            expect(await balanceOf(learner.id)).toBeGreaterThanOrEqual(0);
          }
        }
      } finally {
        await wide.close();
      }
    });
  } else if (process.env.CI === "true") {
    it("needs TEST_DATABASE_URL in CI: the coupon race cannot run on PGlite", () => {
      throw new Error(
        "TEST_DATABASE_URL is unset, but CI must run the concurrency tests against PostgreSQL.",
      );
    });
  } else {
    it.skip("a code's maximum uses under parallel checkouts — skipped because TEST_DATABASE_URL is unset (PGlite has one connection)", () => {});
  }
});
