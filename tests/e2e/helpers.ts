// Shared steps for end-to-end tests.
import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "manara-demo";

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Fills and submits the log-in form of the page's locale (labels differ per language). */
export async function logIn(page: Page, email: string, password: string, locale: "en" | "ar" = "en") {
  const labels =
    locale === "ar"
      ? { email: "البريد الإلكتروني", password: "كلمة المرور", submit: "تسجيل الدخول" }
      : { email: "Email address", password: "Password", submit: "Log in" };
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.locator("main").getByRole("button", { name: labels.submit }).click();
}

export async function expectSignedIn(page: Page, name: string) {
  await expect(page.getByTestId("user-menu").locator("summary")).toContainText(name);
}
