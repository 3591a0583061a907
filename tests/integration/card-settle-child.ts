// The child process of card-orders-crash.test.ts: settles one card order against the given PostgreSQL
// database, as a webhook's job would, and is killed (SIGKILL) by the test while it waits for the order's
// row lock, after Moyasar's API has said "paid" and before anything is committed.
import { openPostgres } from "../../app/db/client.server";
import { settleCardOrder } from "../../app/orders/card-orders.server";

const url = process.env.CHILD_DATABASE_URL ?? "";
const orderId = Number(process.env.CHILD_ORDER_ID);
if (!url || !Number.isSafeInteger(orderId))
  throw new Error("CHILD_DATABASE_URL and CHILD_ORDER_ID are needed");
const handle = await openPostgres(url, { max: 2 });
const outcome = await settleCardOrder(handle.db, orderId, { source: "webhook" });
// Only reached if the test did not kill it in time: the test then fails on "still pending".
console.log(JSON.stringify(outcome));
await handle.close();
