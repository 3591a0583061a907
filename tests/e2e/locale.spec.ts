// The URL alone decides the language: the switcher keeps path and query, /en redirects, unknown prefixes 404.
import { expect, test } from "@playwright/test";

test("the language switcher keeps the path and the query", async ({ page }) => {
  await page.goto("/courses?page=2");
  await page.getByTestId("language-dropdown").locator("summary").click();
  const arabic = page.getByTestId("language-dropdown").locator('a[data-language="ar"]');
  await expect(arabic).toContainText("العربية");
  await expect(arabic).toContainText("Arabic");
  await expect(arabic).toContainText("AR");
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
