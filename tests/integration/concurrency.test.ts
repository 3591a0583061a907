// Many checkouts of one wallet at the same moment, on real PostgreSQL: whatever interleaving the race takes,
// no course is bought twice, no one is charged twice, and the balance, enrollments and ledger always agree.
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PurchaseOutcome, purchaseCourses } from "../../app/commerce/enrollment.server";
import { type DatabaseHandle, openPostgres } from "../../app/db/client.server";
import { courses, enrollments, type User, users, walletLedger } from "../../app/db/schema";
import { action as enrollBulk } from "../../app/routes/api/enroll-bulk";
import { action as enrollOne } from "../../app/routes/api/enroll-one";
import { creditWallet } from "../../app/wallet/wallet.server";
import { bearerFor, createUser } from "./auth-helpers";
import { runRoute } from "./route-context";
import { createTestDatabase } from "./test-database";

const ROUNDS = 5;
const PARALLEL_PURCHASES = 30;
/** Credited before the race; two more credits land during it. Both together cannot buy every course. */
const STARTING_CREDITS = [3000, 2000];
const CREDITS_DURING_RACE = [300, 300];
const COURSE_PRICES = { a: 1000, b: 1500, c: 2500, d: 700, e: 3000, f: 1200, free: 0 } as const;
type CourseKey = keyof typeof COURSE_PRICES;

/** Overlapping bulk checkouts, the same course many times at once, and a free course clicked repeatedly. */
const CHECKOUTS: CourseKey[][] = [
  ...Array.from({ length: 8 }, (): CourseKey[] => ["a"]),
  ...Array.from({ length: 4 }, (): CourseKey[] => ["free"]),
  ["a", "b"],
  ["b", "c", "d"],
  ["a", "e"],
  ["c", "f"],
  ["a", "b", "c", "d", "e", "f", "free"],
  ["d", "f", "free"],
  ["e"],
  ["b", "f"],
  ["a", "c", "e"],
  ["d"],
  ["f", "a"],
  ["c"],
  ["b", "d", "free"],
  ["e", "f"],
  ["a", "b"],
  ["d", "c", "b", "a"],
  ["f"],
  ["b"],
];

let handle: DatabaseHandle;
/** A second handle on the same database with enough connections for every checkout to run at once. */
let wide: DatabaseHandle;
let trainer: User;
const courseIds = {} as Record<CourseKey, number>;

async function setUp() {
  handle = await createTestDatabase();
  // createTestDatabase opens five connections; the race needs one per checkout to be a real race.
  const { rows } = await handle.db.execute<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${rows[0]?.name}`;
  wide = await openPostgres(url.toString(), { max: PARALLEL_PURCHASES + CREDITS_DURING_RACE.length });
  trainer = await createUser(handle.db, "trainer");
  for (const [key, price] of Object.entries(COURSE_PRICES) as [CourseKey, number][]) {
    const [course] = await handle.db
      .insert(courses)
      .values({
        slug: `race-${key}`,
        title: `Race ${key}`,
        description: "A course bought in a hurry",
        category: "software-engineering",
        price,
        isPublished: true,
        trainerId: trainer.id,
      })
      .returning({ id: courses.id });
    courseIds[key] = course?.id ?? 0;
  }
}

async function raceOneWallet() {
  const buyer = await createUser(handle.db, "user");
  for (const amount of STARTING_CREDITS) {
    await creditWallet(handle.db, { userId: buyer.id, actorId: null, amount, reason: "Top-up" });
  }
  expect(CHECKOUTS).toHaveLength(PARALLEL_PURCHASES);

  const purchases = CHECKOUTS.map((keys) =>
    purchaseCourses(
      wide.db,
      buyer.id,
      keys.map((key) => courseIds[key]),
    ),
  );
  const credits = CREDITS_DURING_RACE.map((amount) =>
    creditWallet(wide.db, { userId: buyer.id, actorId: null, amount, reason: "Top-up during checkout" }),
  );
  // allSettled, so a deadlock or a constraint violation shows up as the failure it is.
  const settled = await Promise.allSettled([...purchases, ...credits]);
  const failures = settled.filter((result) => result.status === "rejected");
  expect(failures.map((failure) => String((failure as PromiseRejectedResult).reason))).toEqual([]);
  const outcomes = settled
    .slice(0, PARALLEL_PURCHASES)
    .map((result) => (result as PromiseFulfilledResult<PurchaseOutcome>).value);

  // Every checkout either went through or was refused for lack of money; the wallet cannot afford all.
  for (const outcome of outcomes) {
    const settledOrRefused = outcome.ok || outcome.reason === "insufficient_funds";
    expect(settledOrRefused, JSON.stringify(outcome)).toBe(true);
    if (outcome.ok || outcome.reason === "insufficient_funds")
      expect(outcome.balance).toBeGreaterThanOrEqual(0);
  }
  expect(outcomes.some((outcome) => !outcome.ok)).toBe(true);

  const enrolled = await handle.db
    .select({ courseId: enrollments.courseId, pricePaid: enrollments.pricePaid })
    .from(enrollments)
    .where(eq(enrollments.userId, buyer.id));
  const enrolledIds = enrolled.map((row) => row.courseId);
  // Each course at most once, and each enrollment claimed by exactly one checkout: nothing bought twice.
  expect(new Set(enrolledIds).size).toBe(enrolledIds.length);
  const claimed = outcomes.flatMap((outcome) => (outcome.ok ? outcome.enrolledCourseIds : []));
  expect([...claimed].sort((a, b) => a - b)).toEqual([...enrolledIds].sort((a, b) => a - b));
  // A free course clicked four times alone is enrolled exactly once.
  expect(enrolledIds.filter((id) => id === courseIds.free)).toHaveLength(1);

  const [wallet] = await handle.db
    .select({ balance: users.walletBalance })
    .from(users)
    .where(eq(users.id, buyer.id));
  const balance = wallet?.balance ?? Number.NaN;
  const credited = [...STARTING_CREDITS, ...CREDITS_DURING_RACE].reduce((sum, amount) => sum + amount, 0);
  const paid = enrolled.reduce((sum, row) => sum + row.pricePaid, 0);
  const charged = outcomes.reduce((sum, outcome) => sum + (outcome.ok ? outcome.charged : 0), 0);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(balance).toBe(credited - paid);
  expect(charged).toBe(paid);

  const ledger = await handle.db
    .select()
    .from(walletLedger)
    .where(eq(walletLedger.userId, buyer.id))
    .orderBy(asc(walletLedger.id));
  expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(balance);
  // Serialized by the row lock: each row's balanceAfter follows from the row before it, never below zero.
  let running = 0;
  for (const entry of ledger) {
    running += entry.amount;
    expect(entry.balanceAfter).toBe(running);
    expect(entry.balanceAfter).toBeGreaterThanOrEqual(0);
  }
  // One debit per paid course bought, for exactly its price: no double charge.
  const debits = ledger.filter((entry) => entry.amount < 0);
  expect(debits.map((entry) => entry.courseId).sort()).toEqual(
    enrolled
      .filter((row) => row.pricePaid > 0)
      .map((row) => row.courseId)
      .sort(),
  );
  for (const debit of debits) {
    expect(-debit.amount).toBe(enrolled.find((row) => row.courseId === debit.courseId)?.pricePaid);
  }
}

// PGlite serves one connection, so a real race needs PostgreSQL; CI sets TEST_DATABASE_URL.
describe("parallel purchases of one wallet (PostgreSQL)", () => {
  if (process.env.TEST_DATABASE_URL) {
    beforeAll(setUp);
    afterAll(async () => {
      await wide?.close();
      await handle?.close();
    });
    it(`never double-charges or overspends under ${PARALLEL_PURCHASES} parallel checkouts`, async () => {
      // A race may or may not interleave on a given run; repeating makes a missing lock show up.
      for (let round = 0; round < ROUNDS; round++) await raceOneWallet();
    });

    it("holds through the HTTP API too: parallel bulk and single enrollment requests with one token", async () => {
      const buyer = await createUser(handle.db, "user");
      await creditWallet(handle.db, { userId: buyer.id, actorId: null, amount: 4000, reason: "Top-up" });
      const authorization = await bearerFor(handle.db, buyer.id);
      const post = (path: string, handler: unknown, params: Record<string, string>, body?: unknown) =>
        runRoute(
          wide.db,
          new Request(`http://test${path}`, {
            method: "POST",
            headers: { Authorization: authorization, "Content-Type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
          handler as never,
          params,
        ) as Promise<Response>;
      const requests = Array.from({ length: PARALLEL_PURCHASES }, (_, index) =>
        index % 2 === 0
          ? post(
              "/api/course/enrollment/bulk/enroll",
              enrollBulk,
              {},
              { courseIds: [courseIds.a, courseIds.b, courseIds.d] },
            )
          : post(`/api/course/enrollment/${courseIds.a}`, enrollOne, { courseId: String(courseIds.a) }),
      );
      const responses = await Promise.all(requests);
      // Every answer is a success or a clean refusal, never a server error.
      for (const response of responses) expect([200, 409]).toContain(response.status);
      const owned = await handle.db.select().from(enrollments).where(eq(enrollments.userId, buyer.id));
      // However the requests interleave, the three courses end up bought exactly once: 10.00 + 15.00 + 7.00.
      expect(owned.map((row) => row.courseId).sort()).toEqual([courseIds.a, courseIds.b, courseIds.d].sort());
      const paid = owned.reduce((sum, row) => sum + row.pricePaid, 0);
      const [after] = await handle.db.select().from(users).where(eq(users.id, buyer.id));
      expect(paid).toBe(3200);
      expect(after?.walletBalance).toBe(4000 - paid);
      expect(after?.walletBalance).toBeGreaterThanOrEqual(0);
      const [ledger] = await handle.db
        .select({ total: sql<number>`coalesce(sum(${walletLedger.amount}), 0)::int` })
        .from(walletLedger)
        .where(eq(walletLedger.userId, buyer.id));
      expect(ledger?.total).toBe(after?.walletBalance);
    });
  } else if (process.env.CI === "true") {
    it("needs TEST_DATABASE_URL in CI: the purchase race cannot run on PGlite", () => {
      throw new Error(
        "TEST_DATABASE_URL is unset, but CI must run the concurrency tests against PostgreSQL.",
      );
    });
  } else {
    it.skip("parallel purchases of one wallet — skipped because TEST_DATABASE_URL is unset (PGlite has one connection)", () => {});
  }
});
