// After a failed submit the focus moves to the error summary (or, in a table row, the invalid field), so
// keyboard and screen-reader users land on what went wrong: with JavaScript and without (autofocus).
import { expect, test } from "./fixtures";
import { demoState, localized } from "./helpers";

for (const locale of ["en", "ar"] as const) {
  test(`contact, sign-up and log-in focus their error summary (${locale})`, async ({ page }) => {
    const submit = {
      en: { contact: "Send message", signup: "Create account", login: "Log in" },
      ar: { contact: "أرسل الرسالة", signup: "إنشاء الحساب", login: "تسجيل الدخول" },
    }[locale];
    for (const [path, button] of [
      ["/contact", submit.contact],
      ["/auth/signup", submit.signup],
      ["/auth/login", submit.login],
    ] as const) {
      await page.goto(localized(path, locale));
      const summary = page.getByTestId("form-error");
      // Twice: the second failure must move the focus back even though the summary is already there.
      for (let attempt = 0; attempt < 2; attempt++) {
        await page.locator("main").getByRole("button", { name: button }).click();
        await expect(summary, `${path} attempt ${attempt + 1}`).toBeFocused();
        await expect(summary).toHaveAttribute("role", "alert");
      }
      // Each field error in the summary leads to its field.
      const firstLink = summary.getByRole("link").first();
      const target = (await firstLink.getAttribute("href"))?.slice(1) ?? "";
      await firstLink.click();
      await expect(page.locator(`[id="${target}"]`)).toBeFocused();
    }
  });
}

test("a refused wallet credit focuses the amount field of its row", async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    javaScriptEnabled: testInfo.project.name !== "no-js",
    storageState: await demoState(browser, "admin"),
  });
  const page = await context.newPage();
  await page.goto("/dashboard/admin/users?q=learner%40manara.local");
  const row = page.getByTestId("user-table").locator("tbody tr").first();
  await row.locator('input[name="amount"]').fill("-5");
  await row.getByRole("button", { name: "Add credit" }).click();
  await expect(
    page.getByTestId("user-table").locator("tbody tr").first().locator('input[name="amount"]'),
  ).toBeFocused();
  await context.close();
});
