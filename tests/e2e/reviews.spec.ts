// Reviews (issue 13), with JavaScript on and off, in both locales: a new learner enrolls in a course (the
// free one: new accounts have an empty wallet), reviews it from the course page, edits the review and
// deletes it — all plain forms that come back to the reviews with a toast.
import { expect, type Page, test } from "./fixtures";
import { expectSignedIn, uniqueEmail } from "./helpers";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.31" } });

const TEXT = {
  en: {
    prefix: "",
    name: "Full name",
    email: "Email address",
    password: "Password",
    signup: "Create account",
    four: "4 stars",
    five: "5 stars",
    comment: "Comment (optional)",
    publish: "Publish review",
    update: "Update review",
    remove: "Delete my review",
    saved: "Your review is published.",
    updated: "Your review is updated.",
    deleted: "Your review is deleted.",
  },
  ar: {
    prefix: "/ar",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signup: "إنشاء الحساب",
    four: "4 نجوم",
    five: "5 نجوم",
    comment: "تعليق (اختياري)",
    publish: "انشر التقييم",
    update: "حدّث التقييم",
    remove: "احذف تقييمي",
    saved: "نُشر تقييمك.",
    updated: "حُدّث تقييمك.",
    deleted: "حُذف تقييمك.",
  },
} as const;

async function signUp(page: Page, locale: "en" | "ar", name: string) {
  const text = TEXT[locale];
  await page.goto(`${text.prefix}/auth/signup`);
  await page.getByLabel(text.name).fill(name);
  await page.getByLabel(text.email).fill(uniqueEmail(`reviews-${locale}`));
  await page.getByLabel(text.password, { exact: true }).fill("a-good-password");
  await page.getByRole("button", { name: text.signup }).click();
  await expectSignedIn(page, name);
}

for (const locale of ["en", "ar"] as const) {
  test(`review a course one owns: publish, edit, delete (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    const text = TEXT[locale];
    const project = test.info().project.name;
    const name = locale === "ar" ? `مراجِع ${project}` : `Reviewer ${project}`;
    const comment = `${locale === "ar" ? "دورة مفيدة" : "Useful course"} ${Date.now()}`;
    await signUp(page, locale, name);

    await page.goto(`${text.prefix}/courses?category=web-development&sort=price-asc`);
    await page.getByTestId("course-list").locator("article").first().locator("h2 a").click();
    // With JavaScript the link navigates on the client: wait for the course page's URL.
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/courses/\\d+$`));
    await expect(page.getByTestId("enroll")).toBeVisible();
    const coursePath = new URL(page.url()).pathname;
    // Not enrolled yet: no review form.
    await expect(page.getByTestId("own-review")).toHaveCount(0);
    await page.getByTestId("enroll").click();
    await expect(page).toHaveURL(/\/learn/);

    await page.goto(coursePath);
    const own = page.getByTestId("own-review");
    await own.getByLabel(text.four, { exact: true }).check();
    await own.getByLabel(text.comment).fill(comment);
    await own.getByRole("button", { name: text.publish }).click();
    await expect(page.getByText(text.saved)).toBeVisible();
    const mine = page.getByTestId("review").filter({ hasText: comment });
    await expect(mine).toHaveCount(1);
    await expect(mine.locator("p[dir=auto]", { hasText: comment })).toHaveCount(1);

    await own.getByLabel(text.five, { exact: true }).check();
    await own.getByRole("button", { name: text.update }).click();
    await expect(page.getByText(text.updated)).toBeVisible();
    await expect(page.getByTestId("review").filter({ hasText: comment })).toContainText("★★★★★");

    await own.getByRole("button", { name: text.remove }).click();
    await expect(page.getByText(text.deleted)).toBeVisible();
    await expect(page.getByTestId("review").filter({ hasText: comment })).toHaveCount(0);
  });
}
