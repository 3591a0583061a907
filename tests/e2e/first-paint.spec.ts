// What the first paint waits for (docs/decisions/026-first-paint.md): no font file on a visitor's first page,
// the web fonts fetched once it has loaded and used from the next page on, and the page's JavaScript asked
// for at low priority. Without JavaScript the web font is declared as before.
import { expect, type Page, test } from "@playwright/test";

const PLEX = /IBM Plex Sans Arabic/;

function bodyFont(page: Page) {
  return page.evaluate(() => getComputedStyle(document.body).fontFamily);
}

for (const prefix of ["", "/ar"]) {
  test(`${prefix || "/"}: the first page fetches no font before it has loaded; later pages use the web font`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "JavaScript fetches the fonts; see the no-JS test");
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fontRequests.push(request.url());
    });
    let loaded = false;
    let fontsBeforeLoad = -1;
    page.on("load", () => {
      loaded = true;
      fontsBeforeLoad = fontRequests.length;
    });
    await page.goto(`${prefix}/courses`);
    expect(loaded).toBe(true);
    expect(fontsBeforeLoad).toBe(0);
    expect(await bodyFont(page)).not.toMatch(PLEX);
    expect(await page.locator("html").getAttribute("data-web-fonts")).toBeNull();

    // After load, the faces arrive in the background and the page keeps its font (nothing shifts).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("manara:web-fonts")), { timeout: 10_000 })
      .toBe("1");
    expect(fontRequests.some((url) => url.includes("-arabic-400-normal"))).toBe(true);
    expect(fontRequests.some((url) => url.includes("-latin-700-normal"))).toBe(true);
    expect(await bodyFont(page)).not.toMatch(PLEX);

    // A client-side navigation switches when it starts; a new document starts in the web font.
    await page.locator(`main a[href^="${prefix}/courses/"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/courses/\\d+$`));
    expect(await bodyFont(page)).toMatch(PLEX);
    await page.goto(`${prefix}/about_us`);
    await expect(page.locator("html")).toHaveAttribute("data-web-fonts", "");
    expect(await bodyFont(page)).toMatch(PLEX);
  });
}

test("the page's modules are asked for at low priority before React Router's own preloads name them", async ({
  request,
}) => {
  const html = await (await request.get("/ar/courses")).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"([^>]*)>/g)].map((match) => ({
    href: match[1],
    low: match[2].includes('fetchPriority="low"'),
  }));
  const firstDefault = preloads.findIndex((preload) => !preload.low);
  const lowPriority = preloads.slice(0, firstDefault).map((preload) => preload.href);
  expect(lowPriority.length).toBeGreaterThan(3);
  expect(lowPriority.some((href) => /entry\.client-[\w-]+\.js$/.test(href))).toBe(true);
  expect(lowPriority.some((href) => /\/courses-[\w-]+\.js$/.test(href))).toBe(true);
  // Every module React Router preloads for the page was named first at low priority, so the browser
  // fetches none of them at its default (high) priority.
  const routerPreloads = preloads.slice(firstDefault);
  expect(firstDefault).toBeGreaterThan(0);
  expect(routerPreloads.length).toBeGreaterThan(0);
  for (const preload of routerPreloads) expect(lowPriority).toContain(preload.href);
});

test("without JavaScript the web font is declared from the first page", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "no-js", "the JS project covers the deferred fonts");
  await page.goto("/ar");
  expect(await bodyFont(page)).toMatch(PLEX);
});
