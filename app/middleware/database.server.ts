// Puts the database handle on the router context so loaders and actions receive it instead of importing a global.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { type Database, getDatabase } from "../db/client.server";
import { healthResponse, isHealthPattern } from "../maintenance/health.server";
import { ensureSweeperStarted } from "../maintenance/sweep.server";

export const databaseContext = createContext<Database>();

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
  // Housekeeping of expired sessions and rate-limit windows, once per server process (tests never get here:
  // they put their own database on the context).
  ensureSweeperStarted(async () => (await getDatabase()).db);
  context.set(databaseContext, db);
  return next();
};

export function getDb(context: Readonly<RouterContextProvider>): Database {
  return context.get(databaseContext);
}
