// The edge of the JSON API. Whether a request is an API call is decided by the route React Router
// matched, never by string tests on the raw path: routing decodes and ignores case, so `/API/auth/me` and
// `/%61pi/auth/me` are API calls too (they once read the session cookie). Any error nobody expected
// answers the JSON error shape with 500, never the HTML error page; while the database is away, 503
// `unavailable` with Retry-After (the database middleware answers those requests 503 first). Every answer
// says `Vary: Accept-Language`, which is true (messages and course fields follow it) and tells caches — the
// server's own anonymous cache included (app/lib/response-cache.server.ts) — to keep one copy per language
// asked for.
import type { MiddlewareFunction } from "react-router";
import { apiMethods } from "../api-docs/methods";
import { noteDatabaseUnavailable } from "../db/availability.server";
import { isDatabaseUnavailable } from "../db/errors";
import { getI18n } from "../i18n/context.server";
import { internalError, methodNotAllowed, serviceUnavailable } from "../lib/api.server";
import { logger } from "../lib/logger.server";
import { failureWasLogged, requestIdOf } from "../lib/request-id";
import { withVary } from "../lib/vary";

/**
 * `pattern` is the matched route's path pattern as React Router joins it: `api/courses/:id`,
 * `:lang?/courses` (no leading slash; tolerated either way).
 */
export function isApiRoute(pattern: string | undefined): boolean {
  const path = pattern?.replace(/^\/+/, "") ?? "";
  return path === "api" || path.startsWith("api/");
}

export const apiBoundaryMiddleware: MiddlewareFunction<Response> = async (
  { request, context, pattern },
  next,
) => {
  if (!isApiRoute(pattern)) return next();
  const allowed = apiMethods(pattern ?? "");
  // The edge refuses a method the registry does not list (server/edge.mjs); without it (`npm run dev`, a
  // loader called directly) the same list decides here, so `Allow` is always the registry's.
  if (allowed && !allowed.includes(request.method))
    return varyOnLanguage(methodNotAllowed(request, context, allowed.join(", ")));
  try {
    const response = await next();
    if (response.status === 405 && allowed) response.headers.set("Allow", allowed.join(", "));
    // React Router answers a resource route's unexpected error itself, as plain text: replace it.
    if (response.status >= 500 && !response.headers.get("content-type")?.includes("json")) {
      response.body?.cancel().catch(() => {});
      // React Router's handleError has logged a thrown error; an answer a route (or a library it called,
      // like the tus server) built as a 5xx has not been logged by anyone: one line, with the id.
      if (response.status !== 503 && !failureWasLogged(context))
        logger("http").error(
          {
            requestId: requestIdOf(context),
            method: request.method,
            path: new URL(request.url).pathname,
            status: response.status,
          },
          "a route answered 5xx",
        );
      return varyOnLanguage(
        response.status === 503
          ? serviceUnavailable(request, getI18n(context))
          : internalError(request, getI18n(context)),
      );
    }
    return varyOnLanguage(response);
  } catch (error) {
    if (error instanceof Response) return varyOnLanguage(error);
    if (isDatabaseUnavailable(error)) {
      noteDatabaseUnavailable(context, request, error);
      return varyOnLanguage(serviceUnavailable(request, getI18n(context)));
    }
    logger("http").error(
      {
        requestId: requestIdOf(context),
        method: request.method,
        path: new URL(request.url).pathname,
        err: error,
      },
      "unexpected error",
    );
    return varyOnLanguage(internalError(request, getI18n(context)));
  }
};

function varyOnLanguage(response: Response): Response {
  return withVary(response, "Accept-Language");
}
