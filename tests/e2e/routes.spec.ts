// Every navigation and footer route answers 200 in both locales with the right <html lang dir>.
import { expect, test } from "./fixtures";

const ROUTES = [
  "/",
  "/about_us",
  "/services",
  "/courses",
  "/portfolio",
  "/blog",
  "/cart",
  "/help",
  "/safety",
  "/about",
  "/privacy",
  "/terms",
  "/contact",
  "/faq",
  "/auth/login",
  "/auth/signup",
];

for (const route of ROUTES) {
  for (const [locale, dir] of [
    ["en", "ltr"],
    ["ar", "rtl"],
  ] as const) {
    const path = locale === "en" ? route : route === "/" ? "/ar" : `/ar${route}`;
    test(`${path} renders in ${locale}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const html = page.locator("html");
      await expect(html).toHaveAttribute("lang", locale);
      await expect(html).toHaveAttribute("dir", dir);
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page.getByTestId("site-footer")).toBeVisible();
      // Each page has its own title, a canonical link and both hreflang alternates.
      await expect(page).toHaveTitle(/\| (Manara|منارة)$/);
      // /about is the footer's name for /about_us: one page, one canonical URL.
      const canonical = path.replace(/\/about$/, "/about_us");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${canonical === "/" ? "/$" : `${canonical}$`}`),
      );
      await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveCount(1);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveCount(1);
    });
  }
}

test("detail pages of seeded content render in both locales", async ({ page }) => {
  for (const path of [
    "/courses/1",
    "/ar/courses/1",
    "/blog/1",
    "/ar/blog/1",
    "/portfolio/1",
    "/ar/portfolio/1",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
  }
  await page.goto("/ar/courses/1");
  await expect(page.getByTestId("lesson-outline").locator("li").first()).toBeVisible();
  await expect(page.locator("h1")).toHaveText(/[\u0600-\u06FF]/);
});

test("footer links reach their pages", async ({ page }) => {
  await page.goto("/ar");
  const footer = page.getByTestId("site-footer");
  await footer.getByRole("link", { name: "الأسئلة الشائعة" }).click();
  await expect(page).toHaveURL(/\/ar\/faq$/);
  await expect(page.locator("h1")).toBeVisible();
  // The seeded site settings (app/seed/site.server.ts): a real address, no placeholder.
  await expect(footer.getByRole("link", { name: "منارة على منصة X" })).toHaveAttribute(
    "href",
    "https://x.com/manara",
  );
});
