// The database handle on the router context: loaders, actions and middleware receive it from here instead
// of importing a global, so a test can run any of them on a database of its own. Imports nothing of the app
// but the handle's type, so any module may depend on it without a cycle.
import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "./client.server";

export const databaseContext = createContext<Database>();

export function getDb(context: Readonly<RouterContextProvider>): Database {
  return context.get(databaseContext);
}
