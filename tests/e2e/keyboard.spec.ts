// Keyboard only, in both languages, with JavaScript and without: sign in, search the catalog, add a course to
// the cart and check out. Every stop on the way shows a visible focus ring, and Tab moves forward through
// the document (no jumps back and forth). Where the focus goes after a client-side navigation and after a
// fetcher replaces the focused control; the skip link; toasts that stay clear of the focus.
import { type APIRequestContext, expect, type Locator, type Page, test } from "./fixtures";
import { DEMO_PASSWORD, localized, logIn, uniqueEmail } from "./helpers";

// Sign-ups from an address of their own: the per-address limit is shared by every suite (playwright.config.ts).
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.24" } });

const TEXT = {
  en: {
    email: "Email address",
    password: "Password",
    login: "Log in",
    courses: "Courses",
    search: "Search",
    query: "TypeScript",
    title: /TypeScript/,
    addToCart: "Add to cart",
    cart: "Cart",
    checkout: "Check out with wallet",
    paid: "Payment received",
    skip: "Skip to content",
    homeTitle: /Manara/,
    coursesTitle: /^Courses/,
    courseTitle: /React from Zero to Production/,
    inCart: "In your cart",
    remove: "Remove",
    browse: "Browse courses",
  },
  ar: {
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    login: "تسجيل الدخول",
    courses: "الدورات",
    search: "بحث",
    query: "جانغو",
    title: /Django/,
    addToCart: "أضف إلى السلة",
    cart: "السلة",
    checkout: "ادفع من المحفظة",
    paid: "وصلتنا الدفعة",
    skip: "تخطَّ إلى المحتوى",
    homeTitle: /منارة/,
    coursesTitle: /^الدورات/,
    courseTitle: /React من الصفر إلى الإنتاج/,
    inCart: "في سلتك",
    remove: "إزالة",
    browse: "تصفّح الدورات",
  },
} as const;

/**
 * Presses Tab until `target` has the focus, checking each stop: a visible focus ring, and each stop after
 * the previous one in document order.
 */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  const handle = await target.elementHandle({ timeout: 10_000 });
  const problems: string[] = [];
  const visited: string[] = [];
  await page.evaluate(() => {
    (window as unknown as { lastFocused: Element | null }).lastFocused = document.activeElement;
  });
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press("Tab");
    // One round trip per stop: the ring, the order and whether this is the target.
    const stop = await page.evaluate((wanted) => {
      const holder = window as unknown as { lastFocused: Element | null };
      const element = document.activeElement as HTMLElement | null;
      const previous = holder.lastFocused;
      holder.lastFocused = element;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2;
      const ring = style.boxShadow !== "none" && style.boxShadow !== "";
      // A native <video controls> has several tab stops inside it (play, timeline, volume…): staying on the
      // same element is moving through its controls, not going backwards.
      const forward =
        !previous ||
        previous === element ||
        previous === document.body ||
        !previous.isConnected ||
        Boolean(previous.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
      return {
        label: `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`,
        visibleRing: outline || ring,
        forward,
        reached: element === wanted,
      };
    }, handle);
    if (!stop) continue;
    visited.push(stop.label);
    if (!stop.visibleRing) problems.push(`no focus ring on ${stop.label}`);
    if (!stop.forward) problems.push(`focus went backwards to ${stop.label}`);
    if (stop.reached) {
      expect(problems).toEqual([]);
      return;
    }
  }
  throw new Error(`Tab never reached the target; visited ${visited.join(", ")}; ${problems.join("; ")}`);
}

/** The user menu's toggle: 13 Tabs from the top of a page (skip link, logo, eight links with "My learning",
 * notifications, language, account). */
const TABS_TO_USER_MENU = 13;

/** Presses Shift+Tab until `target` has the focus. */
async function shiftTabTo(page: Page, target: Locator, maxPresses: number) {
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press("Shift+Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Shift+Tab did not reach the target in ${maxPresses} presses`);
}

/** The visible toasts that cover the focused element (none, when the toasts keep clear of it). */
async function toastsOverFocus(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return [];
    const box = focused.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('[data-testid^="toast-"]')]
      .filter((toast) => {
        const style = getComputedStyle(toast);
        const shown = Number(getComputedStyle(toast.parentElement ?? toast).opacity) * Number(style.opacity);
        const rect = toast.getBoundingClientRect();
        return (
          style.visibility !== "hidden" &&
          shown > 0.1 &&
          rect.left < box.right &&
          rect.right > box.left &&
          rect.top < box.bottom &&
          rect.bottom > box.top
        );
      })
      .map(
        (toast) =>
          `"${toast.textContent?.trim()}" covers ${focused.tagName.toLowerCase()} "${focused.textContent?.trim()}"`,
      );
  });
}

/** The focus is on the route announcer, which holds the new page's title. */
async function expectPageAnnounced(page: Page, title: RegExp) {
  const announcer = page.getByTestId("route-announcer");
  await expect(announcer).toBeFocused();
  await expect(announcer).toHaveText(title);
  expect(await page.title()).toMatch(title);
}

/** A fresh learner with money, made through the API (sign-ups from this file's own address). */
async function newLearner(request: APIRequestContext, prefix: string, credit = 0) {
  const email = uniqueEmail(prefix);
  const signup = await request.post("/api/auth/signup", {
    data: { userName: "Keyboard Learner", email, password: "a-good-password" },
  });
  expect(signup.ok()).toBe(true);
  const { user } = (await signup.json()) as { user: { id: string } };
  if (credit > 0) {
    const admin = await request.post("/api/auth/login", {
      data: { email: "admin@manara.local", password: DEMO_PASSWORD },
    });
    const { token } = (await admin.json()) as { token: string };
    const charged = await request.put(`/api/admin/charge-wallet/${user.id}`, {
      data: { amount: credit },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(charged.ok()).toBe(true);
  }
  return { email, password: "a-good-password" };
}

/** Adds a course to the (guest or signed-in) cart with the course page's button, waiting for the answer. */
async function addToCart(page: Page, courseId: number, locale: "en" | "ar") {
  await page.goto(localized(`/courses/${courseId}`, locale));
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByTestId("add-to-cart").click(),
  ]);
  await expect(page.getByTestId("in-cart")).toBeVisible();
}

for (const locale of ["en", "ar"] as const) {
  test(`the skip link is painted on top of the header when focused (${locale})`, async ({ page }) => {
    const text = TEXT[locale];
    await page.goto(localized("/", locale));
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: text.skip });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    // What a click at its centre would hit is the link itself, not the logo painted over it.
    const onTop = await skip.evaluate((link) => {
      const box = link.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.width > 0 && box.height > 0 && link.contains(hit);
    });
    expect(onTop).toBe(true);
  });

  test(`keyboard only: sign in, search, add to cart and check out (${locale})`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const text = TEXT[locale];
    const js = testInfo.project.name !== "no-js";
    // A fresh learner with money, made through the API so the keyboard journey starts at the log-in page.
    const { email } = await newLearner(request, `keys-${locale}`, 100);

    await page.goto(localized("/auth/login", locale));
    const main = page.locator("main");
    await tabTo(page, main.getByLabel(text.email));
    await page.keyboard.type(email);
    await tabTo(page, main.getByLabel(text.password, { exact: true }));
    await page.keyboard.type("a-good-password");
    await tabTo(page, main.getByRole("button", { name: text.login }));
    await page.keyboard.press("Enter");
    const userMenu = page.getByTestId("user-menu");
    await expect(userMenu.locator("summary")).toContainText("Keyboard Learner", { timeout: 15_000 });

    // The new page starts at the top, as a page load does: the user menu is a few Tabs away (it took 42, through
    // the whole home page and the footer, when the focus fell to <body> where the log-in button had been), and
    // the sign-in toast covers none of the stops on the way.
    if (js) await expectPageAnnounced(page, text.homeTitle);
    await tabTo(page, userMenu.locator("summary"), TABS_TO_USER_MENU);
    expect(await toastsOverFocus(page)).toEqual([]);

    // The catalog, from the header's link.
    const coursesLink = page.locator("header nav").getByRole("link", { name: text.courses, exact: true });
    await shiftTabTo(page, coursesLink, 6);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${localized("/courses", locale)}$`));
    if (js) await expectPageAnnounced(page, text.coursesTitle);
    const search = main.getByLabel(text.search, { exact: true });
    await tabTo(page, search);
    await page.keyboard.type(text.query);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?q=/);
    const courseLink = page.getByTestId("course-list").getByRole("link", { name: text.title }).first();
    await expect(courseLink).toBeVisible();
    // Only the query changed: the focus stays in the search field.
    if (js) await expect(search).toBeFocused();
    await tabTo(page, courseLink);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/courses\/\d+$/);
    if (js) await expectPageAnnounced(page, text.title);

    const addButton = main.getByRole("button", { name: text.addToCart });
    await tabTo(page, addButton);
    if (js) {
      // The button at the bottom of the window, where the toast it brings appears.
      await page.setViewportSize({ width: 1280, height: 500 });
      await addButton.evaluate((button) =>
        window.scrollBy(0, button.getBoundingClientRect().bottom - (window.innerHeight - 24)),
      );
    }
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("toast-success").last()).toBeVisible();
    await expect(page.getByTestId("in-cart")).toBeVisible();
    if (js) {
      // The focus moves to the link that took the button's place, and the toast keeps clear of it.
      await expect(page.getByTestId("in-cart").getByRole("link", { name: text.inCart })).toBeFocused();
      await page.waitForTimeout(100); // the toast measures a frame after it appears
      expect(await toastsOverFocus(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 720 });
    }

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, page.locator("header nav").getByRole("link", { name: new RegExp(`^${text.cart}`) }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${localized("/cart", locale)}$`));
    // Checkout is the review step (issue 46): its link, then its one pay button, to the paid order.
    await tabTo(page, main.getByRole("link", { name: text.checkout }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${localized("/checkout", locale)}$`));
    await tabTo(page, main.getByTestId("pay"));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${localized("/orders/", locale)}\\d+$`));
    await expect(page.getByTestId("toast-success").last()).toContainText(text.paid);
  });

  test(`the focus after a client-side navigation (${locale})`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "without JavaScript every navigation is a page load");
    const text = TEXT[locale];
    await page.goto(localized("/", locale));
    // The first load is the browser's: nothing is focused and nothing is announced.
    await expect(page.getByTestId("route-announcer")).toHaveCount(0);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // A click on a header link: the header (and the link) stay, yet the focus goes to the new page's title…
    await page.locator("header nav").getByRole("link", { name: text.courses, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${localized("/courses", locale)}$`));
    await expectPageAnnounced(page, text.coursesTitle);
    // …and the next Tab is the skip link, as after a page load.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: text.skip })).toBeFocused();

    // Another page whose URL names an element (back/forward, or a link to a section): the browser's place.
    await page.evaluate(
      (url) => {
        window.history.pushState(null, "", url);
        window.dispatchEvent(new PopStateEvent("popstate"));
      },
      localized("/courses/1#reviews", locale),
    );
    await expect(page.locator("h1")).toHaveText(text.courseTitle);
    await expect(page.getByRole("link", { name: text.skip })).toBeFocused();

    // Back: a new page again.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${localized("/courses", locale)}$`));
    await expectPageAnnounced(page, text.coursesTitle);
  });

  test(`removing a cart line hands the focus to the next line, then to the empty cart's link (${locale})`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "without JavaScript the form reloads the page");
    const text = TEXT[locale];
    await addToCart(page, 1, locale);
    await addToCart(page, 3, locale);
    await page.goto(localized("/cart", locale));
    const lines = page.getByTestId("cart-items").getByRole("listitem");
    await expect(lines).toHaveCount(2);
    const second = lines.nth(1).getByRole("link").first();
    const secondTitle = await second.textContent();
    await lines.first().getByRole("button", { name: text.remove }).focus();
    await page.keyboard.press("Enter");
    await expect(lines).toHaveCount(1);
    await expect(lines.first().getByRole("link").first()).toHaveText(secondTitle ?? "");
    await expect(lines.first().getByRole("button", { name: text.remove })).toBeFocused();
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.keyboard.press("Enter"),
    ]);
    await expect(page.getByTestId("cart-empty").getByRole("link", { name: text.browse })).toBeFocused();
  });
}

test("removing a favourite hands the focus to the next one", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "without JavaScript the form reloads the page");
  const { email, password } = await newLearner(request, "keys-favorites");
  await page.goto("/auth/login");
  await logIn(page, email, password);
  await expect(page.getByTestId("user-menu")).toBeVisible();
  for (const id of [1, 3]) {
    await page.goto(`/courses/${id}`);
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByTestId("favorite-toggle").click(),
    ]);
    await expect(page.getByTestId("favorite-toggle")).toHaveAttribute("aria-pressed", "true");
  }
  await page.goto("/my-favorites");
  const removeButtons = page
    .getByTestId("favorite-list")
    .getByRole("button", { name: "Remove from favorites" });
  await expect(removeButtons).toHaveCount(2);
  await removeButtons.first().focus();
  await page.keyboard.press("Enter");
  await expect(removeButtons).toHaveCount(1);
  await expect(removeButtons.first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("empty-state").getByRole("link")).toBeFocused();
});
