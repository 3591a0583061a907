// Cross-site request forgery guard for every state-changing request that rides on the session cookie.
// React Router checks Origin only for routes with a page component; resource routes such as
// /auth/logout were left open (another site could sign a visitor out). The API is exempt: it reads
// only Bearer tokens, which a browser never attaches by itself.
import type { MiddlewareFunction } from "react-router";
import { isSameOriginRequest } from "../security/same-origin.server";
import { isApiRoute } from "./api-boundary.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const sameOriginMiddleware: MiddlewareFunction<Response> = ({ request, pattern }, next) => {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || isApiRoute(pattern)) return next();
  if (!isSameOriginRequest(request)) throw new Response("Cross-site request refused", { status: 403 });
  return next();
};
