// Accounts end to end, with JavaScript on and off (the two Playwright projects) and in both locales.
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, expectSignedIn, logIn, uniqueEmail } from "./helpers";

test("sign up, log out and log in again (English)", async ({ page }) => {
  const email = uniqueEmail("en");
  await page.goto("/auth/signup");
  await page.getByLabel("Full name").fill("Nadia Karim");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a-good-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast-success").last()).toContainText("Welcome to Manara, Nadia Karim!");
  await expectSignedIn(page, "Nadia Karim");

  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("user-menu").getByTestId("logout").click();
  await expect(page.getByTestId("toast-success").last()).toContainText("You have been logged out.");
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
  await expect(page.locator("header").getByRole("link", { name: "Log in" }).first()).toBeVisible();

  await page.goto("/auth/login");
  await logIn(page, email, "a-good-password");
  await expectSignedIn(page, "Nadia Karim");
});

test("sign up in Arabic with errors first, then log out and back in", async ({ page }) => {
  const email = uniqueEmail("ar");
  await page.goto("/ar/auth/signup");
  await page.getByLabel("الاسم الكامل").fill("ليلى");
  await page.getByLabel("البريد الإلكتروني").fill(email);
  await page.getByLabel("كلمة المرور", { exact: true }).fill("short");
  await page.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page.locator('[data-field-error="password"]')).toHaveText(
    "يجب أن تتكوّن كلمة المرور من 8 أحرف على الأقل.",
  );
  // Typed values are kept, the password never is.
  await expect(page.getByLabel("البريد الإلكتروني")).toHaveValue(email);
  await expect(page.getByLabel("كلمة المرور", { exact: true })).toHaveValue("");
  await page.getByLabel("كلمة المرور", { exact: true }).fill("a-good-password");
  await page.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page).toHaveURL(/\/ar$/);
  await expectSignedIn(page, "ليلى");

  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("user-menu").getByTestId("logout").click();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.getByTestId("toast-success").last()).toContainText("تم تسجيل خروجك.");

  await page.goto("/ar/auth/login");
  await logIn(page, email, "wrong-password", "ar");
  await expect(page.getByTestId("form-error")).toHaveText("البريد الإلكتروني أو كلمة المرور غير صحيحة.");
  await logIn(page, email, "a-good-password", "ar");
  await expectSignedIn(page, "ليلى");
});

test("a guest asking for a private page signs in and lands back on it", async ({ page }) => {
  await page.goto("/ar/my-favorites");
  await expect(page).toHaveURL(/\/ar\/auth\/login\?redirectTo=%2Far%2Fmy-favorites$/);
  await logIn(page, "learner@manara.local", DEMO_PASSWORD, "ar");
  await expect(page).toHaveURL(/\/ar\/my-favorites$/);
  await expect(page.locator("h1")).toHaveText("مفضلتي");
});

const ROLE_MENUS = [
  {
    email: "learner@manara.local",
    name: "Lina Saleh",
    has: ["My courses", "Favorites"],
    lacks: ["Admin dashboard", "Instructor studio"],
  },
  {
    email: "trainer@manara.local",
    name: "Omar Khalil",
    has: ["My courses", "Favorites", "Instructor studio"],
    lacks: ["Admin dashboard"],
  },
  {
    email: "admin@manara.local",
    name: "Huda Al-Rashid",
    has: ["My courses", "Favorites", "Admin dashboard", "Instructor studio"],
    lacks: [],
  },
];

for (const role of ROLE_MENUS) {
  test(`the user menu of ${role.email} shows exactly its links`, async ({ page }) => {
    await page.goto("/auth/login");
    await logIn(page, role.email, DEMO_PASSWORD);
    await expectSignedIn(page, role.name);
    const menu = page.getByTestId("user-menu");
    await menu.locator("summary").click();
    for (const label of role.has) await expect(menu.getByRole("link", { name: label })).toBeVisible();
    for (const label of role.lacks) await expect(menu.getByRole("link", { name: label })).toHaveCount(0);
    // Signed-in users get the cart in the desktop bar.
    await expect(page.locator("header nav").first().getByRole("link", { name: "Cart" })).toBeVisible();
  });
}

test("a learner gets a localized 403 on the admin dashboard and the instructor studio", async ({ page }) => {
  await page.goto("/ar/auth/login");
  await logIn(page, "learner@manara.local", DEMO_PASSWORD, "ar");
  await expectSignedIn(page, "لينا صالح");
  for (const path of ["/ar/dashboard/admin", "/ar/instructor"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.locator("h1")).toHaveText("الوصول مرفوض");
  }
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("signed in, the cart joins the main list and the account links appear", async ({ page }) => {
    await page.goto("/auth/login");
    await logIn(page, "trainer@manara.local", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const menu = page.getByTestId("mobile-menu");
    await expect(menu.getByTestId("mobile-account-links")).toBeAttached();
    await menu.locator("summary").click();
    await expect(menu.getByRole("navigation").getByRole("link", { name: "Cart" })).toBeVisible();
    await expect(menu.getByTestId("mobile-guest-cart")).toHaveCount(0);
    await expect(
      menu.getByTestId("mobile-account-links").getByRole("link", { name: "Instructor studio" }),
    ).toBeVisible();
    await expect(
      menu.getByTestId("mobile-account-links").getByRole("link", { name: "Admin dashboard" }),
    ).toHaveCount(0);
  });
});
