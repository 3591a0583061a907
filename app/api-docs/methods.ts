// Which methods each /api resource has, read from the registry (app/api-docs/endpoints): the one list
// behind every 405's `Allow`, the answer to `OPTIONS` and the methods a CORS preflight is told.
import { ENDPOINTS } from "./endpoints";

const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

const byRoute = new Map<string, Set<string>>();
for (const endpoint of ENDPOINTS) {
  const methods = byRoute.get(endpoint.route) ?? new Set<string>();
  methods.add(endpoint.method.toUpperCase());
  // A GET answers HEAD too; OPTIONS is answered for every resource (the methods, and CORS preflights).
  if (endpoint.method === "get") methods.add("HEAD");
  methods.add("OPTIONS");
  byRoute.set(endpoint.route, methods);
}

/**
 * The methods of the API route `pattern` (as app/routes.ts spells it, e.g. `api/courses/:id`), in a fixed
 * order; null for a pattern the registry does not know (the `api/*` catch-all answers 404 to anything).
 */
export function apiMethods(pattern: string): string[] | null {
  const methods = byRoute.get(pattern.replace(/^\/+/, ""));
  return methods ? ORDER.filter((method) => methods.has(method)) : null;
}
