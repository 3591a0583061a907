// A request the database could not serve (docs/decisions/039-postgres-driver-and-outages.md): noted once on
// the request, logged in one line, and answered 503 with Retry-After rather than 500. The database middleware
// (app/middleware/database.server.ts) and the document's error handling (app/entry.server.tsx) both ask here.
import { createContext, type RouterContextProvider } from "react-router";
import { logger } from "../lib/logger.server";
import { requestIdOf } from "../lib/request-id";
import { DATABASE_RETRY_AFTER_SECONDS, unavailableReason } from "./errors";

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
