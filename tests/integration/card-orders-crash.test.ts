// kill -9 between the provider saying "paid" and our commit (issue 46, tests): a settling process is killed
// while it holds Moyasar's answer and waits for the order's row lock, so nothing of it commits. The order is
// left pending and unpaid, with nobody enrolled; the reconciliation then asks Moyasar again and fulfils it,
// exactly once. Real PostgreSQL and a real second process: the test holds the row lock itself, so the child
// is provably between the two steps when it dies.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../../app/db/client.server";
import { cartItems, courses, enrollments, orderEvents, orders } from "../../app/db/schema";
import { reconcileCardOrders } from "../../app/orders/card-orders.server";
import { action as checkoutApi } from "../../app/routes/api/checkout";
import { type FakeMoyasar, startFakeMoyasar } from "../fakes/moyasar";
import { bearerFor, createUser } from "./auth-helpers";
import { saveEnv } from "./commerce-fixtures";
import { runRoute } from "./route-context";
import { createTestDatabase } from "./test-database";

const root = path.resolve(import.meta.dirname, "../..");
const SECRET_KEY = "sk_test_crash";
const WEBHOOK_SECRET = "crash-webhook-secret";
const VARIABLES = ["MOYASAR_SECRET_KEY", "MOYASAR_WEBHOOK_SECRET", "MOYASAR_API_URL"] as const;
const restoreEnv = saveEnv(VARIABLES);

let handle: DatabaseHandle;
let wide: DatabaseHandle;
let fake: FakeMoyasar;
let databaseUrl = "";
let child: ChildProcess | undefined;

describe("a settling process killed between the provider's 'paid' and its commit (PostgreSQL)", () => {
  if (process.env.TEST_DATABASE_URL) {
    beforeAll(async () => {
      handle = await createTestDatabase();
      const { rows } = await handle.db.execute<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${rows[0]?.name}`;
      databaseUrl = url.toString();
      wide = await openPostgres(databaseUrl, { max: 3 });
      fake = await startFakeMoyasar({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
      process.env.MOYASAR_SECRET_KEY = SECRET_KEY;
      process.env.MOYASAR_WEBHOOK_SECRET = WEBHOOK_SECRET;
      process.env.MOYASAR_API_URL = fake.apiUrl;
    });

    afterAll(async () => {
      child?.kill("SIGKILL");
      restoreEnv();
      await fake?.close();
      await wide?.close();
      await handle?.close();
    });

    it("leaves the order pending with nothing bought, and the reconciliation fulfils it once", async () => {
      const trainer = await createUser(handle.db, "trainer");
      const [course] = await handle.db
        .insert(courses)
        .values({
          slug: "crash-course",
          title: "Crash course",
          description: "d",
          category: "data-science",
          price: 2_000,
          isPublished: true,
          trainerId: trainer.id,
        })
        .returning({ id: courses.id });
      const learner = await createUser(handle.db, "user");
      await handle.db.insert(cartItems).values({ userId: learner.id, courseId: course?.id ?? 0 });
      const answer = (await runRoute(
        handle.db,
        new Request("http://localhost/api/checkout", {
          method: "POST",
          headers: {
            Authorization: await bearerFor(handle.db, learner.id),
            "Content-Type": "application/json",
          },
          body: JSON.stringify({ method: "card", provider: "moyasar" }),
        }),
        checkoutApi as never,
      )) as Response;
      expect(answer.status).toBe(201);
      const orderId = ((await answer.json()) as { order: { id: number } }).order.id;
      const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
      await fake.pay(order?.providerRef ?? "", { callback: false });

      let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
      let output = "";
      await wide.db.transaction(async (tx) => {
        // The test takes the order's row lock first: the child asks Moyasar ("paid"), then waits here.
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
        const childProcess = spawn(
          process.execPath,
          ["--import", "tsx", "tests/integration/card-settle-child.ts"],
          {
            cwd: root,
            env: { ...process.env, CHILD_DATABASE_URL: databaseUrl, CHILD_ORDER_ID: String(orderId) },
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        child = childProcess;
        childProcess.stdout?.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
        childProcess.stderr?.on("data", (chunk: Buffer) => {
          output += chunk.toString();
        });
        const exited = new Promise<void>((resolve) => {
          childProcess.on("exit", (code, signal) => {
            exit = { code, signal };
            resolve();
          });
        });
        // Waiting for our lock means it has Moyasar's answer in hand and has begun its transaction.
        const waiting = async () => {
          const rows = await handle.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock' and state = 'active'`,
          );
          return (rows.rows[0]?.n ?? 0) > 0;
        };
        const deadline = Date.now() + 60_000;
        while (!(await waiting())) {
          if (exit || Date.now() > deadline)
            throw new Error(`the child never waited for the lock: ${output}`);
          await sleep(100);
        }
        expect(fake.requests.some((request) => request.path.startsWith("/v1/invoices/"))).toBe(true);
        childProcess.kill("SIGKILL");
        await exited;
      });
      expect(exit).toEqual({ code: null, signal: "SIGKILL" });

      // Nothing of the killed process committed.
      const [after] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
      expect(after?.status).toBe("pending");
      expect(await handle.db.select().from(enrollments).where(eq(enrollments.userId, learner.id))).toEqual(
        [],
      );

      // The reconciliation's next run, once the order is old enough to be looked at again.
      await handle.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
        .where(eq(orders.id, orderId));
      const tally = await reconcileCardOrders(handle.db);
      expect(tally.paid).toBe(1);
      const [paid] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
      expect(paid?.status).toBe("paid");
      const enrolled = await handle.db.select().from(enrollments).where(eq(enrollments.userId, learner.id));
      expect(enrolled.map((row) => row.courseId)).toEqual([course?.id]);
      const events = await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      expect(events.filter((event) => event.type === "paid")).toHaveLength(1);
    }, 120_000);
  } else {
    it.skip("needs TEST_DATABASE_URL (PostgreSQL)", () => {});
  }
});
