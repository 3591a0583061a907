// Who is asking, as the auth middleware (app/middleware/auth.server.ts) resolved it once for the request,
// beside the router context that carries it (like app/db/context.ts): what guards, loaders and actions read.
import { createContext, type RouterContextProvider } from "react-router";
import type { User } from "../db/schema";

export type RequestViewer = {
  user: User | null;
  token: string | null;
  via: "cookie" | "bearer" | null;
  /** A signed-in page visitor's cart size, read with the session (null: not read; a guest's is a cookie). */
  cartCount: number | null;
  /** A signed-in page visitor's unread notifications, read with the session (null: not read). */
  unreadNotifications: number | null;
};

const viewerContext = createContext<RequestViewer>({
  user: null,
  token: null,
  via: null,
  cartCount: null,
  unreadNotifications: null,
});

export function getViewer(context: Readonly<RouterContextProvider>): RequestViewer {
  return context.get(viewerContext);
}

/** The auth middleware's part; also for tests and scripts that run a route without the middleware chain. */
export function setViewer(context: Readonly<RouterContextProvider>, viewer: RequestViewer) {
  context.set(viewerContext, viewer);
}
