// Puts the database handle on the router context so loaders and actions receive it instead of importing a global.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { type Database, getDatabase } from "../db/client.server";

export const databaseContext = createContext<Database>();

export const databaseMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { db } = await getDatabase();
  context.set(databaseContext, db);
  return next();
};

export function getDb(context: Readonly<RouterContextProvider>): Database {
  return context.get(databaseContext);
}
