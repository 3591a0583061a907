// React Router's request handler, twice over one server build: one for the JSON API (`/api/...`) and one
// for everything else (docs/decisions/028-split-route-tables.md).
//
// React Router matches a request against every branch of its route table, in rank order, three times per
// page (the request, the render, the browser's partial manifest), and the 57 API branches rank ahead of most
// pages. A page never needs an API route, and an API request never needs a page, so each handler gets only
// its own: the page table keeps one `api/*` route, so a link or a lazy route discovery for an API path still
// ends in a document request, which the API handler answers. Both share the root route (its middleware).
// Which handler answers is decided exactly as React Router would match: by the decoded, case-insensitive first
// segment, and every path under `/api/` has a route in the API table (its `api/*`).
import { createRequestHandler } from "react-router";

const API_PREFIX = /^\/api\//i;
const API_ROUTE_PATH = /^api\//i;

/** Whether a route path (relative to the root) belongs to the API's table. */
const isApiRoute = (/** @type {string} */ path) => API_ROUTE_PATH.test(path);

/** Whether React Router would match `pathname` to a route of the API table. */
export function isApiPath(pathname) {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // React Router decodes segment by segment; a broken escape elsewhere is not ours to judge here.
  }
  return API_PREFIX.test(decoded);
}

/**
 * The build with only the routes `keep` accepts among the root's children (with their descendants), in the
 * server's route table and in the browser's manifest alike.
 * @param {import("react-router").ServerBuild} build
 * @param {(path: string) => boolean} keep
 * @returns {import("react-router").ServerBuild}
 */
export function buildWithRoutes(build, keep) {
  const kept = new Set(["root"]);
  const byParent = new Map();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const visit = (/** @type {string} */ parentId) => {
    for (const child of byParent.get(parentId) ?? []) {
      if (parentId === "root" && !keep(child.path ?? "")) continue;
      kept.add(child.id);
      visit(child.id);
    }
  };
  visit("root");
  const pick = (/** @type {Record<string, any>} */ routes) =>
    Object.fromEntries(Object.entries(routes).filter(([id]) => kept.has(id)));
  return {
    ...build,
    routes: pick(build.routes),
    assets: { ...build.assets, routes: pick(build.assets.routes) },
  };
}

/**
 * One request handler for the build, answering each request from the table it can match in.
 * @param {import("react-router").ServerBuild} build
 * @param {string} mode
 * @returns {import("react-router").RequestHandler}
 */
export function createSplitRequestHandler(build, mode) {
  const api = createRequestHandler(buildWithRoutes(build, isApiRoute), mode);
  // Pages keep the API's catch-all, so an API path is never rendered as a page (see above).
  const pages = createRequestHandler(
    buildWithRoutes(build, (path) => !isApiRoute(path) || path === "api/*"),
    mode,
  );
  return (request, context) => {
    const { pathname } = new URL(request.url);
    return isApiPath(pathname) ? api(request, context) : pages(request, context);
  };
}
