// The health check behind GET /healthz: the database answers a read-only `select 1` in time, or it does not.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, unavailableReason } from "../db/errors";
import { logger } from "../lib/logger.server";

/** The route pattern React Router reports for /healthz (root path "" joined with "healthz"). */
export const HEALTH_ROUTE_PATH = "healthz";

/** A probe slower than this counts as down: a load balancer should not wait on a stuck database. */
export const HEALTH_TIMEOUT_MS = 2_000;

export function isHealthPattern(pattern: string | undefined): boolean {
  return pattern?.replace(/^\/+/, "") === HEALTH_ROUTE_PATH;
}

/** True when `select 1` answers within the timeout. Never writes, never throws. */
export async function databaseAnswers(db: Database, timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const probe = db.execute(sql`select 1`).then(
      () => true,
      (error: unknown) => {
        // An outage in one line per probe; anything else in full.
        if (isDatabaseUnavailable(error))
          logger("health").error(
            { reason: unavailableReason(error) },
            "Health check: the database is unavailable",
          );
        else logger("health").error({ err: error }, "Health check: the database did not answer");
        return false;
      },
    );
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthResponse(ok: boolean): Response {
  return Response.json(ok ? { status: "ok" } : { status: "unavailable" }, {
    status: ok ? 200 : 503,
    headers: ok
      ? { "Cache-Control": "no-store" }
      : { "Cache-Control": "no-store", "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}
