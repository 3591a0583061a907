// A learner's way through a course (issue 9), with JavaScript on and off, in both locales: enroll in a free
// course, land on its first lesson, mark a lesson complete, see the progress on /my-enrollments, "Continue"
// back to the lesson touched last, finish every lesson and see 100 %.
import { expect, type Page, test } from "./fixtures";
import { demoState, expectSignedIn, uniqueEmail } from "./helpers";

// Sign-ups from an address of their own: the per-address limit is shared by every suite (playwright.config.ts).
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.21" } });

const TEXT = {
  en: {
    prefix: "",
    name: "Full name",
    email: "Email address",
    password: "Password",
    signup: "Create account",
    mark: "Mark as complete",
    undo: "Mark as not complete",
    oneOfFive: "1 of 5 lessons completed",
    fiveOfFive: "5 of 5 lessons completed",
    twenty: "20% complete",
    hundred: "100% complete",
  },
  ar: {
    prefix: "/ar",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signup: "إنشاء الحساب",
    mark: "علّم الدرس كمكتمل",
    undo: "علّم الدرس كغير مكتمل",
    oneOfFive: "أكملت 1 من 5 دروس",
    fiveOfFive: "أكملت 5 من 5 دروس",
    twenty: "مكتملة بنسبة 20٪",
    hundred: "مكتملة بنسبة 100٪",
  },
} as const;

async function signUp(page: Page, locale: "en" | "ar", name: string) {
  const text = TEXT[locale];
  await page.goto(`${text.prefix}/auth/signup`);
  await page.getByLabel(text.name).fill(name);
  await page.getByLabel(text.email).fill(uniqueEmail(`learner-${locale}`));
  await page.getByLabel(text.password, { exact: true }).fill("a-good-password");
  await page.getByRole("button", { name: text.signup }).click();
  await expectSignedIn(page, name);
}

for (const locale of ["en", "ar"] as const) {
  test(`a learner works through a course: lessons, completion, progress, continue, 100% (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[locale];
    await signUp(page, locale, locale === "ar" ? "ريم" : "Reem");

    // Enroll in the cheapest (free) demo web course, Modern CSS Layouts (other suites publish free courses of
    // their own, with quizzes, in other categories): the learn page opens on its first lesson.
    await page.goto(`${text.prefix}/courses?category=web-development&sort=price-asc`);
    await page.getByTestId("course-list").locator("article").first().locator("h2 a").click();
    await page.getByTestId("enroll").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/courses/\\d+/learn/\\d+$`));
    const courseId = page.url().match(/courses\/(\d+)\/learn/)?.[1] ?? "";
    const lessons = page.getByTestId("curriculum-lesson");
    await expect(lessons).toHaveCount(5);
    await expect(lessons.first().locator("a")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("lesson-video").or(page.getByTestId("lesson-video-missing"))).toBeVisible();
    await expect(page.getByTestId("previous-lesson")).toHaveCount(0);

    // Next lesson, mark it complete.
    await page.getByTestId("next-lesson").click();
    await expect(lessons.nth(1).locator("a")).toHaveAttribute("aria-current", "page");
    const secondUrl = page.url();
    await page.getByRole("button", { name: text.mark }).click();
    await expect(page.getByTestId("complete-toggle")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("complete-toggle")).toHaveText(text.undo);
    await expect(lessons.nth(1)).toHaveAttribute("data-completed", "true");
    await expect(page.getByTestId("course-progress-summary")).toHaveText(text.oneOfFive);
    // The tick survives a reload (it was saved, not only shown).
    await page.reload();
    await expect(lessons.nth(1)).toHaveAttribute("data-completed", "true");

    // Progress on /my-enrollments; "Continue" lands on the lesson touched last.
    await page.goto(`${text.prefix}/my-enrollments`);
    const card = page.getByTestId("enrollment-list").locator("article").first();
    await expect(card.getByTestId("course-progress-summary")).toHaveText(text.oneOfFive);
    await expect(card.getByTestId("course-progress-percent")).toHaveText(text.twenty);
    await card.getByTestId("continue-course").click();
    await expect(page).toHaveURL(secondUrl);

    // Finish every lesson, going through the curriculum.
    for (let index = 0; index < 5; index += 1) {
      await lessons.nth(index).locator("a").click();
      await expect(lessons.nth(index).locator("a")).toHaveAttribute("aria-current", "page");
      if ((await lessons.nth(index).getAttribute("data-completed")) === "true") continue;
      await page.getByRole("button", { name: text.mark }).click();
      await expect(lessons.nth(index)).toHaveAttribute("data-completed", "true");
    }
    await expect(page.getByTestId("course-progress-summary")).toHaveText(text.fiveOfFive);
    await expect(page.getByTestId("course-progress-percent")).toHaveText(text.hundred);

    // The course page shows it too; un-marking one lesson takes it back below 100 %.
    await page.goto(`${text.prefix}/courses/${courseId}`);
    await expect(page.getByTestId("course-progress-percent")).toHaveText(text.hundred);
    await page.getByTestId("go-to-course").click();
    await page.getByRole("button", { name: text.undo }).click();
    await expect(page.getByTestId("complete-toggle")).toHaveText(text.mark);
    await expect(page.getByTestId("course-progress-percent")).not.toHaveText(text.hundred);
  });
}

test("the learn page refuses a learner who has not enrolled, and a lesson of another course", async ({
  page,
  browser,
}) => {
  await signUp(page, "en", "Curious");
  expect((await page.goto("/courses/2/learn"))?.status()).toBe(403);
  // The demo trainer teaches course 1: a lesson id that is not one of its lessons is 404.
  const trainer = await browser.newContext({ storageState: await demoState(browser, "trainer") });
  const trainerPage = await trainer.newPage();
  expect((await trainerPage.goto("/courses/1/learn/999999"))?.status()).toBe(404);
  await trainerPage.goto("/courses/1/learn");
  await expect(trainerPage).toHaveURL(/\/courses\/1\/learn\/\d+$/);
  await trainer.close();
});
