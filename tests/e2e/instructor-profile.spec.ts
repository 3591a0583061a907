// Teachers' profiles (issue 50) in both languages, with JavaScript on and off: a visitor follows a course's
// instructor to their profile (bio, links, courses); the demo trainer saves their bio in the studio, a refused
// link keeps what was typed, and the public profile shows the saved text. Every run writes the same bio, so
// runs in parallel cannot undo one another.
import { expect, test } from "./fixtures";
import { demoState } from "./helpers";

const BIO = {
  en: "Omar is a data analyst who has built reporting for hospitals, telecom operators and online shops in Amman and Riyadh.",
  ar: "عمر محلّل بيانات بنى أنظمة التقارير لمستشفيات وشركات اتصالات ومتاجر إلكترونية في عمّان والرياض.",
};

const TEXT = {
  en: {
    prefix: "",
    bio: "Bio in English",
    bioAr: "Bio in Arabic",
    links: "Links",
    save: "Save profile",
    saved: "Your profile is saved.",
    linkError: "Each link must be an https address",
  },
  ar: {
    prefix: "/ar",
    bio: "النبذة بالإنجليزية",
    bioAr: "النبذة بالعربية",
    links: "الروابط",
    save: "احفظ الملف",
    saved: "حُفظ ملفك.",
    linkError: "كل رابط عنوان https",
  },
} as const;

for (const locale of ["en", "ar"] as const) {
  test(`a visitor reaches a course's instructor profile; the trainer edits it (${locale})`, async ({
    page,
    browser,
  }, testInfo) => {
    const text = TEXT[locale];
    await page.goto(`${text.prefix}/courses/1`);
    const about = page.getByTestId("course-instructor");
    await expect(about).toContainText(locale === "ar" ? "عمر خليل" : "Omar Khalil");
    await about.getByTestId("instructor-profile-link").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/instructors/[0-9a-f-]{36}$`));
    await expect(page.getByTestId("instructor-name")).toHaveText(
      locale === "ar" ? "عمر خليل" : "Omar Khalil",
    );
    await expect(page.getByTestId("instructor-bio")).toContainText(BIO[locale].slice(0, 30));
    await expect(page.getByTestId("instructor-courses").locator("article").first()).toBeVisible();
    const profileUrl = page.url();

    const context = await browser.newContext({
      javaScriptEnabled: testInfo.project.name !== "no-js",
      storageState: await demoState(browser, "trainer"),
    });
    const studio = await context.newPage();
    await studio.goto(`${text.prefix}/instructor/profile`);
    await expect(studio.getByLabel(text.bioAr, { exact: true })).toHaveAttribute("dir", "rtl");
    await studio.getByLabel(text.bio, { exact: true }).fill(BIO.en);
    await studio.getByLabel(text.bioAr, { exact: true }).fill(BIO.ar);
    await studio.getByLabel(text.links, { exact: true }).fill("http://example.com/omar");
    await studio.getByRole("button", { name: text.save }).click();
    await expect(studio.locator('[data-field-error="profile-links"]')).toContainText(text.linkError);
    await expect(studio.getByLabel(text.bioAr, { exact: true })).toHaveValue(BIO.ar);
    await studio.getByLabel(text.links, { exact: true }).fill("https://example.com/omar-khalil");
    await studio.getByRole("button", { name: text.save }).click();
    await expect(studio.getByTestId("toast-success").last()).toContainText(text.saved);
    await studio.getByTestId("public-profile-link").click();
    await expect(studio).toHaveURL(profileUrl);
    await expect(studio.getByTestId("instructor-bio")).toContainText(BIO[locale]);
    await expect(studio.getByTestId("instructor-links").getByRole("link")).toHaveAttribute(
      "href",
      "https://example.com/omar-khalil",
    );
    await context.close();
  });
}
