// Puts the database handle on the router context (app/db/context.ts) so loaders and actions receive it instead of
// importing a global,
// and answers 503 with Retry-After, not 500, when a request failed because the database is away
// (docs/decisions/039-postgres-driver-and-outages.md).
import type { MiddlewareFunction } from "react-router";
import {
  databaseUnavailableResponse,
  databaseWasUnavailable,
  noteDatabaseUnavailable,
} from "../db/availability.server";
import { type Database, getDatabase } from "../db/client.server";
import { databaseContext } from "../db/context";
import { isDatabaseUnavailable } from "../db/errors";
import { logger } from "../lib/logger.server";
import { healthResponse, isHealthPattern } from "../maintenance/health.server";

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
