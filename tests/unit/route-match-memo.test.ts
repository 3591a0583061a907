// The React Router patch (patches/react-router+7.18.4.patch, decision 029): a route table's branches are
// walked once per path, and every caller still gets match objects of its own.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  createMemoryRouter,
  createStaticHandler,
  type RouteObject,
  type StaticHandlerContext,
} from "react-router";
import { describe, expect, it } from "vitest";

const routes: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "courses", path: "courses", loader: () => null },
      { id: "course", path: "courses/:id", loader: ({ params }) => params.id },
      { id: "locale", path: ":lang?", children: [{ id: "terms", path: "terms", loader: () => "terms" }] },
    ],
  },
];

async function query(handler: ReturnType<typeof createStaticHandler>, pathname: string) {
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`a Response for ${pathname}`);
  return context as StaticHandlerContext;
}

describe("route matching, walked once per path", () => {
  it("is applied to the installed react-router, ES module and CommonJS builds (npm ci runs patch-package)", () => {
    const dist = path.resolve(import.meta.dirname, "../../node_modules/react-router/dist/development");
    const chunks = readdirSync(dist).filter((file) => /^chunk-.*\.(mjs|js)$/.test(file));
    const patched = chunks.filter((file) =>
      readFileSync(path.join(dist, file), "utf8").includes("matchMemo"),
    );
    expect(patched.map((file) => path.extname(file)).sort()).toEqual([".js", ".mjs"]);
  });

  it("answers a repeated path with the same matches, in objects the previous caller cannot have changed", async () => {
    const handler = createStaticHandler(routes);
    const first = await query(handler, "/courses/7");
    expect(first.matches.map((match) => match.route.id)).toEqual(["root", "course"]);
    // A caller scribbling on what it got (params are shared between a branch's matches, as React Router's are).
    const scribbled = first.matches[1] as unknown as { params: Record<string, string>; pathname: string };
    scribbled.params.id = "scribbled";
    scribbled.pathname = "/scribbled";
    first.matches.pop();

    const again = await query(handler, "/courses/7");
    expect(again.matches.map((match) => [match.route.id, match.pathname, match.params.id])).toEqual([
      ["root", "/", "7"],
      ["course", "/courses/7", "7"],
    ]);
    expect(again.matches[0]?.params).toBe(again.matches[1]?.params);
    expect(again.loaderData).toEqual({ course: "7" });
  });

  it("hands a router fresh matches for a path it matched before", async () => {
    const router = createMemoryRouter(
      [
        {
          id: "root",
          path: "",
          children: [
            { id: "course", path: "courses/:id" },
            { id: "cart", path: "cart" },
          ],
        },
      ],
      { initialEntries: ["/courses/7"] },
    );
    const first = router.state.matches;
    // What a careless caller could do with the (typed read-only) objects it was handed.
    const scribbled = first[1] as unknown as { params: Record<string, string>; pathname: string };
    scribbled.params.id = "scribbled";
    scribbled.pathname = "/scribbled";
    await router.navigate("/cart");
    await router.navigate("/courses/7");
    const again = router.state.matches;
    expect(again).not.toBe(first);
    expect(again.map((match) => [match.route.id, match.pathname, match.params.id])).toEqual([
      ["root", "/", "7"],
      ["course", "/courses/7", "7"],
    ]);
    router.dispose();
  });

  it("keeps paths apart, optional segments and misses included", async () => {
    const handler = createStaticHandler(routes);
    for (let round = 0; round < 2; round++) {
      expect((await query(handler, "/ar/terms")).matches.at(-1)?.params).toEqual({ lang: "ar" });
      expect((await query(handler, "/terms")).matches.at(-1)?.params).toEqual({});
      expect((await query(handler, "/courses/8")).matches.at(-1)?.params).toEqual({ id: "8" });
      expect((await query(handler, "/nowhere/at/all")).statusCode).toBe(404);
    }
  });
});
