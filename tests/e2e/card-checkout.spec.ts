// Paying for courses by card (issue 46), with JavaScript on and off (the two projects), in both languages.
// Moyasar: cart → review → the fake Moyasar's page → declined: back on the order's page, failed, the cart
// kept → review again → paid → the order's page, paid → the course opens. Paymob: cart → review → the fake
// unified checkout → paid → the course opens. The fakes (tests/fakes/*-serve.ts, started by
// playwright.config.ts) call the app's webhook before they send the browser back, as the providers do; the
// order becomes paid only once the app has asked the fake's API.
import { expect, type Page, test } from "./fixtures";
import { expectSignedIn, uniqueEmail } from "./helpers";

// Its own address: the learners it signs up would otherwise count against the sign-up limit (20 an hour)
// that the suites without one share on 127.0.0.1.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.62" } });

const TEXT = {
  en: {
    prefix: "",
    name: "Full name",
    email: "Email address",
    password: "Password",
    signup: "Create account",
  },
  ar: {
    prefix: "/ar",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signup: "إنشاء الحساب",
  },
} as const;

async function signUp(page: Page, locale: "en" | "ar", name: string, email: string) {
  const text = TEXT[locale];
  await page.goto(`${text.prefix}/auth/signup`);
  await page.getByLabel(text.name).fill(name);
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill("a-good-password");
  await page.getByRole("button", { name: text.signup }).click();
  await expectSignedIn(page, name);
}

/**
 * Waits on the order's page until it is no longer pending: the webhook's job usually settles it within
 * moments; meanwhile the page's "check again" form (a POST) asks the provider itself.
 */
async function settledStatus(page: Page): Promise<string> {
  const status = page.getByTestId("order-status");
  for (let attempt = 0; attempt < 10; attempt++) {
    const now = await status.getAttribute("data-status");
    if (now !== "pending") return now ?? "";
    await page.waitForTimeout(500);
    await page.getByTestId("check-again").click();
    await expect(page.getByTestId("toast-info").or(page.getByTestId("toast-warning")).last()).toBeVisible();
  }
  return (await status.getAttribute("data-status")) ?? "";
}

/** The provider's hosted page, on its own origin. */
const HOSTED_PAGE = {
  moyasar: /127\.0\.0\.1:\d+\/pay\/[0-9a-f-]{36}$/,
  paymob: /127\.0\.0\.1:\d+\/unifiedcheckout\/\?publicKey=/,
} as const;

async function payOnReview(
  page: Page,
  prefix: string,
  title: string,
  provider: keyof typeof HOSTED_PAGE = "moyasar",
) {
  await page.goto(`${prefix}/cart`);
  await expect(page.getByTestId("cart-items")).toContainText(title);
  await page.getByTestId("checkout").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout$`));
  await expect(page.getByTestId("checkout-items")).toContainText(title);
  await page.getByTestId(`pay-${provider}`).check();
  await page.getByTestId("pay").click();
  await expect(page).toHaveURL(HOSTED_PAGE[provider]);
}

/** Signs a new learner up and puts the first paid data-science course in their cart; answers its title. */
async function paidCourseInCart(page: Page, locale: "en" | "ar", who: string) {
  const text = TEXT[locale];
  const name = locale === "ar" ? "ريم" : "Reem";
  await signUp(page, locale, name, uniqueEmail(`${who}-${locale}`));
  await page.goto(`${text.prefix}/courses?category=data-science`);
  const paid = page
    .getByTestId("course-list")
    .locator("article")
    .filter({ hasNot: page.locator(".text-teal") })
    .first();
  const title = (await paid.locator("h2").textContent())?.trim() ?? "";
  await paid.locator("h2 a").click();
  await expect(page.locator("h1")).toHaveText(title);
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("in-cart")).toBeVisible();
  return title;
}

for (const locale of ["en", "ar"] as const) {
  test(`pay for a course by card through Moyasar: declined keeps the cart, paid opens the course (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[locale];
    const title = await paidCourseInCart(page, locale, "card");

    // A declined card: back on the order's page, failed, nothing bought, the cart as it was.
    await payOnReview(page, text.prefix, title);
    await page.getByTestId("fake-moyasar-decline").click();
    await expect(page).toHaveURL(new RegExp(`localhost:\\d+${text.prefix}/orders/\\d+\\?id=`));
    expect(await settledStatus(page)).toBe("failed");
    await expect(page.getByTestId("open-course")).toHaveCount(0);
    await page.goto(`${text.prefix}/cart`);
    await expect(page.getByTestId("cart-items")).toContainText(title);

    // Again, and paid: the order's page says so and opens the course; the cart is empty.
    await payOnReview(page, text.prefix, title);
    await page.getByTestId("fake-moyasar-pay").click();
    await expect(page).toHaveURL(new RegExp(`localhost:\\d+${text.prefix}/orders/\\d+\\?id=`));
    expect(await settledStatus(page)).toBe("paid");
    await expect(page.getByTestId("order-items")).toContainText(title);
    await expect(page.locator("header").getByTestId("cart-badge")).toHaveCount(0);
    await page.getByTestId("open-course").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/courses/\\d+/learn`));
  });
}

for (const locale of ["en", "ar"] as const) {
  test(`pay for a course by card through Paymob's unified checkout (${locale})`, async ({ page }) => {
    test.setTimeout(60_000);
    const text = TEXT[locale];
    const title = await paidCourseInCart(page, locale, "paymob");
    await payOnReview(page, text.prefix, title, "paymob");
    // Paymob posts its HMAC-signed callback, then sends the browser back with the transaction in the query.
    await page.getByTestId("fake-paymob-pay").click();
    await expect(page).toHaveURL(new RegExp(`localhost:\\d+${text.prefix}/orders/\\d+\\?id=`));
    expect(await settledStatus(page)).toBe("paid");
    await expect(page.getByTestId("order-items")).toContainText(title);
    await page.getByTestId("open-course").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/courses/\\d+/learn`));
  });
}
