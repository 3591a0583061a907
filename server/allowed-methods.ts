// Which methods the resource at a URL answers, from the route table of the server build: an API route's
// from the registry (app/api-docs/methods.ts); a page's GET and HEAD, and POST where its module has an
// action (forms post; nothing else reaches a page); a file route's GET and HEAD where it has a loader, POST
// where it has an action. The edge (server/edge.mjs) answers OPTIONS and refuses other methods with these.
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { apiMethods } from "../app/api-docs/methods";

type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Node[] };

/**
 * The page whose data a single-fetch URL asks for: a JavaScript navigation or form reads and posts `/x.data`
 * for `/x` (and `/_root.data` for `/`), and it must be allowed what the page is. API paths are left as they
 * are (the edge answers an API `.data` path 404).
 */
function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (/^\/api(\/|$)/.test(pathname)) return pathname;
  return pathname.replace(/\.data$/, "");
}

/** `(path) → methods`, or null where no route but a catch-all answers (React Router's 404). */
export function allowedMethodsFor(build: ServerBuild): (pathname: string) => string[] | null {
  const nodes = new Map<string, Node>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    });
  }
  const roots: Node[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id) as Node;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  // The edge asks for every request, and `matchRoutes` ranks the whole route table on each call (about a
  // millisecond here: bench/results/ab-2026-11-25T18-22Z.md). A path's methods never change within a build,
  // so the paths seen lately keep their answer; an unseen path is matched as React Router itself would.
  const seen = new LRUCache<string, { methods: string[] | null }>({ max: 5_000 });
  return (pathname) => {
    // Long paths are rare and only a client's invention: they are matched each time, not kept.
    if (pathname.length > 256) return methodsOf(pathname);
    const known = seen.get(pathname);
    if (known) return known.methods;
    const methods = methodsOf(pathname);
    seen.set(pathname, { methods });
    return methods;
  };

  function methodsOf(pathname: string): string[] | null {
    const matches = matchRoutes(roots as RouteObject[], pagePathOf(pathname), build.basename);
    const leaf = matches?.at(-1)?.route as Node | undefined;
    if (!matches || !leaf) return null;
    const pattern = matches
      .map((match) => (match.route as Node).path)
      .filter(Boolean)
      .join("/");
    if (pattern === "api" || pattern.startsWith("api/")) return apiMethods(pattern);
    const module = build.routes[leaf.id]?.module as { default?: unknown; loader?: unknown; action?: unknown };
    return [
      ...(module?.default || module?.loader ? ["GET", "HEAD"] : []),
      ...(module?.action ? ["POST"] : []),
    ];
  }
}
