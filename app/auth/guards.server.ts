// Who may do what. Pages send guests to sign in and answer 403 to the wrong role; the API answers 401/403
// JSON. Each helper throws, so a caller cannot read the decision and forget to act on it.
import { type RouterContextProvider, redirect } from "react-router";
import type { Viewer } from "../access/roles";
import { getViewer } from "../auth/viewer";
import type { User } from "../db/schema";
import { getI18n } from "../i18n/context.server";
import { localeFromPath, localizePath } from "../i18n/languages";
import { apiError, apiLocale } from "../lib/api.server";
import { pagePath } from "../lib/page-path";

type Context = Readonly<RouterContextProvider>;

export function getUser(context: Context): User | null {
  return getViewer(context).user;
}

/**
 * The page the visitor was on, as a redirectTo value. Loaders get the request as it came in: a data request
 * carries a `.data` suffix and `_routes`, a form posted to an index route `?index`.
 */
function currentPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return pagePath(url.pathname) + (search ? `?${search}` : "");
}

export function loginRedirect(request: Request): Response {
  const path = currentPath(request);
  const login = localizePath("/auth/login", localeFromPath(new URL(request.url).pathname));
  return redirect(`${login}?${new URLSearchParams({ redirectTo: path })}`);
}

export function requireUser(request: Request, context: Context): User {
  const user = getUser(context);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Who may pass a guard: one of the role questions of app/access/roles.ts (`isAdmin`, `canTeach`). */
type Allowed = (viewer: Viewer) => boolean;

/** The signed-in user if `allowed` says yes; a guest is sent to sign in, anyone else gets 403. */
export function requireRole(request: Request, context: Context, allowed: Allowed): User {
  const user = requireUser(request, context);
  if (!allowed(user)) throw new Response("Forbidden", { status: 403 });
  return user;
}

export function requireApiUser(request: Request, context: Context): User {
  const user = getUser(context);
  if (!user) {
    const t = getI18n(context).getFixedT(apiLocale(request));
    throw apiError(401, "unauthorized", t("api.unauthorized"), undefined, {
      headers: { "WWW-Authenticate": 'Bearer realm="manara"' },
    });
  }
  return user;
}

/**
 * The API's caller where a guest may ask too (a free preview): the token's user, null without a token, and
 * 401 for a token that names no session — a client that sent one expects to be someone.
 */
export function optionalApiUser(request: Request, context: Context): User | null {
  if (request.headers.has("Authorization")) return requireApiUser(request, context);
  return getUser(context);
}

export function requireApiRole(request: Request, context: Context, allowed: Allowed): User {
  const user = requireApiUser(request, context);
  if (!allowed(user)) {
    throw apiError(403, "forbidden", getI18n(context).getFixedT(apiLocale(request))("api.forbidden"));
  }
  return user;
}
