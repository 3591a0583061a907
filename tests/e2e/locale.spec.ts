// The URL alone decides the language: the switcher keeps path and query, /en redirects, unknown prefixes 404.
import { expect, test } from "./fixtures";

test("the language switcher keeps the path and the query", async ({ page }) => {
  await page.goto("/courses?page=2");
  await page.getByTestId("language-dropdown").locator("summary").click();
  const arabic = page.getByTestId("language-dropdown").locator('a[data-language="ar"]');
  // Named in its own script, and only that: no flag, no code (issue 50).
  await expect(arabic).toHaveText("العربية");
  await arabic.click();
  await expect(page).toHaveURL(/\/ar\/courses\?page=2$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("link", { name: "الصفحة 2" })).toHaveAttribute("aria-current", "page");

  await page.getByTestId("language-dropdown").locator("summary").click();
  await page.getByTestId("language-dropdown").locator('a[data-language="en"]').click();
  await expect(page).toHaveURL(/\/courses\?page=2$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("/en/... redirects permanently to the unprefixed path", async ({ page, request }) => {
  const response = await request.get("/en/about_us?ref=x", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/about_us?ref=x");
  await page.goto("/en");
  await expect(page).toHaveURL(/\/$/);
});

for (const path of [
  "/no-such-page",
  "/courses/999999",
  "/courses/abc",
  "/xx/courses",
  "/fr",
  "/ar/no-such-page",
]) {
  test(`${path} is a localized 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const arabic = path.startsWith("/ar/");
    await expect(page.locator("h1")).toHaveText(arabic ? "الصفحة غير موجودة" : "Page not found");
    await expect(page.locator("html")).toHaveAttribute("dir", arabic ? "rtl" : "ltr");
  });
}

test("unknown API paths answer JSON 404", async ({ request }) => {
  const response = await request.get("/api/nothing-here");
  expect(response.status()).toBe(404);
  expect((await response.json()).error.code).toBe("not_found");
});

test("the default document title is the Arabic product title on error pages without JavaScript too", async ({
  page,
}) => {
  await page.goto("/ar/nothing");
  await expect(page).toHaveTitle(/منارة/);
});

test("the page hydrates from the translations in the document; a client navigation loads only what it lacks", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "about the browser's i18next");
  const localeRequests: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/locales/")) localeRequests.push(pathname);
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/ar/about_us");
  // Hydrated: React has attached itself to the header's links (a click before that is a full page load).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const link = document.querySelector("header a");
        return link !== null && Object.keys(link).some((key) => key.startsWith("__reactFiber"));
      }),
    )
    .toBe(true);
  // Needed strings came inside the document: nothing fetched to hydrate.
  await page.waitForLoadState("networkidle");
  expect(localeRequests).toEqual([]);

  // The catalog page needs "catalog" and "reviews", which /about_us did not carry.
  await page.evaluate(() => {
    (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
  });
  await page.locator("header").getByRole("link", { name: "الدورات", exact: true }).first().click();
  await expect(page).toHaveURL(/\/ar\/courses$/, { timeout: 15_000 });
  await expect(page.locator("h1")).toHaveText("الدورات");
  await expect(page.getByText("courses.lead")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(
    true,
  );
  expect(localeRequests.sort()).toEqual([
    "/locales/ar/catalog.json",
    "/locales/ar/reviews.json",
    "/locales/en/catalog.json",
    "/locales/en/reviews.json",
  ]);
  expect(errors).toEqual([]);
});
