// The site settings (issue 49, item 6) in both languages, with JavaScript on and off: an admin's refused save
// keeps what was typed and says why, a good save reaches the footer and the contact page. Every run writes the
// same values (an Instagram link, Arabic working hours), so runs in parallel cannot undo one another, and the
// seeded values the other specs read (brand name, X link) are left as they are.
import { expect, test } from "./fixtures";
import { demoState } from "./helpers";

const INSTAGRAM = "https://www.instagram.com/manara";
const HOURS_AR = "من الأحد إلى الخميس، من 9:00 إلى 17:00 بتوقيت عمّان";

const TEXT = {
  en: {
    prefix: "",
    x: "X",
    instagram: "Instagram",
    hoursAr: "Working hours (Arabic)",
    brandAr: "Brand name (Arabic)",
    save: "Save settings",
    saved: "The site settings are saved.",
    xError: "Please enter an https address on x.com or twitter.com, or leave it empty.",
    footerInstagram: "Manara on Instagram",
    hoursShown: "Sunday to Thursday, 9:00 to 17:00 (GMT+3)",
  },
  ar: {
    prefix: "/ar",
    x: "X",
    instagram: "إنستغرام",
    hoursAr: "ساعات العمل (العربية)",
    brandAr: "اسم العلامة (العربية)",
    save: "حفظ الإعدادات",
    saved: "حُفظت إعدادات الموقع.",
    xError: "يرجى كتابة عنوان https على x.com أو twitter.com، أو ترك الحقل فارغًا.",
    footerInstagram: "منارة على إنستغرام",
    hoursShown: HOURS_AR,
  },
} as const;

for (const locale of ["en", "ar"] as const) {
  test(`an admin edits the site settings (${locale})`, async ({ browser }, testInfo) => {
    const text = TEXT[locale];
    const context = await browser.newContext({
      javaScriptEnabled: testInfo.project.name !== "no-js",
      storageState: await demoState(browser, "admin"),
    });
    const page = await context.newPage();
    await page.goto(`${text.prefix}/dashboard/admin/settings`);
    // The Arabic fields are written right to left, the English ones left to right.
    await expect(page.getByLabel(text.brandAr, { exact: true })).toHaveAttribute("dir", "rtl");

    // Refused: the message names the field, and what was typed stays.
    await page.getByLabel(text.x, { exact: true }).fill("https://evil.example/manara");
    await page.getByLabel(text.instagram, { exact: true }).fill(INSTAGRAM);
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.locator('[data-field-error="social.x"]')).toHaveText(text.xError);
    await expect(page.getByLabel(text.instagram, { exact: true })).toHaveValue(INSTAGRAM);

    await page.getByLabel(text.x, { exact: true }).fill("https://x.com/manara");
    await page.getByLabel(text.hoursAr, { exact: true }).fill(HOURS_AR);
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.getByTestId("toast-success").last()).toContainText(text.saved);

    const footer = page.getByTestId("site-footer");
    await expect(footer.getByRole("link", { name: text.footerInstagram })).toHaveAttribute("href", INSTAGRAM);
    await page.goto(`${text.prefix}/contact`);
    await expect(page.getByTestId("contact-details")).toContainText(text.hoursShown);
    await expect(
      page.getByTestId("contact-details").getByRole("link", { name: /\+962/ }).first(),
    ).toBeVisible();
    await context.close();
  });
}
