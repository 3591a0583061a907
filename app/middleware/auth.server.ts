// Resolves who is asking, once per request: a Bearer token on /api, the session cookie on pages. What it
// resolves is read through app/auth/viewer.ts.
import type { MiddlewareFunction } from "react-router";
import { bearerToken, findSession, readSessionToken } from "../auth/session.server";
import { setViewer } from "../auth/viewer";
import { getDb } from "../db/context";
import { isApiRoute } from "./api-boundary.server";

export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const db = getDb(context);
  const api = isApiRoute(pattern);
  // The API takes only Bearer tokens: a cookie there would let other sites ride a visitor's session.
  const token = api ? bearerToken(request) : await readSessionToken(request);
  // Pages show the cart's size and the unread count in the header: read them with the session, in one statement.
  const found = token ? await findSession(db, token, { withHeaderCounts: !api }) : null;
  const user = found?.user ?? null;
  setViewer(context, {
    user,
    token: user ? token : null,
    via: user ? (api ? "bearer" : "cookie") : null,
    cartCount: user && !api ? (found?.cartCount ?? 0) : null,
    unreadNotifications: user && !api ? (found?.unreadNotifications ?? 0) : null,
  });
  return next();
};
