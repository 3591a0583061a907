// Resolves who is asking, once per request: a Bearer token on /api, the session cookie on pages.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { bearerToken, findSession, readSessionToken } from "../auth/session.server";
import { getDb } from "../db/context";
import type { User } from "../db/schema";
import { isApiRoute } from "./api-boundary.server";

export type Viewer = {
  user: User | null;
  token: string | null;
  via: "cookie" | "bearer" | null;
  /** A signed-in page visitor's cart size, read with the session (null: not read; a guest's is a cookie). */
  cartCount: number | null;
};

const viewerContext = createContext<Viewer>({ user: null, token: null, via: null, cartCount: null });

export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const db = getDb(context);
  const api = isApiRoute(pattern);
  // The API takes only Bearer tokens: a cookie there would let other sites ride a visitor's session.
  const token = api ? bearerToken(request) : await readSessionToken(request);
  // Pages show the cart's size in the header: read it with the session, in one statement.
  const found = token ? await findSession(db, token, { withCartCount: !api }) : null;
  const user = found?.user ?? null;
  context.set(viewerContext, {
    user,
    token: user ? token : null,
    via: user ? (api ? "bearer" : "cookie") : null,
    cartCount: user && !api ? (found?.cartCount ?? 0) : null,
  });
  return next();
};

export function getViewer(context: Readonly<RouterContextProvider>): Viewer {
  return context.get(viewerContext);
}

/** For tests and scripts that run a route without the middleware chain. */
export function setViewer(context: RouterContextProvider, viewer: Viewer) {
  context.set(viewerContext, viewer);
}
