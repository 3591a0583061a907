// Which errors mean "the database is away" (503 with Retry-After) and which are bugs (500): the driver's own
// errors for a refused connection and for its timeouts, PostgreSQL's SQLSTATEs, and the wrapping drizzle adds.
import net, { type AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation, unavailableReason } from "../../app/db/errors";

/** An error as node-postgres reports a PostgreSQL error: message and SQLSTATE. */
const postgresError = (code: string, message = "from the server") =>
  Object.assign(new Error(message), { code });
/** drizzle's wrapping of a failed query (DrizzleQueryError keeps the driver's error as `cause`). */
const failedQuery = (cause: unknown) => new Error("Failed query: select 1\nparams: ", { cause });

/** A port that accepts connections and never says a word, as a hung server or a black-holed network. */
let silent: net.Server;
let silentPort = 0;
const silentSockets = new Set<net.Socket>();
/** A port nothing listens on. */
let closedPort = 0;

beforeAll(async () => {
  silent = net.createServer((socket) => silentSockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentPort = (silent.address() as AddressInfo).port;
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => {
  for (const socket of silentSockets) socket.destroy();
  silent.close();
});

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("isDatabaseUnavailable", () => {
  it("recognises node-postgres's own errors for a server that is not there or does not answer", async () => {
    const refused = await rejectionOf(new pg.Client({ host: "127.0.0.1", port: closedPort }).connect());
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(unavailableReason(refused)).toMatch(/^ECONNREFUSED/);

    // "localhost" may be tried on ::1 and 127.0.0.1: Node reports both attempts in one AggregateError.
    const refusedTwice = await rejectionOf(new pg.Client({ host: "localhost", port: closedPort }).connect());
    expect(isDatabaseUnavailable(refusedTwice)).toBe(true);

    const silentClient = new pg.Client({ host: "127.0.0.1", port: silentPort, connectionTimeoutMillis: 100 });
    silentClient.on("error", () => {});
    expect(isDatabaseUnavailable(await rejectionOf(silentClient.connect()))).toBe(true);

    const pool = new pg.Pool({ host: "127.0.0.1", port: silentPort, connectionTimeoutMillis: 100, max: 1 });
    pool.on("error", () => {});
    const connectTimeout = await rejectionOf(pool.query("select 1"));
    expect(isDatabaseUnavailable(connectTimeout)).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(connectTimeout))).toBe(true);
    await pool.end();
  });

  it("recognises the SQLSTATEs of a server going away, starting up or cutting a statement off", () => {
    for (const code of ["57P01", "57P02", "57P03", "57014", "53300", "08006", "08001", "08P01"])
      expect(isDatabaseUnavailable(failedQuery(postgresError(code))), code).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query read timeout"))).toBe(true);
  });

  it("leaves real bugs alone: they stay 500 and are logged in full", () => {
    for (const code of ["23505", "42P01", "42601", "22P02", "40001"])
      expect(isDatabaseUnavailable(failedQuery(postgresError(code))), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    // The driver's answer after the app closed its own handle is a bug of ours, not an outage.
    expect(isDatabaseUnavailable(new Error("Connection terminated"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Cannot use a pool after calling end on the pool"))).toBe(false);
    expect(isDatabaseUnavailable({ code: "ECONNREFUSED" })).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe("isUniqueViolation", () => {
  it("reads the SQLSTATE through drizzle's wrapping", () => {
    expect(isUniqueViolation(failedQuery(postgresError("23505")))).toBe(true);
    expect(isUniqueViolation(failedQuery(postgresError("57P01")))).toBe(false);
  });
});
