// The bank account learners transfer to (issue 46, item 6): the demo admin finds the settings from the
// dashboard, a mistyped IBAN is refused with the field named, and the account saves (English, then
// Arabic, JavaScript on and off). It saves the demo's own account again, so the wallet suite sees it as seeded.
import { expect, test } from "./fixtures";
import { demoState } from "./helpers";

const TEXT = {
  en: {
    prefix: "",
    link: "Bank transfer settings",
    iban: "IBAN",
    save: "Save the account",
    saved: "The bank account was saved.",
  },
  ar: {
    prefix: "/ar",
    link: "إعدادات التحويل المصرفي",
    iban: "رقم الآيبان (IBAN)",
    save: "احفظ الحساب",
    saved: "حُفظ الحساب المصرفي.",
  },
} as const;

test("an admin corrects a mistyped IBAN and saves the bank account (en, then ar)", async ({
  browser,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.name !== "no-js";
  const context = await browser.newContext({
    javaScriptEnabled,
    storageState: await demoState(browser, "admin"),
  });
  const page = await context.newPage();
  for (const locale of ["en", "ar"] as const) {
    const text = TEXT[locale];
    await page.goto(`${text.prefix}/dashboard/admin`);
    await page.getByRole("link", { name: text.link }).click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/dashboard/admin/bank-transfer$`));
    const iban = page.getByLabel(text.iban, { exact: true });
    await expect(iban).toHaveValue("SA03 8000 0000 6080 1016 7519");
    // One digit wrong: the mod-97 check fails.
    await iban.fill("SA03 8000 0000 6080 1016 7518");
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.locator("[data-field-error=iban]")).toBeVisible();
    await expect(page.getByLabel(text.iban, { exact: true })).toHaveValue("SA03 8000 0000 6080 1016 7518");
    await page.getByLabel(text.iban, { exact: true }).fill("sa0380000000608010167519");
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.getByTestId("toast-success").last()).toContainText(text.saved);
    await expect(page.getByLabel(text.iban, { exact: true })).toHaveValue("SA03 8000 0000 6080 1016 7519");
  }
  await context.close();
});
