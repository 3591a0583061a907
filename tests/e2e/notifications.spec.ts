// Notifications (issue 35), with JavaScript on and off, in both locales: a new learner enrolls in a free
// course of the demo trainer; the trainer posts an announcement from the studio; the learner sees it on
// the course page, sees the bell's count, opens /notifications and marks it read.
import { expect, type Page, test } from "./fixtures";
import { demoStatePath, expectSignedIn, uniqueEmail } from "./helpers";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.35" } });

/** Form posts that hash, lock and fan out: generous on a busy machine. */
const SLOW = { timeout: 30_000 };

const TEXT = {
  en: {
    prefix: "",
    name: "Full name",
    email: "Email address",
    password: "Password",
    signup: "Create account",
    title: "Title (English)",
    body: "Message (English, Markdown)",
    post: "Post the announcement",
    posted: /^Posted, and/,
    markRead: "Mark as read",
  },
  ar: {
    prefix: "/ar",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signup: "إنشاء الحساب",
    title: "العنوان (بالإنجليزية)",
    body: "الرسالة (بالإنجليزية، Markdown)",
    post: "نشر الإعلان",
    posted: /وأُشعر/,
    markRead: "تعليم كمقروء",
  },
} as const;

async function signUp(page: Page, locale: "en" | "ar", name: string) {
  const text = TEXT[locale];
  await page.goto(`${text.prefix}/auth/signup`);
  await page.getByLabel(text.name).fill(name);
  await page.getByLabel(text.email).fill(uniqueEmail(`notifications-${locale}`));
  await page.getByLabel(text.password, { exact: true }).fill("a-good-password");
  await page.getByRole("button", { name: text.signup }).click();
  // Signing up hashes a password: slow on a busy machine.
  await expectSignedIn(page, name, SLOW.timeout);
}

for (const locale of ["en", "ar"] as const) {
  test(`a trainer's announcement reaches the learner: course page, bell, notifications, read (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[locale];
    const project = test.info().project.name;
    const name = locale === "ar" ? `متعلّم ${project}` : `Listener ${project}`;
    const title = `Week two ${locale} ${project} ${Date.now()}`;
    await signUp(page, locale, name);

    // A free course the demo trainer teaches: find it, enroll.
    await page.goto("/courses?q=Cybersecurity%20Awareness");
    const href = await page
      .getByTestId("course-list")
      .locator("article")
      .first()
      .locator("h2 a")
      .getAttribute("href");
    const courseId = href?.match(/\/courses\/(\d+)/)?.[1];
    expect(courseId).toBeTruthy();
    const coursePath = `${text.prefix}/courses/${courseId}`;
    await page.goto(coursePath);
    await page.getByTestId("enroll").click();
    await expect(page).toHaveURL(/\/learn/, SLOW);

    // The trainer posts from the studio.
    const trainerContext = await browser.newContext({ storageState: demoStatePath("trainer") });
    try {
      const studio = await trainerContext.newPage();
      await studio.goto(`${text.prefix}/instructor/courses/${courseId}/announcements`);
      await studio.getByLabel(text.title).fill(title);
      await studio.getByLabel(text.body).fill("Read **chapter two** before Friday.");
      await studio.getByRole("button", { name: text.post }).click();
      await expect(studio.getByText(text.posted)).toBeVisible(SLOW);
    } finally {
      await trainerContext.close();
    }

    // The learner sees it on the course page, rendered from Markdown.
    await page.goto(coursePath);
    const announcement = page.getByTestId("announcement").filter({ hasText: title });
    await expect(announcement).toHaveCount(1);
    await expect(announcement.locator("strong", { hasText: "chapter two" })).toHaveCount(1);

    // The bell counts it; the list links to it; marking it read takes it off the count.
    await expect(page.getByTestId("notification-count")).toBeVisible();
    await page.getByTestId("notification-bell").click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/notifications$`));
    const item = page.getByTestId("notification-item").filter({ hasText: title });
    await expect(item).toHaveAttribute("data-read", "false");
    await expect(item.getByRole("link")).toHaveAttribute(
      "href",
      new RegExp(`^${coursePath}#announcement-\\d+$`),
    );
    await item.getByRole("button", { name: text.markRead }).click();
    await expect(item).toHaveAttribute("data-read", "true", SLOW);
    await page.reload();
    await expect(page.getByTestId("notification-item").filter({ hasText: title })).toHaveAttribute(
      "data-read",
      "true",
    );
  });
}
