// Cross-site request forgery guard for every state-changing request that rides on the session cookie.
// React Router checks Origin only for routes with a page component; resource routes such as
// /auth/logout were left open (another site could sign a visitor out). The API is exempt: it reads
// only Bearer tokens, which a browser never attaches by itself.
import type { MiddlewareFunction } from "react-router";
import { isApiRoute } from "./api-boundary.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request may proceed: its Origin (when sent) is this host; without an Origin,
 * the browser's Fetch Metadata must not say it came from another site. Clients that send neither (curl,
 * old browsers) carry no ambient cookie of a victim, so they pass.
 */
export function isSameOriginRequest(request: Request): boolean {
  const origin = request.headers.get("origin");
  const host = new URL(request.url).host;
  if (origin !== null) {
    try {
      return new URL(origin).host === host;
    } catch {
      return false; // "null" (sandboxed or privacy-stripped) and malformed origins
    }
  }
  return request.headers.get("sec-fetch-site") !== "cross-site";
}

export const sameOriginMiddleware: MiddlewareFunction<Response> = ({ request, pattern }, next) => {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || isApiRoute(pattern)) return next();
  if (!isSameOriginRequest(request)) throw new Response("Cross-site request refused", { status: 403 });
  return next();
};
