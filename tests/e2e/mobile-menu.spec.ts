// The mobile menu opens without JavaScript (<details>); with it, it closes on navigation, on Escape and when the
// focus leaves it, and locks scrolling. The desktop dropdowns close the same ways.
import { expect, test } from "./fixtures";
import { demoState } from "./helpers";

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

for (const locale of ["en", "ar"] as const) {
  const prefix = locale === "ar" ? "/ar" : "";

  test(`with the keyboard, the mobile menu closes when the focus leaves it and on Escape (${locale})`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "closing a <details> menu needs JavaScript");
    await page.goto(`${prefix}/courses`);
    const menu = page.getByTestId("mobile-menu");
    const toggle = menu.locator("summary");
    // Skip link, logo, menu.
    for (let press = 0; press < 3; press++) await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");

    // Through the menu and out of it: the menu closes, so the focus is not on a link hidden under it.
    let inside = true;
    for (let press = 0; press < 30 && inside; press++) {
      await page.keyboard.press("Tab");
      inside = await menu.evaluate((details) => details.contains(document.activeElement));
    }
    expect(inside).toBe(false);
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(page.locator("html")).not.toHaveClass(/menu-open/);

    // Escape closes it and gives the focus back to its toggle.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("navigation").getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(toggle).toBeFocused();

    // Shift+Tab out of it, backwards past its toggle, closes it too.
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    await page.keyboard.press("Shift+Tab");
    await expect(menu).not.toHaveAttribute("open", "");
  });

  test(`with the keyboard, the desktop dropdowns close when the focus leaves them and on Escape (${locale})`, async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "closing a <details> menu needs JavaScript");
    const context = await browser.newContext({ storageState: await demoState(browser, "learner") });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${prefix}/courses`);
    const userMenu = page.getByTestId("user-menu");
    const toggle = userMenu.locator("summary");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(userMenu).toHaveAttribute("open", "");
    // Tab through its links and the log-out button, then once more: out of the menu, which closes.
    const stops = await userMenu.locator("a, button").count();
    for (let press = 0; press < stops; press++) await page.keyboard.press("Tab");
    await expect(userMenu.getByTestId("logout")).toBeFocused();
    await expect(userMenu).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(userMenu).not.toHaveAttribute("open", "");

    // Escape in the language dropdown: closed, and the focus back on its toggle.
    const languages = page.getByTestId("language-dropdown");
    await languages.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(languages).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(languages.locator("a").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(languages).not.toHaveAttribute("open", "");
    await expect(languages.locator("summary")).toBeFocused();

    // Shift+Tab from an open dropdown's toggle leaves it: closed.
    await page.keyboard.press("Enter");
    await expect(languages).toHaveAttribute("open", "");
    await page.keyboard.press("Shift+Tab");
    await expect(languages).not.toHaveAttribute("open", "");
    await context.close();
  });
}
