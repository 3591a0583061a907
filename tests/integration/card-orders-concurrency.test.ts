// Card orders settled by many paths at once, on real PostgreSQL (issue 46): the same Moyasar callback
// delivered ten times at once, and its job run by ten workers at once, enroll once; the result page's
// "check again" racing the webhook's job enrolls once. The order row's lock (`for update`, then "still
// pending?") is what makes it so; PGlite serves one connection, so only PostgreSQL can show it.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../../app/db/client.server";
import {
  cartItems,
  couponRedemptions,
  coupons,
  enrollments,
  orderEvents,
  orders,
  type User,
} from "../../app/db/schema";
import { drainJobs } from "../../app/jobs/worker.server";
import { settleFromCallback } from "../../app/orders/card-orders.server";
import { action as checkoutApi } from "../../app/routes/api/checkout";
import { action as webhookApi } from "../../app/routes/api/moyasar-webhook";
import { action as orderAction } from "../../app/routes/order";
import { type FakeMoyasar, startFakeMoyasar } from "../fakes/moyasar";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { createPricedCourses, saveEnv } from "./commerce-fixtures";
import { runRoute, settle } from "./route-context";
import { sharedTestMailer } from "./studio-factories";
import { createTestDatabase } from "./test-database";

const SECRET_KEY = "sk_test_race";
const WEBHOOK_SECRET = "race-webhook-secret";
const PARALLEL = 10;
const VARIABLES = ["MOYASAR_SECRET_KEY", "MOYASAR_WEBHOOK_SECRET", "MOYASAR_API_URL"] as const;
const restoreEnv = saveEnv(VARIABLES);

let handle: DatabaseHandle;
let wide: DatabaseHandle;
let fake: FakeMoyasar;
const courseIds: number[] = [];

// biome-ignore lint/suspicious/noExplicitAny: the tests read answers' JSON by path.
type Json = Record<string, any>;

async function setUp() {
  handle = await createTestDatabase();
  const { rows } = await handle.db.execute<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${rows[0]?.name}`;
  wide = await openPostgres(url.toString(), { max: PARALLEL + 2 });
  fake = await startFakeMoyasar({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  process.env.MOYASAR_SECRET_KEY = SECRET_KEY;
  process.env.MOYASAR_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.MOYASAR_API_URL = fake.apiUrl;
  const trainer = await createUser(handle.db, "trainer");
  await handle.db.insert(coupons).values({ code: "RACE20", percentOff: 20, createdById: trainer.id });
  courseIds.push(
    ...(await createPricedCourses(handle.db, trainer.id, { title: "Race course", prices: [2_000, 3_000] })),
  );
}

async function tearDown() {
  restoreEnv();
  await fake?.close();
  await wide?.close();
  await handle?.close();
}

/** A learner's card order for both courses (with a coupon), paid on Moyasar's page, its callback not yet sent. */
async function paidAtMoyasar(): Promise<{ learner: User; orderId: number; invoiceId: string }> {
  const learner = await createUser(handle.db, "user");
  await handle.db.insert(cartItems).values(courseIds.map((courseId) => ({ userId: learner.id, courseId })));
  const request = new Request("http://localhost/api/checkout", {
    method: "POST",
    headers: { Authorization: await bearerFor(handle.db, learner.id), "Content-Type": "application/json" },
    body: JSON.stringify({ method: "card", provider: "moyasar", couponCode: "RACE20" }),
  });
  const answer = (await runRoute(handle.db, request, checkoutApi as never)) as Response;
  expect(answer.status).toBe(201);
  const orderId = ((await answer.json()) as Json).order.id as number;
  const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  const invoiceId = order?.providerRef ?? "";
  await fake.pay(invoiceId, { callback: false });
  return { learner, orderId, invoiceId };
}

async function expectPaidOnce(learner: User, orderId: number) {
  const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order?.status).toBe("paid");
  const events = await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  expect(events.filter((event) => event.type === "paid")).toHaveLength(1);
  expect(events.filter((event) => event.type === "flagged")).toHaveLength(0);
  const enrolled = await handle.db.select().from(enrollments).where(eq(enrollments.userId, learner.id));
  expect(enrolled.map((row) => row.courseId).sort()).toEqual([...courseIds].sort());
  const redemptions = await handle.db
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.userId, learner.id));
  expect(redemptions).toHaveLength(1);
}

describe("card orders settled in parallel (PostgreSQL)", () => {
  if (process.env.TEST_DATABASE_URL) {
    beforeAll(setUp);
    afterAll(tearDown);

    it(`the same callback delivered ${PARALLEL} times at once queues one job, and ${PARALLEL} runs of it enroll once`, async () => {
      const { learner, orderId } = await paidAtMoyasar();
      const event = fake.events.at(-1);
      const body = JSON.stringify(event);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          runRoute<Response>(
            wide.db,
            new Request("http://localhost/api/payments/moyasar/webhook", {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body,
            }),
            webhookApi as never,
          ),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const results = await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as Json).result),
      );
      expect(results.filter((result) => result === "queued")).toHaveLength(1);
      // The job as ten workers would run it, had pg-boss handed it out ten times (a retry after a lost
      // completion, say): each asks Moyasar, then all race for the order's lock.
      const outcomes = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          settleFromCallback(wide.db, { provider: "moyasar", reference: event?.data.invoice_id ?? "" }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.result === "paid")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.result === "already_settled")).toHaveLength(PARALLEL - 1);
      await drainJobs({ db: handle.db, mailer: sharedTestMailer() }, { queues: ["card-settle"] });
      await expectPaidOnce(learner, orderId);
    });

    it("the result page's check-again racing the webhook's job enrolls once", async () => {
      for (let round = 0; round < 4; round++) {
        const { learner, orderId, invoiceId } = await paidAtMoyasar();
        const cookie = await cookieFor(handle.db, learner.id);
        const checks = Array.from({ length: 3 }, () =>
          settle(
            runRoute(
              wide.db,
              new Request(`http://localhost/orders/${orderId}`, {
                method: "POST",
                headers: { Cookie: cookie },
                body: new URLSearchParams({}),
              }),
              orderAction as never,
              { id: String(orderId) },
            ),
          ),
        );
        const jobs = Array.from({ length: 3 }, () =>
          settleFromCallback(wide.db, { provider: "moyasar", reference: invoiceId }),
        );
        const [pages] = await Promise.all([Promise.all(checks), Promise.all(jobs)]);
        expect(pages.map((page) => (page as Response).status)).toEqual([302, 302, 302]);
        await expectPaidOnce(learner, orderId);
      }
    });
  } else {
    it.skip("needs TEST_DATABASE_URL (PostgreSQL)", () => {});
  }
});
