// The two route tables (server/split-handler.mjs, decision 028): splitting must not change which route
// answers any path. Every path of the app's own route config (params filled in), in the cases and encodings
// React Router accepts, is matched against the whole table and against the table the split picks.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { buildWithRoutes, isApiPath } from "../../server/split-handler.mjs";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };

/** A server build's route manifests, as `react-router build` writes them, from the app's route config. */
function buildFromConfig(config: RouteConfigEntry[]): ServerBuild {
  const routes: Record<string, ManifestRoute> = { root: { id: "root", path: "" } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      routes[id] = { id, parentId, path: entry.path, index: entry.index };
      if (entry.children) add(entry.children, id);
    }
  };
  add(config, "root");
  return { routes, assets: { routes } } as unknown as ServerBuild;
}

/** The nested route objects React Router matches against, from a build's manifest. */
function routeTree(build: ServerBuild): RouteObject[] {
  const manifest = build.routes as unknown as Record<string, ManifestRoute>;
  const children = (parentId: string): RouteObject[] =>
    Object.values(manifest)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true }
          : { id: route.id, path: route.path, children: children(route.id) },
      );
  return [{ id: "root", path: "", children: children("root") }];
}

const full = buildFromConfig(routeConfig);
const isApiRoute = (path: string) => /^api\//i.test(path);
const apiTable = routeTree(buildWithRoutes(full, (path) => isApiRoute(path)));
const pageTable = routeTree(buildWithRoutes(full, (path) => !isApiRoute(path) || path === "api/*"));
const fullTable = routeTree(full);

const answeringRoute = (table: RouteObject[], path: string) =>
  matchRoutes(table, path)?.at(-1)?.route.id ?? null;

/** Every configured path with its params filled in, optional segments both ways, under both locales. */
function samplePaths(): string[] {
  const paths = new Set<string>(["/", "/ar", "/api", "/api/", "/API", "/xx", "/xx/courses", "/en/courses"]);
  const walk = (entries: RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      if (entry.path === ":lang?") {
        walk(entry.children ?? [], "");
        walk(entry.children ?? [], "/ar");
        walk(entry.children ?? [], "/api");
        continue;
      }
      const filled = (entry.path ?? "")
        .replace(/\/:[\w]+\?$/, "")
        .replace(/:[\w]+/g, "7")
        .replace("*", "anything/else");
      paths.add(`${prefix}/${filled}`.replace(/\/$/, "") || "/");
    }
  };
  walk(routeConfig, "");
  for (const path of [...paths]) {
    if (!path.startsWith("/api")) continue;
    paths.add(path.toUpperCase());
    paths.add(path.replace("/api", "/%61pi"));
    paths.add(path.replace("/api", "/api%2F"));
    paths.add(`${path}/unknown/deeper`);
  }
  return [...paths];
}

describe("isApiPath", () => {
  it("reads the path as React Router's matching does: decoded, in any case", () => {
    for (const path of ["/api/courses", "/API/courses", "/%61pi/courses", "/Api/", "/api/x%ZZ"]) {
      expect(isApiPath(path), path).toBe(true);
    }
    for (const path of ["/api", "/apis/x", "/ar/api/courses", "/api%2Fcourses", "/courses", "/"]) {
      expect(isApiPath(path), path).toBe(false);
    }
  });
});

describe("the split route tables", () => {
  it("hold the API's routes in one and the pages' in the other, the API's catch-all in both", () => {
    const collect = (table: RouteObject[]): string[] =>
      table.flatMap((route) => [route.id ?? "", ...collect(route.children ?? [])]);
    const ids = (table: RouteObject[]) => new Set(collect(table));
    const api = ids(apiTable);
    const pages = ids(pageTable);
    expect(api.has("routes/api/courses") && api.has("routes/api/not-found") && api.has("root")).toBe(true);
    expect(api.has("routes/courses") || api.has("routes/locale-layout")).toBe(false);
    expect(
      pages.has("routes/courses") && pages.has("routes/api/not-found") && pages.has("routes/healthz"),
    ).toBe(true);
    expect(pages.has("routes/api/courses")).toBe(false);
    expect(api.size + pages.size - 2).toBe(collect(fullTable).length);
  });

  it("answer every path with the route the whole table answers it with", () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(200);
    for (const path of paths) {
      const expected = answeringRoute(fullTable, path);
      const split = answeringRoute(isApiPath(path) ? apiTable : pageTable, path);
      if (split === expected) continue;
      // The one difference: an /api path no API route handles, which the whole table gave to a page under
      // the locale segment read as "api" — whose middleware answers the API's JSON 404, as the catch-all does.
      const lang = matchRoutes(fullTable, path)?.find((match) => match.params.lang !== undefined)?.params
        .lang;
      expect({ path, split, lang: lang?.toLowerCase() }).toEqual({
        path,
        split: "routes/api/not-found",
        lang: "api",
      });
    }
  });
});
