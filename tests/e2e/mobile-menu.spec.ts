// The mobile menu opens without JavaScript (<details>); with it, it closes on navigation and locks scrolling.
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 800 } });

test("the mobile menu follows the SPEC's guest rules", async ({ page }) => {
  await page.goto("/ar/courses");
  const menu = page.getByTestId("mobile-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  const nav = menu.getByRole("navigation");
  await expect(nav.getByRole("link", { name: "الدورات" })).toBeVisible();
  // No home link on mobile, and no cart in the main list for guests…
  await expect(nav.getByRole("link", { name: "الرئيسية" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "السلة" })).toHaveCount(0);
  // …who get their own cart entry below the language list instead.
  await expect(menu.getByTestId("mobile-guest-cart")).toBeVisible();
  await expect(menu.locator('a[data-language="en"]')).toBeVisible();

  await nav.getByRole("link", { name: "المدونة" }).click();
  await expect(page).toHaveURL(/\/ar\/blog$/);
  await expect(page.locator("h1")).toHaveText("المدونة");
});

test("with JavaScript the menu locks scrolling, closes on navigation and on Escape", async ({
  page,
  browserName,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "scroll locking and closing on navigation need JavaScript");
  expect(browserName).toBe("chromium");
  await page.goto("/courses");
  const menu = page.getByTestId("mobile-menu");
  await menu.locator("summary").click();
  await expect(page.locator("html")).toHaveClass(/menu-open/);
  await menu.getByRole("navigation").getByRole("link", { name: "Portfolio" }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(page.locator("html")).not.toHaveClass(/menu-open/);

  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(page.locator("html")).not.toHaveClass(/menu-open/);
});

test("desktop dropdowns close on an outside click", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "closing on an outside click needs JavaScript");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const dropdown = page.getByTestId("language-dropdown");
  await dropdown.locator("summary").click();
  await expect(dropdown).toHaveAttribute("open", "");
  await page.locator("h1").click();
  await expect(dropdown).not.toHaveAttribute("open", "");
});

test("menus opened before the JavaScript arrives stay open when the page hydrates", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "about hydration");
  // Hold every script until the menus have been opened, as on a slow connection.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/courses/1", { waitUntil: "commit" });
  const menu = page.getByTestId("mobile-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  release();
  // Hydrated: the page's fetcher forms gain their marker field, and the open menu locks scrolling.
  await expect(page.locator('input[name="js"]').first()).toBeAttached();
  await expect(page.locator("html")).toHaveClass(/menu-open/);
  await expect(menu).toHaveAttribute("open", "");

  // The desktop language dropdown too.
  await page.unroute(/\/assets\/.*\.js$/);
  let releaseDesktop: () => void = () => {};
  const heldDesktop = new Promise<void>((resolve) => {
    releaseDesktop = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await heldDesktop;
    await route.continue();
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/courses/1", { waitUntil: "commit" });
  const dropdown = page.getByTestId("language-dropdown");
  await dropdown.locator("summary").click();
  await expect(dropdown).toHaveAttribute("open", "");
  releaseDesktop();
  await expect(page.locator('input[name="js"]').first()).toBeAttached();
  await page.waitForTimeout(300);
  await expect(dropdown).toHaveAttribute("open", "");
});
