// The learner's path from a visit to a purchase, with JavaScript on and off, in both locales:
// browse → filter → favourite → add to cart → checkout → my courses; plus the admin topping up the wallet.
import { type Browser, expect, type Page, test } from "./fixtures";
import { DEMO_PASSWORD, expectSignedIn, logIn, uniqueEmail } from "./helpers";

// Its own address: the learners it signs up would otherwise count against the sign-up limit (20 an hour)
// that the suites without one share on 127.0.0.1.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.63" } });

const TEXT = {
  en: {
    prefix: "",
    name: "Full name",
    email: "Email address",
    password: "Password",
    signup: "Create account",
    category: "Category",
    dataScience: "Data Science",
    show: "Show courses",
    favorite: "Add to favorites",
    favorited: "Saved to favorites",
    addToCart: "Add to cart",
    inCart: "In your cart",
    checkout: "Check out with wallet",
    notEnough: /is not enough/,
    enrollments: "My learning",
    favorites: "My favorites",
    credit: "Add credit",
  },
  ar: {
    prefix: "/ar",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signup: "إنشاء الحساب",
    category: "التصنيف",
    dataScience: "علم البيانات",
    show: "اعرض الدورات",
    favorite: "أضف إلى المفضلة",
    favorited: "محفوظة في المفضلة",
    addToCart: "أضف إلى السلة",
    inCart: "في سلتك",
    checkout: "ادفع من المحفظة",
    notEnough: /لا يكفي/,
    enrollments: "تعلّمي",
    favorites: "مفضلتي",
    credit: "أضف رصيدًا",
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

/** An admin, in a browser of their own, credits a learner's wallet through the users page. */
async function creditAsAdmin(browser: Browser, javaScriptEnabled: boolean, email: string, amount: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  const admin = await context.newPage();
  await admin.goto("/auth/login");
  await logIn(admin, "admin@manara.local", DEMO_PASSWORD);
  await expectSignedIn(admin, "Huda Al-Rashid");
  await admin.goto(`/dashboard/admin/users?${new URLSearchParams({ q: email })}`);
  const row = admin.getByTestId("user-table").locator("tbody tr").filter({ hasText: email });
  await row.locator('input[name="amount"]').fill(amount);
  await row.getByRole("button", { name: "Add credit" }).click();
  await expect(admin.getByTestId("toast-success").last()).toContainText("Added");
  await context.close();
}

for (const locale of ["en", "ar"] as const) {
  test(`browse, filter, favourite, add to cart, check out and find the course in my courses (${locale})`, async ({
    page,
    browser,
  }, testInfo) => {
    // The whole journey, two browsers and two password hashes: on a busy 2-core machine it needs more than 30 s.
    test.setTimeout(60_000);
    const text = TEXT[locale];
    const email = uniqueEmail(`buyer-${locale}`);
    const name = locale === "ar" ? "سلمى" : "Salma";
    await signUp(page, locale, name, email);

    // Browse and filter: the filter is a GET form whose state lands in the URL.
    await page.goto(`${text.prefix}/courses`);
    await page.getByLabel(text.category).selectOption({ label: text.dataScience });
    await page.getByRole("button", { name: text.show }).click();
    await expect(page).toHaveURL(/category=data-science/);
    const cards = page.getByTestId("course-list").locator("article");
    await expect(cards).toHaveCount(3);
    // Open the first paid course of the category.
    const paid = cards.filter({ hasNot: page.locator(".text-teal") }).first();
    const title = (await paid.locator("h2").textContent())?.trim() ?? "";
    await paid.locator("h2 a").click();
    await expect(page.locator("h1")).toHaveText(title);

    // Favourite it.
    await page.getByRole("button", { name: text.favorite }).click();
    await expect(page.getByTestId("favorite-toggle")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("favorite-toggle")).toContainText(text.favorited);

    // Add it to the cart; the header badge counts it.
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("in-cart")).toContainText(text.inCart);
    await expect(page.locator("header nav").first().getByTestId("cart-badge")).toHaveText("1");

    // Checkout with an empty wallet is refused and charges nothing.
    await page.goto(`${text.prefix}/cart`);
    await expect(page.getByTestId("cart-items")).toContainText(title);
    // The cart's checkout is the review step (issue 46): the course, the total, the terms; only its button pays.
    await page.getByTestId("checkout").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/checkout$`));
    await expect(page.getByTestId("checkout-items")).toContainText(title);
    await expect(page.getByTestId("checkout-shortfall")).toBeVisible();
    await page.getByTestId("pay").click();
    await expect(page.getByTestId("form-error")).toHaveText(text.notEnough);
    await page.goto(`${text.prefix}/cart`);
    await expect(page.getByTestId("cart-items")).toContainText(title);

    // An admin credits the wallet; checkout now goes through, to the order's page, paid.
    await creditAsAdmin(browser, testInfo.project.name !== "no-js", email, "150");
    await page.goto(`${text.prefix}/cart`);
    await page.getByTestId("checkout").click();
    await expect(page.getByTestId("checkout-total")).toBeVisible();
    await page.getByTestId("pay").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/orders/\\d+$`));
    await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "paid");
    await expect(page.getByTestId("order-items")).toContainText(title);
    await expect(page.locator("header").getByTestId("cart-badge")).toHaveCount(0);
    await page.getByTestId("open-course").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/courses/\\d+/learn`));
    await page.goto(`${text.prefix}/my-enrollments`);
    await expect(page.locator("h1")).toHaveText(text.enrollments);
    await expect(page.locator("main")).toContainText(title);

    // The course page now offers the course itself.
    // Found by its title: other suites publish courses of their own, so the first page may not hold it.
    await page.goto(`${text.prefix}/courses?q=${encodeURIComponent(title)}`);
    await page.getByRole("link", { name: title }).first().click();
    await expect(page.getByTestId("go-to-course")).toBeVisible();

    await page.goto(`${text.prefix}/my-favorites`);
    await expect(page.locator("h1")).toHaveText(text.favorites);
    await expect(page.getByTestId("favorite-list")).toContainText(title);
  });
}

test("a free course enrolls in one click", async ({ page }) => {
  await signUp(page, "en", "Free Learner", uniqueEmail("free"));
  await page.goto("/courses?category=web-development&sort=price-asc");
  await page.getByTestId("course-list").locator("article").first().locator("h2 a").click();
  await page.getByTestId("enroll").click();
  // The learn page opens on the first lesson (issue 9).
  await expect(page).toHaveURL(/\/courses\/\d+\/learn\/\d+$/);
  await page.goto("/my-enrollments");
  await expect(page.locator("main article, main li").first()).toBeVisible();
});

test("a guest's cart follows them into their new account", async ({ page }) => {
  await page.goto("/courses?sort=price-desc");
  await page.getByTestId("course-list").locator("article").first().locator("h2 a").click();
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("in-cart")).toBeVisible();
  await signUp(page, "en", "Guest Turned Learner", uniqueEmail("guest"));
  await page.goto("/cart");
  await expect(page.getByTestId("cart-items").locator("li")).toHaveCount(1);

  // Logging out empties the browser's cart (SPEC §4).
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("user-menu").getByTestId("logout").click();
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
  await page.goto("/cart");
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  await expect(page.locator("header").getByTestId("cart-badge")).toHaveCount(0);
});

test("the favourite toggle rolls back with an error toast when the server refuses", async ({
  page,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "optimistic updates need JavaScript");
  await signUp(page, "en", "Rollback Tester", uniqueEmail("rollback"));
  await page.goto("/courses/2");
  const toggle = page.getByTestId("favorite-toggle");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  // The session ends elsewhere (another tab logs out), so the server refuses the next toggle.
  const other = await context.newPage();
  await other.goto("/");
  await other.getByTestId("user-menu").locator("summary").click();
  await other.getByTestId("user-menu").getByTestId("logout").click();
  await expect(other.getByTestId("user-menu")).toHaveCount(0);
  await other.close();

  // Hold the request a moment so the optimistic state can be seen before the refusal arrives.
  await page.route("**/courses/2.data**", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("toast-error")).toContainText("Log in first");
  // Rolled back: the heart is empty again and offers to add the course.
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(toggle).toContainText("Add to favorites");
});
