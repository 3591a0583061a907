// What the first paint waits for (docs/decisions/026-first-paint.md): no font file on a visitor's first page,
// the web fonts fetched once it has loaded and used from the next page on, and no JavaScript fetched before
// the first paint. Without JavaScript the web font is declared as before, and no JavaScript is fetched. An
// English page never downloads an Arabic font file (issue 31): not in the background, not for the language
// switcher's "العربية".
import { expect, type Page, test } from "./fixtures";

const PLEX = /IBM Plex Sans Arabic/;
/** A font file of the Arabic subset (every file's name starts with the family's, "ibm-plex-sans-arabic"). */
const ARABIC_FILE = /sans-arabic-arabic-\d+-normal/;

/**
 * Whether React has hydrated the page: its elements carry React's fiber keys. (The deferred module script,
 * a data block the server renamed, stays in the document after hydration, so it is no signal.)
 */
function isHydrated(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

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

    // After load, the faces of the page's language arrive in the background and the page keeps its font
    // (nothing shifts): Latin everywhere, Arabic on Arabic pages only.
    const lang = prefix ? "ar" : "en";
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("manara:web-fonts")), { timeout: 10_000 })
      .toBe(lang);
    expect(fontRequests.some((url) => url.includes("-latin-700-normal"))).toBe(true);
    expect(fontRequests.some((url) => ARABIC_FILE.test(url))).toBe(lang === "ar");
    expect(await bodyFont(page)).not.toMatch(PLEX);

    // A client-side navigation (once hydrated) switches when it starts; a new document starts in the web font.
    await expect.poll(() => isHydrated(page)).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await page.locator(`main a[href^="${prefix}/courses/"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/courses/\\d+$`));
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(await bodyFont(page)).toMatch(PLEX);
    await page.goto(`${prefix}/about_us`);
    await expect(page.locator("html")).toHaveAttribute("data-web-fonts", "");
    expect(await bodyFont(page)).toMatch(PLEX);
  });
}

test("an English page never downloads an Arabic font file; the visitor's first Arabic page does", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "JavaScript fetches the fonts; see the no-JS test");
  const arabicFiles = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "font" && ARABIC_FILE.test(request.url())) arabicFiles.add(request.url());
  });
  await page.goto("/courses");
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("manara:web-fonts")), { timeout: 10_000 })
    .toBe("en");
  // The next English page is in the web font; its language switcher's "العربية" keeps the system font, so
  // opening it fetches no Arabic face either.
  await page.goto("/about_us");
  await expect(page.locator("html")).toHaveAttribute("data-web-fonts", "");
  expect(await bodyFont(page)).toMatch(PLEX);
  await page.getByTestId("language-dropdown").locator("summary").click();
  const arabicName = page.getByTestId("language-dropdown").locator('[data-language="ar"] bdi');
  await expect(arabicName).toBeVisible();
  expect(await arabicName.evaluate((element) => getComputedStyle(element).fontFamily)).not.toMatch(PLEX);
  await page.evaluate(() => document.fonts.ready);
  expect([...arabicFiles]).toEqual([]);

  // The English faces say nothing about the Arabic ones: the first Arabic page starts in the system font
  // and fetches them after it has loaded, and the next starts in the web font.
  await page.goto("/ar/courses");
  expect(await page.locator("html").getAttribute("data-web-fonts")).toBeNull();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("manara:web-fonts")), { timeout: 10_000 })
    .toBe("en ar");
  expect(arabicFiles.size).toBe(3);
  await page.goto("/ar/about_us");
  await expect(page.locator("html")).toHaveAttribute("data-web-fonts", "");
  expect(await bodyFont(page)).toMatch(PLEX);
});

test("the document names its modules only in deferred form; they start after the first paint and hydrate the page", async ({
  page,
  request,
}, testInfo) => {
  const html = await (await request.get("/ar/courses")).text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toMatch(/<script[^>]* type="module"/);
  const deferred = [...html.matchAll(/<link rel="x-deferred-modulepreload" href="([^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
  expect(deferred.some((href) => /entry\.client-[\w-]+\.js$/.test(href))).toBe(true);
  expect(deferred.some((href) => /\/courses-[\w-]+\.js$/.test(href))).toBe(true);
  expect(html).toContain('type="text/x-deferred-module">');

  const javaScript = testInfo.project.name !== "no-js";
  const scriptRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scriptRequests.push(request.url());
  });
  await page.goto("/ar/courses");
  if (!javaScript) {
    // Nothing fetches JavaScript a browser without it could not run.
    expect(scriptRequests).toEqual([]);
    return;
  }
  // With JavaScript: the modules were asked for only after the first paint, and the page hydrates.
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType("resource").some((e) => e.name.endsWith(".js"))),
    )
    .toBe(true);
  const order = await page.evaluate(() => {
    const paint =
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY;
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".js"))
      .map((entry) => entry.startTime);
    return {
      paint,
      parsed: navigation.domContentLoadedEventEnd,
      load: navigation.loadEventEnd,
      firstScript: Math.min(...scripts),
    };
  });
  // The parser fetched no module; the first was asked for after the first contentful paint, or, where the
  // browser painted only after the load event (headless Chromium here sometimes does), after that event.
  expect(order.firstScript).toBeGreaterThan(order.parsed);
  expect(order.firstScript).toBeGreaterThan(Math.min(order.paint, order.load));
  for (const href of deferred) expect(scriptRequests.some((url) => url.endsWith(href))).toBe(true);
  // Hydrated: following a link is a client-side navigation, so this document (and its marker) survives.
  await expect.poll(() => isHydrated(page)).toBe(true);
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  await page.locator('main a[href^="/ar/courses/"]').first().click();
  await expect(page).toHaveURL(/\/ar\/courses\/\d+$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test("without JavaScript the web font is declared from the first page", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "no-js", "the JS project covers the deferred fonts");
  await page.goto("/ar");
  expect(await bodyFont(page)).toMatch(PLEX);
});

test("with Save-Data: on no font file and no decorative image is fetched, in either language", async ({
  page,
}, testInfo) => {
  // Every request of the page sends it, its client-side navigations' data requests too (app/lib/save-data.ts).
  await page.setExtraHTTPHeaders({ "Save-Data": "on" });
  const fontRequests: string[] = [];
  const logoRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fontRequests.push(request.url());
    if (new URL(request.url()).pathname === "/logo.svg") logoRequests.push(request.url());
  });
  await page.setViewportSize({ width: 320, height: 800 });
  for (const prefix of ["", "/ar"]) {
    await page.goto(`${prefix}/courses`);
    if (testInfo.project.name === "js") {
      // Past the moment the fonts would be fetched in the background, then a client-side navigation, which
      // would switch to them.
      await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 500))));
      await page.locator(`main a[href^="${prefix}/courses/"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/courses/\\d+$`));
      expect(await page.evaluate(() => localStorage.getItem("manara:web-fonts"))).toBeNull();
      expect(await page.locator("html").getAttribute("data-web-fonts")).toBeNull();
    }
    await page.evaluate(() => document.fonts.ready);
    // The header keeps the brand's name without its logo, and nothing scrolls sideways on a phone.
    const brand = page
      .locator("header")
      .getByRole("link", { name: prefix ? "منارة" : "Manara", exact: true });
    await expect(brand).toBeVisible();
    await expect(brand.locator("img")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Content images stay: the course's picture.
    await expect(page.locator('main img[src^="/images/courses/"]').first()).toBeVisible();
  }
  expect(fontRequests).toEqual([]);
  expect(logoRequests).toEqual([]);
});
