// The React Router patch, second part (patches/react-router+7.18.4.patch, decision 031): ServerRouter keeps
// the route tree it builds from the manifest and the route modules, and createStaticRouter the data routes it
// derives from that tree, instead of building both for every render. A changed route module (a dev server's
// hot update) must still give a new tree.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type EntryContext,
  type RouteObject,
  ServerRouter,
  type StaticHandlerContext,
} from "react-router";
import { describe, expect, it } from "vitest";

const manifestRoutes = {
  root: { id: "root", path: "", hasLoader: false, hasAction: false, module: "/root.js" },
} as unknown as EntryContext["manifest"]["routes"];
const manifest = {
  routes: manifestRoutes,
  entry: { module: "/entry.js", imports: [] },
  url: "/manifest.js",
  version: "test",
} as unknown as EntryContext["manifest"];
const future = {} as EntryContext["future"];

async function handlerContext(): Promise<StaticHandlerContext> {
  const context = await createStaticHandler([{ id: "root", path: "" }]).query(
    new Request("http://localhost/"),
  );
  if (context instanceof Response) throw new Error("a Response");
  return context;
}

/** Renders ServerRouter as entry.server does, with the given module for the root route. */
async function render(rootModule: { default: () => string }): Promise<string> {
  const context = {
    manifest,
    routeModules: { root: rootModule },
    staticHandlerContext: await handlerContext(),
    future,
    isSpaMode: false,
    ssr: true,
    routeDiscovery: { mode: "initial" },
    serverHandoffString: "{}",
  } as unknown as EntryContext;
  return renderToString(createElement(ServerRouter, { context, url: "http://localhost/" }));
}

describe("the route tree between renders", () => {
  it("is applied to the installed react-router, ES module and CommonJS builds", () => {
    const dist = path.resolve(import.meta.dirname, "../../node_modules/react-router/dist/development");
    const files = ["index.js", "chunk-H4DAEOV7.mjs"].map((file) =>
      readFileSync(path.join(dist, file), "utf8"),
    );
    for (const source of files) expect(source).toContain("serverRoutesMemo");
  });

  it("renders the same page again from the kept tree, and a changed route module at once", async () => {
    const first = { default: () => "first version" };
    expect(await render(first)).toContain("first version");
    // A new modules object with the same module (what every request brings): the same answer.
    expect(await render({ ...first })).toContain("first version");
    // A hot update replaces the module under the same manifest: the page must show it.
    const second = await render({ default: () => "second version" });
    expect(second).toContain("second version");
    expect(second).not.toContain("first version");
  });

  it("gives createStaticRouter's data routes once per route array", async () => {
    const context = await handlerContext();
    const routes: RouteObject[] = [{ id: "root", path: "" }];
    const once = createStaticRouter(routes, context);
    const again = createStaticRouter(routes, context);
    expect(again.routes).toBe(once.routes);
    expect(again.state.matches).not.toBe(once.state.matches);
    expect(createStaticRouter([{ id: "root", path: "" }], context).routes).not.toBe(once.routes);
  });
});
