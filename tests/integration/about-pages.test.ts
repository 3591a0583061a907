// /about (the footer's link) and /about_us (the navigation's) are one page with one canonical URL.
import { afterAll, beforeAll, expect, it } from "vitest";
import { publicOrigin } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import type { PageMeta } from "../../app/lib/seo";
import routes from "../../app/routes";
import { loader as aboutLoader } from "../../app/routes/about-us";
import { runRoute } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

const metaOf = async (url: string) =>
  (await runRoute<{ meta: PageMeta }>(handle.db, new Request(url), aboutLoader as never)).meta;

it("serves /about from the /about_us module, canonical at /about_us, in both languages", async () => {
  const layout = routes.find((route) => route.path === ":lang?");
  const files = (layout?.children ?? [])
    .filter((route) => route.path === "about" || route.path === "about_us")
    .map((route) => route.file);
  expect(files).toEqual(["routes/about-us.tsx", "routes/about-us.tsx"]);

  for (const [alias, canonical] of [
    ["/about", "/about_us"],
    ["/ar/about", "/ar/about_us"],
  ] as const) {
    const viaAlias = await metaOf(`http://test${alias}`);
    expect(viaAlias.canonical).toBe(`${publicOrigin()}${canonical}`);
    expect(viaAlias).toEqual(await metaOf(`http://test${canonical}`));
  }
});
