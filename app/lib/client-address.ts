// Where a request came from, as the server saw it: the socket's address, or the visitor's behind a trusted
// proxy (TRUST_PROXY). The Express app puts it on the router context (server/app.ts); nothing else may say it.
import { createContext, type RouterContextProvider } from "react-router";

/** "unknown" where no server put an address (the Vite development server, tests that need none). */
export const clientAddressContext = createContext<string>("unknown");

export function clientAddress(context: Readonly<RouterContextProvider>): string {
  return context.get(clientAddressContext);
}
