// Puts the database handle on the router context (app/db/context.ts) so loaders and actions receive it instead of
// importing a global,
// and answers 503 with Retry-After, not 500, when a request failed because the database is away
// (docs/decisions/039-postgres-driver-and-outages.md).
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { type Database, getDatabase } from "../db/client.server";
import { databaseContext } from "../db/context";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, unavailableReason } from "../db/errors";
import { logger } from "../lib/logger.server";
import { requestIdOf } from "../lib/request-id";
import { healthResponse, isHealthPattern } from "../maintenance/health.server";

/** Set when an error of this request said the database is away (see `noteDatabaseUnavailable`). */
const databaseUnavailableContext = createContext<boolean>(false);

/**
 * Records on the request that it failed because the database is away, and logs that in one line (once per
 * request): an outage is not a bug, and a stack per request would bury the ones that are. React Router
 * catches the errors of loaders and actions itself; entry.server.tsx's `handleError` calls this for them.
 */
export function noteDatabaseUnavailable(
  context: Readonly<RouterContextProvider>,
  request: Request,
  error: unknown,
): void {
  if (context.get(databaseUnavailableContext)) return;
  context.set(databaseUnavailableContext, true);
  const { pathname } = new URL(request.url);
  logger("db").error(
    {
      requestId: requestIdOf(context),
      method: request.method,
      path: pathname,
      reason: unavailableReason(error),
    },
    "the database is unavailable",
  );
}

/** Whether `noteDatabaseUnavailable` was called for this request. */
export function databaseWasUnavailable(context: Readonly<RouterContextProvider>): boolean {
  return context.get(databaseUnavailableContext);
}

/** The plain answer for a request the database could not serve; pages and /api shape their own from it. */
export function databaseUnavailableResponse(): Response {
  return new Response("Service Unavailable: the database cannot be reached. Please try again shortly.", {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
    },
  });
}

export const databaseMiddleware: MiddlewareFunction<Response> = async (
  { request, context, pattern },
  next,
) => {
  let db: Database;
  try {
    ({ db } = await getDatabase());
  } catch (error) {
    // GET /healthz must say "unavailable" (503), not fail, when the database cannot even be opened.
    if (isHealthPattern(pattern)) {
      logger("health").error({ err: error }, "Health check: the database cannot be opened");
      return healthResponse(false);
    }
    if (!isDatabaseUnavailable(error)) throw error;
    noteDatabaseUnavailable(context, request, error);
    // A page renders its error boundary with this status; /api answers its JSON shape (api-boundary).
    throw databaseUnavailableResponse();
  }
  context.set(databaseContext, db);
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    // A resource route's middleware threw (React Router passes those up rather than answering them).
    if (!isDatabaseUnavailable(error)) throw error;
    noteDatabaseUnavailable(context, request, error);
    return databaseUnavailableResponse();
  }
  // React Router answered a failed loader or action with 500: a resource route's plain text, or a data
  // request's encoded error. Pages are answered 503 by entry.server.tsx, which renders the error page.
  if (
    response.status === 500 &&
    databaseWasUnavailable(context) &&
    !response.headers.get("content-type")?.startsWith("text/html")
  ) {
    response.body?.cancel().catch(() => {});
    return databaseUnavailableResponse();
  }
  return response;
};
