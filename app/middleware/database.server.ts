// Puts the database handle on the router context (app/db/context.ts) so loaders and actions receive it
// instead of importing a global.
import type { MiddlewareFunction } from "react-router";
import { type Database, getDatabase } from "../db/client.server";
import { databaseContext } from "../db/context";
import { healthResponse, isHealthPattern } from "../maintenance/health.server";

export const databaseMiddleware: MiddlewareFunction<Response> = async ({ context, pattern }, next) => {
  let db: Database;
  try {
    ({ db } = await getDatabase());
  } catch (error) {
    // GET /healthz must say "unavailable" (503), not fail, when the database cannot even be opened.
    if (isHealthPattern(pattern)) {
      console.error("Health check: the database cannot be opened:", error);
      return healthResponse(false);
    }
    throw error;
  }
  context.set(databaseContext, db);
  return next();
};
