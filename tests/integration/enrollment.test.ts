// Buying courses with the wallet, end to end: the purchase rules that guard learners' money, the enrollment
// API through real Bearer sessions, the learner's pages through real cookies, and the admin's sales figures.
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { canOpenCourse } from "../../app/access/access.server";
import { adminStats, adminStatsForApi } from "../../app/admin/users.server";
import { ownedCourseIds, purchaseCourses } from "../../app/commerce/enrollment.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { cartItems, courses, enrollments, lessons, type User, walletLedger } from "../../app/db/schema";
import { formatMoney } from "../../app/lib/money";
import { loader as dashboardLoader } from "../../app/routes/admin-dashboard";
import { action as bulkAction, loader as bulkGet } from "../../app/routes/api/enroll-bulk";
import { action as oneAction, loader as oneGet } from "../../app/routes/api/enroll-one";
import { loader as listLoader, action as listPost } from "../../app/routes/api/enrollments";
import { loader as learnLoader } from "../../app/routes/course-learn";
import { loader as myEnrollmentsLoader } from "../../app/routes/my-enrollments";
import { creditWallet } from "../../app/wallet/wallet.server";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { runRoute, settle } from "./route-context";
import { withSection } from "./section-rows";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let otherTrainer: User;
let admin: User;
/** A fresh learner with an empty wallet for every test, so no test sees another's purchases. */
let buyer: User;

/** Prices in minor units: 25.00, 19.99, free and a 10.00 draft. */
const WEB_PRICE = 2500;
const DATA_PRICE = 1999;
let web: number;
let data: number;
let free: number;
let draft: number;

const UNKNOWN_COURSE = 999_999;

beforeAll(async () => {
  // Session cookies are signed with the secret kept under DATA_DIR.
  process.env.DATA_DIR ??= "./data";
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  otherTrainer = await createUser(handle.db, "trainer");
  admin = await createUser(handle.db, "admin");
  const base = { description: "About it", category: "web-development" as const, trainerId: trainer.id };
  const rows = await handle.db
    .insert(courses)
    .values([
      {
        ...base,
        slug: "web",
        title: "Web Basics",
        titleAr: "أساسيات الويب",
        price: WEB_PRICE,
        isPublished: true,
      },
      {
        ...base,
        slug: "data",
        title: "Data Basics",
        category: "data-science",
        price: DATA_PRICE,
        isPublished: true,
      },
      { ...base, slug: "free", title: "Free Intro", price: 0, isPublished: true },
      { ...base, slug: "draft", title: "Draft Course", price: 1000, isPublished: false },
    ])
    .returning({ id: courses.id, slug: courses.slug });
  const idOf = (slug: string) => rows.find((row) => row.slug === slug)?.id ?? 0;
  [web, data, free, draft] = [idOf("web"), idOf("data"), idOf("free"), idOf("draft")];
  // Inserted out of order: the learn page must sort by position. The javascript: URL must never be embedded.
  await handle.db.insert(lessons).values(
    await withSection(handle.db, [
      { courseId: web, position: 3, title: "Wrap-up", titleAr: "الخلاصة" },
      { courseId: web, position: 1, title: "Welcome", embedUrl: "https://player.vimeo.com/video/76979871" },
      { courseId: web, position: 2, title: "Notes", pdfUrl: "https://cdn.example.com/notes.pdf" },
      { courseId: web, position: 4, title: "Sneaky", embedUrl: "javascript:alert(1)" },
    ]),
  );
});
afterAll(() => handle?.close());

beforeEach(async () => {
  buyer = await createUser(handle.db, "user");
});

async function fund(userId: string, amount: number) {
  const outcome = await creditWallet(handle.db, { userId, actorId: admin.id, amount, reason: "Top-up" });
  expect(outcome.ok).toBe(true);
}

/** Everything a purchase may change for one user, to compare before and after. */
async function stateOf(userId: string) {
  const wallet = await handle.db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, userId) });
  const ledger = await handle.db
    .select()
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId))
    .orderBy(asc(walletLedger.id));
  const owned = await handle.db
    .select({ courseId: enrollments.courseId, pricePaid: enrollments.pricePaid })
    .from(enrollments)
    .where(eq(enrollments.userId, userId))
    .orderBy(asc(enrollments.courseId));
  const cart = await handle.db
    .select({ courseId: cartItems.courseId })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.courseId));
  return {
    balance: wallet?.walletBalance,
    ledger,
    ledgerSum: ledger.reduce((sum, entry) => sum + entry.amount, 0),
    enrollments: owned,
    cart: cart.map((item) => item.courseId),
  };
}

async function addToCart(userId: string, courseIds: number[]) {
  await handle.db.insert(cartItems).values(courseIds.map((courseId) => ({ userId, courseId })));
}

/** The ledger rows a purchase wrote (credits carry no course). */
const purchaseRows = <Entry extends { courseId: number | null }>(ledger: Entry[]) =>
  ledger.filter((entry) => entry.courseId !== null);

describe("purchaseCourses", () => {
  it("charges exactly the total of the courses bought and writes one ledger row per paid course", async () => {
    await fund(buyer.id, 10_000);
    const outcome = await purchaseCourses(handle.db, buyer.id, [web, data, free]);
    expect(outcome).toEqual({
      ok: true,
      enrolledCourseIds: [web, data, free],
      alreadyOwnedCourseIds: [],
      charged: WEB_PRICE + DATA_PRICE,
      balance: 10_000 - WEB_PRICE - DATA_PRICE,
      order: { id: expect.any(Number), number: expect.stringMatching(/^M-\d{4}-\d{6}$/) },
    });
    const state = await stateOf(buyer.id);
    expect(state.balance).toBe(5501);
    expect(state.enrollments).toEqual(
      [
        { courseId: web, pricePaid: WEB_PRICE },
        { courseId: data, pricePaid: DATA_PRICE },
        { courseId: free, pricePaid: 0 },
      ].sort((a, b) => a.courseId - b.courseId),
    );
    // The free course has no ledger row: a ledger amount is never zero.
    const purchases = purchaseRows(state.ledger);
    expect(
      purchases.map(({ amount, balanceAfter, reason, courseId, actorId }) => ({
        amount,
        balanceAfter,
        reason,
        courseId,
        actorId,
      })),
    ).toEqual([
      {
        amount: -WEB_PRICE,
        balanceAfter: 7500,
        reason: "Purchase: Web Basics",
        courseId: web,
        actorId: buyer.id,
      },
      {
        amount: -DATA_PRICE,
        balanceAfter: 5501,
        reason: "Purchase: Data Basics",
        courseId: data,
        actorId: buyer.id,
      },
    ]);
    expect(purchases.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-4499);
    expect(state.ledgerSum).toBe(state.balance);
  });

  it("enrolls in a free course with an empty wallet and writes no ledger row", async () => {
    const outcome = await purchaseCourses(handle.db, buyer.id, [free]);
    expect(outcome).toEqual({
      ok: true,
      enrolledCourseIds: [free],
      alreadyOwnedCourseIds: [],
      charged: 0,
      balance: 0,
      // A free enrollment is not a purchase: no order (issue 46).
      order: null,
    });
    const state = await stateOf(buyer.id);
    expect(state).toMatchObject({ balance: 0, ledger: [], enrollments: [{ courseId: free, pricePaid: 0 }] });
  });

  it("skips courses already owned and charges only for the rest", async () => {
    await fund(buyer.id, 5000);
    await purchaseCourses(handle.db, buyer.id, [web]);
    const outcome = await purchaseCourses(handle.db, buyer.id, [web, data]);
    expect(outcome).toEqual({
      ok: true,
      enrolledCourseIds: [data],
      alreadyOwnedCourseIds: [web],
      charged: DATA_PRICE,
      balance: 5000 - WEB_PRICE - DATA_PRICE,
      order: { id: expect.any(Number), number: expect.stringMatching(/^M-\d{4}-\d{6}$/) },
    });
    const state = await stateOf(buyer.id);
    expect(purchaseRows(state.ledger)).toHaveLength(2);
    expect(state.ledgerSum).toBe(state.balance);
  });

  it("charges a course listed several times once", async () => {
    await fund(buyer.id, 5000);
    const outcome = await purchaseCourses(handle.db, buyer.id, [data, data, data]);
    expect(outcome).toMatchObject({ ok: true, enrolledCourseIds: [data], charged: DATA_PRICE });
    expect((await stateOf(buyer.id)).balance).toBe(5000 - DATA_PRICE);
  });

  it("charges 0 when the same checkout is submitted again", async () => {
    await fund(buyer.id, 5000);
    await purchaseCourses(handle.db, buyer.id, [web, data]);
    const before = await stateOf(buyer.id);
    const again = await purchaseCourses(handle.db, buyer.id, [web, data]);
    expect(again).toEqual({
      ok: true,
      enrolledCourseIds: [],
      alreadyOwnedCourseIds: [web, data],
      charged: 0,
      balance: 5000 - WEB_PRICE - DATA_PRICE,
      order: null,
    });
    expect(await stateOf(buyer.id)).toEqual(before);
  });

  it("charges once when a double click sends two checkouts at the same moment", async () => {
    await fund(buyer.id, 5000);
    const outcomes = await Promise.all([
      purchaseCourses(handle.db, buyer.id, [web, data]),
      purchaseCourses(handle.db, buyer.id, [web, data]),
    ]);
    const charged = outcomes.map((outcome) => (outcome.ok ? outcome.charged : -1)).sort((a, b) => a - b);
    expect(charged).toEqual([0, WEB_PRICE + DATA_PRICE]);
    const state = await stateOf(buyer.id);
    expect(state.balance).toBe(5000 - WEB_PRICE - DATA_PRICE);
    expect(state.enrollments).toHaveLength(2);
    expect(state.ledgerSum).toBe(state.balance);
  });

  it("refuses the whole checkout when any course is unknown or unpublished, changing nothing", async () => {
    await fund(buyer.id, 10_000);
    await addToCart(buyer.id, [web, data, draft]);
    const before = await stateOf(buyer.id);
    for (const [asked, unknown] of [
      [[web, draft], [draft]],
      [[web, UNKNOWN_COURSE, data], [UNKNOWN_COURSE]],
      [
        [draft, UNKNOWN_COURSE, free],
        [draft, UNKNOWN_COURSE],
      ],
      [
        [web, 0, -1, 1.5, 2 ** 31],
        [0, -1, 1.5, 2 ** 31],
      ],
    ] as const) {
      const outcome = await purchaseCourses(handle.db, buyer.id, [...asked]);
      expect(outcome, JSON.stringify(asked)).toEqual({
        ok: false,
        reason: "unknown_courses",
        courseIds: unknown,
      });
    }
    expect(await stateOf(buyer.id)).toEqual(before);
  });

  it("refuses a checkout the wallet cannot cover, changing nothing", async () => {
    await fund(buyer.id, 3000);
    await addToCart(buyer.id, [web, data]);
    const before = await stateOf(buyer.id);
    expect(await purchaseCourses(handle.db, buyer.id, [web, data, free])).toEqual({
      ok: false,
      reason: "insufficient_funds",
      required: WEB_PRICE + DATA_PRICE,
      balance: 3000,
    });
    expect(await stateOf(buyer.id)).toEqual(before);
    // Once a course is owned, only the rest counts toward what is required.
    await purchaseCourses(handle.db, buyer.id, [web]);
    expect(await purchaseCourses(handle.db, buyer.id, [web, data])).toEqual({
      ok: false,
      reason: "insufficient_funds",
      required: DATA_PRICE,
      balance: 500,
    });
  });

  it("refuses an empty checkout", async () => {
    expect(await purchaseCourses(handle.db, buyer.id, [])).toEqual({ ok: false, reason: "empty" });
  });

  it("takes bought and already-owned courses out of the cart and leaves the rest", async () => {
    await fund(buyer.id, 10_000);
    await addToCart(buyer.id, [web, data, free]);
    await purchaseCourses(handle.db, buyer.id, [web]);
    expect((await stateOf(buyer.id)).cart).toEqual([data, free].sort((a, b) => a - b));
    // A course that was bought elsewhere and put in the cart again leaves it at the next checkout, for free.
    await addToCart(buyer.id, [web]);
    const outcome = await purchaseCourses(handle.db, buyer.id, [web, free]);
    expect(outcome).toMatchObject({
      ok: true,
      enrolledCourseIds: [free],
      alreadyOwnedCourseIds: [web],
      charged: 0,
    });
    expect((await stateOf(buyer.id)).cart).toEqual([data]);
  });

  it("does not charge for an enrollment that already exists outside the purchase path", async () => {
    await fund(buyer.id, 5000);
    // E.g. a grant made by hand: the purchase still reads it as owned and charges nothing for it.
    await handle.db.insert(enrollments).values({ userId: buyer.id, courseId: web, pricePaid: 0 });
    const outcome = await purchaseCourses(handle.db, buyer.id, [web]);
    expect(outcome).toMatchObject({
      ok: true,
      enrolledCourseIds: [],
      alreadyOwnedCourseIds: [web],
      charged: 0,
    });
    expect((await stateOf(buyer.id)).balance).toBe(5000);
  });

  it("keeps the balance equal to credits minus purchases and to the ledger sum", async () => {
    await fund(buyer.id, 3000);
    await purchaseCourses(handle.db, buyer.id, [web]);
    await fund(buyer.id, 1234);
    await purchaseCourses(handle.db, buyer.id, [data, free]);
    const state = await stateOf(buyer.id);
    const paid = state.enrollments.reduce((sum, row) => sum + row.pricePaid, 0);
    expect(state.balance).toBe(3000 + 1234 - paid);
    expect(state.ledgerSum).toBe(state.balance);
    // Each row's balanceAfter follows from the one before it.
    let running = 0;
    for (const entry of state.ledger) {
      running += entry.amount;
      expect(entry.balanceAfter).toBe(running);
    }
  });

  it("reports owned courses and who may open a course", async () => {
    await purchaseCourses(handle.db, buyer.id, [free]);
    expect(await ownedCourseIds(handle.db, buyer.id)).toEqual(new Set([free]));
    expect(await ownedCourseIds(handle.db, buyer.id, [web, free])).toEqual(new Set([free]));
    expect(await ownedCourseIds(handle.db, buyer.id, [])).toEqual(new Set());
    expect(await canOpenCourse(handle.db, buyer, free)).toBe(true);
    expect(await canOpenCourse(handle.db, buyer, web)).toBe(false);
    expect(await canOpenCourse(handle.db, trainer, draft)).toBe(true);
    expect(await canOpenCourse(handle.db, otherTrainer, web)).toBe(false);
    expect(await canOpenCourse(handle.db, admin, web)).toBe(true);
    expect(await canOpenCourse(handle.db, buyer, UNKNOWN_COURSE)).toBe(false);
  });
});

type ApiBody = {
  enrolled: number[];
  alreadyOwned: number[];
  charged: number;
  walletBalance: number;
  items: {
    course: {
      id: number;
      title: string;
      category: string;
      image: string;
      instructorName: string;
      lessonCount: number;
    };
    pricePaid: number;
    enrolledAt: string;
  }[];
  error: { code: string; message: string; fields?: Record<string, string> };
};

/** An API answer's JSON, after checking that no password hash (or the word) leaked into it. */
async function json(response: unknown): Promise<{ status: number; body: ApiBody; headers: Headers }> {
  expect(response).toBeInstanceOf(Response);
  const text = await (response as Response).text();
  expect(text).not.toMatch(/password/i);
  for (const user of [buyer, trainer, admin]) expect(text).not.toContain(user.passwordHash ?? "unset");
  return {
    status: (response as Response).status,
    body: JSON.parse(text),
    headers: (response as Response).headers,
  };
}

type Handler = (args: never) => unknown;

/** Calls an API route the way a client does: a real Bearer session for `viewer`, none for a guest. */
async function callApi(
  handler: Handler,
  path: string,
  {
    viewer = buyer,
    method = "POST",
    body,
    params = {},
    headers = {},
  }: {
    viewer?: User | null;
    method?: string;
    body?: unknown;
    params?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
) {
  const allHeaders = new Headers({ "Content-Type": "application/json", ...headers });
  if (viewer) allHeaders.set("Authorization", await bearerFor(handle.db, viewer.id));
  const request = new Request(`http://test${path}`, {
    method,
    headers: allHeaders,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return json(await settle(runRoute(handle.db, request, handler as never, params)));
}

const BULK = "/api/course/enrollment/bulk/enroll";
const bulk = (body: unknown, options: Parameters<typeof callApi>[2] = {}) =>
  callApi(bulkAction, BULK, { body, ...options });
const one = (courseId: string, options: Parameters<typeof callApi>[2] = {}) =>
  callApi(oneAction, `/api/course/enrollment/${courseId}`, { params: { courseId }, ...options });

describe("POST /api/course/enrollment/bulk/enroll", () => {
  it("buys the courses and answers money in currency units", async () => {
    await fund(buyer.id, 10_000);
    const { status, body } = await bulk({ courseIds: [web, data, free] });
    expect(status).toBe(200);
    expect(body).toEqual({
      enrolled: [web, data, free],
      alreadyOwned: [],
      charged: 44.99,
      walletBalance: 55.01,
    });
    const again = await bulk({ courseIds: [data, web] });
    expect(again.body).toEqual({ enrolled: [], alreadyOwned: [data, web], charged: 0, walletBalance: 55.01 });
  });

  it("answers 401 to a guest and changes nothing", async () => {
    await fund(buyer.id, 10_000);
    const { status, body, headers } = await bulk({ courseIds: [web] }, { viewer: null });
    expect(status).toBe(401);
    expect(body.error.code).toBe("unauthorized");
    expect(headers.get("WWW-Authenticate")).toContain("Bearer");
    expect((await stateOf(buyer.id)).enrollments).toEqual([]);
  });

  it("answers 404 naming unknown or unpublished courses, and changes nothing", async () => {
    await fund(buyer.id, 10_000);
    const { status, body } = await bulk({ courseIds: [web, draft, UNKNOWN_COURSE] });
    expect(status).toBe(404);
    expect(body.error).toEqual({
      code: "course_unavailable",
      message: `2 of these courses are not available any more (unpublished or removed): courses ${draft}, ${UNKNOWN_COURSE}. Nothing was charged.`,
    });
    const arabic = await bulk({ courseIds: [draft] }, { headers: { "Accept-Language": "ar" } });
    expect(arabic.body.error.message).toBe(
      `هذه الدورة لم تعد متاحة (أُلغي نشرها أو حُذفت): الدورة ${draft}. لم يُخصم أي مبلغ.`,
    );
    expect(await stateOf(buyer.id)).toMatchObject({ balance: 10_000, enrollments: [] });
  });

  it("answers 409 with the amounts in currency units when the balance is too low", async () => {
    await fund(buyer.id, 3000);
    const { status, body } = await bulk({ courseIds: [web, data] });
    expect(status).toBe(409);
    expect(body.error).toEqual({
      code: "insufficient_funds",
      message: "Your wallet balance ($30.00) is not enough: this needs $44.99. Nothing was charged.",
    });
    const arabic = await bulk({ courseIds: [web, data] }, { headers: { "Accept-Language": "ar" } });
    // Formatted by the app's one money formatter, whatever symbol or code it uses for Arabic.
    expect(arabic.body.error.message).toBe(
      `رصيد محفظتك (${formatMoney(3000, "ar", "USD")}) لا يكفي: المطلوب ${formatMoney(4499, "ar", "USD")}. لم يُخصم أي مبلغ.`,
    );
    expect(await stateOf(buyer.id)).toMatchObject({ balance: 3000, enrollments: [] });
  });

  it.each([
    ["a missing list", {}],
    ["an empty list", { courseIds: [] }],
    ["text", { courseIds: "1" }],
    ["a text id", { courseIds: ["1"] }],
    ["a fractional id", { courseIds: [1.5] }],
    ["a zero id", { courseIds: [0] }],
    ["a negative id", { courseIds: [-3] }],
    ["an id beyond int4", { courseIds: [2 ** 31] }],
    ["51 ids", { courseIds: Array.from({ length: 51 }, (_, index) => index + 1) }],
  ])("answers 422 for %s", async (_label, requestBody) => {
    const { status, body } = await bulk(requestBody);
    expect(status).toBe(422);
    expect(body.error).toEqual({
      code: "validation_failed",
      message: "Some fields are invalid.",
      fields: { courseIds: "Send courseIds as a list of 1 to 50 course ids (positive whole numbers)." },
    });
  });

  it("answers 422 in Arabic and 400 for a body that is not JSON", async () => {
    const arabic = await bulk({ courseIds: [] }, { headers: { "Accept-Language": "ar" } });
    expect(arabic.body.error.fields?.courseIds).toBe(
      "أرسل courseIds قائمةً تضم من 1 إلى 50 معرّف دورة (أعدادًا صحيحة موجبة).",
    );
    expect((await bulk("{oops")).status).toBe(400);
  });

  it("answers 405 to other methods", async () => {
    const get = await callApi(bulkGet, BULK, { method: "GET" });
    expect(get.status).toBe(405);
    expect(get.body.error.code).toBe("method_not_allowed");
    expect(get.headers.get("Allow")).toBe("POST");
    expect((await callApi(bulkAction, BULK, { method: "PUT", body: { courseIds: [free] } })).status).toBe(
      405,
    );
    expect((await stateOf(buyer.id)).enrollments).toEqual([]);
  });
});

describe("POST /api/course/enrollment/:courseId", () => {
  it("buys one course with the same answer as bulk", async () => {
    await fund(buyer.id, 3000);
    const { status, body } = await one(String(web));
    expect(status).toBe(200);
    expect(body).toEqual({ enrolled: [web], alreadyOwned: [], charged: 25, walletBalance: 5 });
    expect((await one(String(web))).body).toEqual({
      enrolled: [],
      alreadyOwned: [web],
      charged: 0,
      walletBalance: 5,
    });
  });

  it("answers 404 for a malformed, unknown or unpublished id", async () => {
    for (const courseId of ["abc", "1e3", "-1", "0", "99999999999", String(UNKNOWN_COURSE), String(draft)]) {
      const { status, body } = await one(courseId);
      expect(status, courseId).toBe(404);
      // A path that names no course is not found; a course that cannot be bought says so.
      const expected = /^\d+$/.test(courseId) && Number(courseId) <= 2_147_483_647 && Number(courseId) > 0;
      expect(body.error.code, courseId).toBe(expected ? "course_unavailable" : "not_found");
    }
  });

  it("answers 409 when the balance is too low, 401 to a guest and 405 to other methods", async () => {
    const poor = await one(String(data));
    expect(poor.status).toBe(409);
    expect(poor.body.error).toEqual({
      code: "insufficient_funds",
      message: "Your wallet balance ($0.00) is not enough: this needs $19.99. Nothing was charged.",
    });
    expect((await one(String(free), { viewer: null })).status).toBe(401);
    const path = `/api/course/enrollment/${free}`;
    expect((await callApi(oneGet, path, { method: "GET", params: { courseId: String(free) } })).status).toBe(
      405,
    );
    expect(
      (await callApi(oneAction, path, { method: "DELETE", params: { courseId: String(free) } })).status,
    ).toBe(405);
    expect((await stateOf(buyer.id)).enrollments).toEqual([]);
  });
});

describe("GET /api/course/enrollment", () => {
  const list = (options: Parameters<typeof callApi>[2] = {}) =>
    callApi(listLoader, "/api/course/enrollment", { method: "GET", ...options });

  it("lists the caller's courses newest first, with prices paid in currency units", async () => {
    await fund(buyer.id, 10_000);
    await purchaseCourses(handle.db, buyer.id, [web]);
    await purchaseCourses(handle.db, buyer.id, [data]);
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.items).toEqual([
      {
        course: {
          id: data,
          title: "Data Basics",
          category: "data-science",
          image: { url: "/images/course.jpg", public_id: null },
          instructorName: trainer.name,
          lessonCount: 0,
        },
        pricePaid: 19.99,
        enrolledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      {
        course: expect.objectContaining({ id: web, title: "Web Basics", lessonCount: 4 }),
        pricePaid: 25,
        enrolledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const arabic = await list({ headers: { "Accept-Language": "ar" } });
    expect(arabic.body.items.map((item) => item.course.title)).toEqual(["Data Basics", "أساسيات الويب"]);
  });

  it("shows nobody else's courses, answers 401 to a guest and 405 to other methods", async () => {
    await purchaseCourses(handle.db, buyer.id, [free]);
    const other = await createUser(handle.db, "user");
    expect((await list({ viewer: other })).body).toEqual({ items: [] });
    expect((await list({ viewer: null })).status).toBe(401);
    expect((await callApi(listPost, "/api/course/enrollment", { method: "POST", body: {} })).status).toBe(
      405,
    );
  });
});

/** Runs a page loader with a real browser session for `viewer` (none for a guest). */
async function callPage(
  handler: Handler,
  path: string,
  viewer: User | null,
  params: Record<string, string> = {},
) {
  const headers = new Headers();
  if (viewer) headers.set("Cookie", await cookieFor(handle.db, viewer.id));
  return settle(
    runRoute(handle.db, new Request(`http://test${path}`, { headers }), handler as never, params),
  );
}

describe("/my-enrollments page", () => {
  type Data = Awaited<ReturnType<typeof myEnrollmentsLoader>>;

  it("sends guests to log in", async () => {
    const response = (await callPage(myEnrollmentsLoader, "/ar/my-enrollments", null)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/ar/auth/login?redirectTo=${encodeURIComponent("/ar/my-enrollments")}`,
    );
  });

  it("lists the learner's courses, newest first, in the page's language", async () => {
    expect(((await callPage(myEnrollmentsLoader, "/my-enrollments", buyer)) as Data).inProgress).toEqual([]);
    await fund(buyer.id, 5000);
    await purchaseCourses(handle.db, buyer.id, [web]);
    await purchaseCourses(handle.db, buyer.id, [free]);
    const data = (await callPage(myEnrollmentsLoader, "/my-enrollments", buyer)) as Data;
    expect(data.inProgress.map((course) => course.id)).toEqual([free, web]);
    expect(data.continue).toBeNull();
    expect(data.inProgress[1]).toMatchObject({
      title: "Web Basics",
      category: "web-development",
      image: "/images/course.jpg",
      instructorName: trainer.name,
      lessonCount: 4,
      enrolledOn: new Intl.DateTimeFormat("en", { dateStyle: "long" }).format(new Date()),
    });
    expect(data.meta.title).toContain("My learning");
    expect(JSON.stringify(data)).not.toMatch(/password/i);
    const arabic = (await callPage(myEnrollmentsLoader, "/ar/my-enrollments", buyer)) as Data;
    expect(arabic.inProgress[1]?.title).toBe("أساسيات الويب");
  });
});

describe("/courses/:id/learn page", () => {
  type Data = Awaited<ReturnType<typeof learnLoader>>;
  const learn = (id: number | string, viewer: User | null, prefix = "") =>
    callPage(learnLoader, `${prefix}/courses/${id}/learn`, viewer, { id: String(id) });

  it("sends guests to log in", async () => {
    const response = (await learn(web, null)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\/login\?redirectTo=/);
  });

  it("answers 403 to a learner who is not enrolled and to another trainer", async () => {
    expect(await learn(web, buyer)).toHaveProperty("status", 403);
    expect(await learn(web, otherTrainer)).toHaveProperty("status", 403);
  });

  it("answers 404 for a malformed or unknown id, and for a draft the viewer may not open", async () => {
    for (const id of ["abc", "0", String(UNKNOWN_COURSE), String(draft)]) {
      expect(await learn(id, buyer), id).toHaveProperty("status", 404);
    }
  });

  /** The lesson page /courses/:id/learn redirects to (the first lesson for a learner new to the course). */
  async function resumed(id: number, viewer: User, prefix = "") {
    const response = (await learn(id, viewer, prefix)) as Response;
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    const lessonId = location.match(new RegExp(`^${prefix}/courses/${id}/learn/(\\d+)$`))?.[1];
    expect(lessonId, location).toBeDefined();
    return (await callPage(learnLoader, location, viewer, {
      id: String(id),
      lessonId: lessonId ?? "",
    })) as Data;
  }

  it("shows the enrolled learner the lessons in order, embedding only safe video URLs", async () => {
    await fund(buyer.id, 5000);
    await purchaseCourses(handle.db, buyer.id, [web]);
    const data = await resumed(web, buyer);
    expect(data.opened?.course.title).toBe("Web Basics");
    expect(data.opened?.lesson.title).toBe("Welcome");
    const lessons = data.opened?.course.lessons ?? [];
    expect(lessons.map(({ position, title }) => ({ position, title }))).toEqual([
      { position: 1, title: "Welcome" },
      { position: 2, title: "Notes" },
      { position: 3, title: "Wrap-up" },
      { position: 4, title: "Sneaky" },
    ]);
    const material = [];
    for (const lesson of lessons) {
      const page = (await callPage(learnLoader, `/courses/${web}/learn/${lesson.id}`, buyer, {
        id: String(web),
        lessonId: String(lesson.id),
      })) as Data;
      material.push({ embedUrl: page.opened?.lesson.embedUrl, pdfUrl: page.opened?.lesson.pdfUrl });
    }
    expect(material).toEqual([
      { embedUrl: "https://player.vimeo.com/video/76979871", pdfUrl: null },
      { embedUrl: null, pdfUrl: "https://cdn.example.com/notes.pdf" },
      { embedUrl: null, pdfUrl: null },
      { embedUrl: null, pdfUrl: null },
    ]);
    const arabic = await resumed(web, buyer, "/ar");
    expect(arabic.opened?.course.title).toBe("أساسيات الويب");
    expect(arabic.opened?.course.lessons[2]?.title).toBe("الخلاصة");
  });

  it("opens for the course's trainer and for an admin, drafts included", async () => {
    expect((await resumed(web, trainer)).opened?.course.id).toBe(web);
    expect(((await learn(draft, trainer)) as Data).courseId).toBe(draft);
    expect((await resumed(web, admin)).opened?.course.id).toBe(web);
    expect(((await learn(draft, admin)) as Data).courseId).toBe(draft);
  });

  it("stays open, and listed, for a learner after the course is unpublished", async () => {
    const [retired] = await handle.db
      .insert(courses)
      .values({
        slug: `retired-${buyer.id}`,
        title: "Retired",
        description: "Gone soon",
        category: "cloud-computing",
        price: 0,
        isPublished: true,
        trainerId: trainer.id,
      })
      .returning({ id: courses.id });
    const retiredId = retired?.id ?? 0;
    await purchaseCourses(handle.db, buyer.id, [retiredId]);
    await handle.db.update(courses).set({ isPublished: false }).where(eq(courses.id, retiredId));
    expect(((await learn(retiredId, buyer)) as Data).courseId).toBe(retiredId);
    const list = (await callPage(myEnrollmentsLoader, "/my-enrollments", buyer)) as Awaited<
      ReturnType<typeof myEnrollmentsLoader>
    >;
    expect(list.inProgress.map((course) => course.id)).toEqual([retiredId]);
  });
});

describe("admin sales figures", () => {
  it("counts courses, enrollments and revenue, in minor units inside and currency units in the API", async () => {
    const before = await adminStats(handle.db);
    await fund(buyer.id, 10_000);
    await purchaseCourses(handle.db, buyer.id, [web, data, free]);
    const after = await adminStats(handle.db);
    expect(after.enrollments - before.enrollments).toBe(3);
    expect(after.revenue - before.revenue).toBe(WEB_PRICE + DATA_PRICE);
    const [sums] = await handle.db
      .select({
        revenue: sql<string>`coalesce(sum(${enrollments.pricePaid}), 0)::text`,
        published: sql<number>`(select count(*)::int from ${courses} where ${courses.isPublished})`,
        drafts: sql<number>`(select count(*)::int from ${courses} where not ${courses.isPublished})`,
      })
      .from(enrollments);
    expect(after.revenue).toBe(Number(sums?.revenue));
    expect(after.courses).toEqual({ published: Number(sums?.published), drafts: Number(sums?.drafts) });
    expect(adminStatsForApi(after).revenue).toBe(after.revenue / 100);
  });

  it("shows the figures on the admin dashboard with revenue formatted as money", async () => {
    const stats = await adminStats(handle.db);
    const data = (await callPage(dashboardLoader, "/dashboard/admin", admin)) as Awaited<
      ReturnType<typeof dashboardLoader>
    >;
    expect(data.courses).toEqual(stats.courses);
    expect(data.enrollments).toBe(stats.enrollments);
    expect(data.revenue).toBe(formatMoney(stats.revenue, "en", "USD"));
    expect(data.revenue).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await callPage(dashboardLoader, "/dashboard/admin", buyer)).toHaveProperty("status", 403);
  });
});
