// The site works under its enforced Content-Security-Policy (no violation on any page, scripts hydrate),
// every response carries the security headers, and a fetcher whose request fails rolls back with a toast
// instead of replacing the page with the error page.
import { expect, test } from "./fixtures";
import { uniqueEmail, watchCspViolations } from "./helpers";

const PAGES = [
  "/",
  "/about_us",
  "/services",
  "/courses",
  "/courses/1",
  "/portfolio",
  "/portfolio/1",
  "/blog",
  "/blog/1",
  "/cart",
  "/contact",
  "/faq",
  "/help",
  "/auth/login",
  "/auth/signup",
  "/no-such-page",
];

for (const locale of ["en", "ar"] as const) {
  test(`no CSP violation on any page (${locale})`, async ({ page }, testInfo) => {
    const violations = await watchCspViolations(page);
    for (const path of PAGES) {
      const url = locale === "en" ? path : path === "/" ? "/ar" : `/ar${path}`;
      const response = await page.goto(url);
      const headers = response?.headers() ?? {};
      expect(headers["content-security-policy"], url).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], url).toBe("DENY");
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(headers["permissions-policy"], url).toContain("camera=()");
      if (testInfo.project.name === "js") {
        // React Router's inline scripts ran (they carry the nonce), so the page hydrated.
        await expect
          .poll(() => page.evaluate(() => "__reactRouterRouteModules" in window), { message: url })
          .toBe(true);
      }
    }
    expect(violations).toEqual([]);
  });
}

test("assets and the API carry the security headers too", async ({ request }) => {
  for (const path of ["/favicon.svg", "/api/courses", "/locales/en/common"]) {
    const response = await request.get(path);
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["x-frame-options"], path).toBe("DENY");
  }
});

for (const failure of ["network", "server"] as const) {
  test(`a favourite whose request fails (${failure}) rolls back with a toast`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "fetchers need JavaScript");
    await page.goto("/auth/signup");
    await page.getByLabel("Full name").fill("Failure Tester");
    await page.getByLabel("Email address").fill(uniqueEmail(`failure-${failure}`));
    await page.getByLabel("Password", { exact: true }).fill("a-good-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByTestId("user-menu")).toBeVisible();
    await page.goto("/courses/3");
    const toggle = page.getByTestId("favorite-toggle");
    const before = await toggle.getAttribute("aria-pressed");
    await page.route("**/courses/3.data**", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (failure === "network") return route.abort("connectionreset");
      return route.fulfill({ status: 500, contentType: "text/plain", body: "Unexpected Server Error" });
    });
    await toggle.click();
    await expect(page.getByTestId("toast-error")).toContainText("did not go through");
    // Still the course page, with the heart as it was before.
    await expect(page.locator("h1")).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-pressed", before ?? "false");
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  });
}

test("add to cart whose request fails rolls back with an Arabic toast", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "fetchers need JavaScript");
  await page.route("**/ar/courses/4.data**", (route) =>
    route.request().method() === "POST" ? route.abort("failed") : route.continue(),
  );
  await page.goto("/ar/courses/4");
  // Click only once the page has hydrated: before that the button submits the plain form (a navigation,
  // which this test does not abort), and the fetcher under test never runs. The form's "js" marker
  // appears when React has taken over.
  await expect(page.locator('form:has([data-testid="add-to-cart"]) input[name="js"]')).toBeAttached();
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("toast-error")).toContainText("لم يصل الطلب");
  await expect(page.getByTestId("add-to-cart")).toBeVisible();
});
