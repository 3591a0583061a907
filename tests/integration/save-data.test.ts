// The data saver (issue 36) on the whole app: a page asked for with `Save-Data: on` names no web font (no
// @font-face rule, no head script switching to them) and carries no decorative image, in both languages; the
// same page without it has them all; every page and its data say `Vary: Save-Data`, so the server's anonymous
// cache never hands one visitor's variant to the other. That cache answers in the Express app, which this
// file does not run (it calls React Router directly); the cache's own tests hold it to the variants
// (response-cache-layer.test.ts, response-cache-server.test.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, courses } from "../../app/db/schema";
import { type FuzzApp, startFuzzApp } from "./fuzz/app";

let app: FuzzApp;
let learnerCookie = "";

beforeAll(async () => {
  app = await startFuzzApp();
  const seed = (await app.vite.ssrLoadModule(
    "/app/seed/seed.server.ts",
  )) as typeof import("../../app/seed/seed.server");
  await seed.seedDemoContent(app.db);
  // A signed-in learner with a course in the cart: the cart lists its thumbnail beside its title.
  const learner = await app.helpers.createUser(app.db, "user");
  learnerCookie = await app.helpers.cookieFor(app.db, learner.id);
  const [course] = await app.db.select({ id: courses.id }).from(courses).where(eq(courses.isPublished, true));
  if (!course) throw new Error("no published demo course");
  await app.db.insert(cartItems).values({ userId: learner.id, courseId: course.id });
}, 180_000);
afterAll(() => app?.close());

const SAVE_DATA = { "Save-Data": "on" };

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await app.fetch(path, { headers });
  expect(response.status, path).toBe(200);
  return { vary: response.headers.get("vary") ?? "", html: await response.text() };
}

/** The logo beside the brand's name, in the header and the footer: decorative (alt=""). */
const LOGO_IMAGE = /<img[^>]*src="\/logo\.svg"/g;

describe("Save-Data: on", () => {
  for (const path of ["/", "/ar", "/courses", "/ar/about_us"]) {
    it(`${path}: no web font and no decorative image with it; both without it; Vary: Save-Data`, async () => {
      // Without, then with, then without again: each answer the anonymous cache may keep is its own variant.
      for (const [headers, saving] of [
        [{}, false],
        [SAVE_DATA, true],
        [{}, false],
        [{ "Save-Data": "ON" }, true],
      ] as const) {
        const { vary, html } = await page(path, headers);
        expect(vary.split(/\s*,\s*/), path).toContain("Save-Data");
        // The stylesheet is there either way, with the system font stack that renders both languages.
        expect(html).toMatch(
          /<style id="app-css">[^<]*--font-sans:\s*ui-sans-serif, ?system-ui, ?sans-serif/,
        );
        expect(html.includes("@font-face"), `@font-face, Save-Data ${saving}`).toBe(!saving);
        expect(html.includes("IBM Plex Sans Arabic") && html.includes(".woff2"), "font files").toBe(!saving);
        expect(html.includes('id="web-fonts-script"'), "the web fonts' head script").toBe(!saving);
        expect(html.match(LOGO_IMAGE) ?? [], "decorative logos").toHaveLength(saving ? 0 : 2);
        // Content stays: the brand's name, and a course's picture where the page lists courses.
        expect(html).toMatch(path.startsWith("/ar") ? /منارة/ : /Manara/);
        if (path.endsWith("/courses"))
          expect(html).toMatch(/<img src="\/images\/courses\/[^"]+" alt="[^"]+"/);
      }
    });
  }

  it("a page's data (a client navigation) says Vary: Save-Data too, and the JSON API does not", async () => {
    const data = await app.fetch(`/courses.data?_routes=root,routes/courses`, { headers: SAVE_DATA });
    expect(data.status).toBe(200);
    expect(data.headers.get("content-type")).toContain("text/x-script");
    expect(data.headers.get("vary")).toContain("Save-Data");
    await data.text();
    const api = await app.fetch("/api/courses", { headers: SAVE_DATA });
    expect(api.status).toBe(200);
    expect(api.headers.get("vary") ?? "").not.toContain("Save-Data");
    await api.text();
  });

  it('the cart leaves out the thumbnails beside the course titles (alt=""), not the titles', async () => {
    const cartImages = (html: string) =>
      html.match(/data-testid="cart-items"[\s\S]*?<\/ul>/)?.[0].match(/<img /g)?.length ?? 0;
    const plain = await page("/cart", { cookie: learnerCookie });
    expect(cartImages(plain.html)).toBe(1);
    const saving = await page("/cart", { cookie: learnerCookie, ...SAVE_DATA });
    expect(cartImages(saving.html)).toBe(0);
    expect(saving.html).toMatch(/data-testid="cart-items"[\s\S]*?<a [^>]*href="\/courses\/\d+"/);
  });
});
