// Lesson Q&A (issue 35), with JavaScript on and off, in both locales: the demo learner asks about a lesson
// of a course they hold (the demo trainer's free cloud course, found by its title, not by its place in the
// catalog), the demo trainer answers, and the learner accepts the answer. Every step is a form that works
// without JavaScript (a redirect back with a toast) and through a fetcher with it.
import { expect, test } from "./fixtures";
import { demoState } from "./helpers";

const COURSE_TITLE = "Cloud Computing Fundamentals";

const TEXT = {
  en: {
    prefix: "",
    title: "Title",
    question: "Your question",
    ask: "Post question",
    reply: "Reply",
    postReply: "Post reply",
    trainer: "Trainer",
    accept: "Accept this answer",
    accepted: "Accepted answer",
  },
  ar: {
    prefix: "/ar",
    title: "العنوان",
    question: "سؤالك",
    ask: "انشر السؤال",
    reply: "الرد",
    postReply: "انشر الرد",
    trainer: "المدرّب",
    accept: "اقبل هذه الإجابة",
    accepted: "الإجابة المقبولة",
  },
} as const;

for (const locale of ["en", "ar"] as const) {
  test(`a learner asks on a lesson, the trainer answers, the learner accepts (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const text = TEXT[locale];
    const project = test.info().project.name;
    const found = await request.get(`/api/courses?q=${encodeURIComponent(COURSE_TITLE)}&limit=50`);
    const { items } = (await found.json()) as { items: { id: number; title: string }[] };
    const courseId = items.find((item) => item.title === COURSE_TITLE)?.id;
    expect(courseId, "the demo cloud course").toBeTruthy();

    const learner = await browser.newContext({ storageState: await demoState(browser, "learner") });
    const trainer = await browser.newContext({ storageState: await demoState(browser, "trainer") });
    try {
      const page = await learner.newPage();
      await page.goto(`${text.prefix}/courses/${courseId}/learn`);
      await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/learn/\\d+$`));
      const panel = page.getByTestId("lesson-qa");
      const title = `${locale === "ar" ? "لماذا السحابة" : "Why the cloud"} ${project} ${Date.now()}`;
      await panel.getByLabel(text.title, { exact: true }).fill(title);
      await panel.getByLabel(text.question, { exact: true }).fill("Is **IaaS** cheaper than `PaaS`?");
      await panel.getByRole("button", { name: text.ask }).click();
      // The toast says so (it fades after a few seconds: the outcome is what is checked); the list has it.
      const link = panel.getByTestId("qa-question-link").filter({ hasText: title });
      await expect(link).toHaveCount(1, { timeout: 30_000 });
      await expect(link).toHaveAttribute("dir", "auto");
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/questions/\\d+$`));
      const questionUrl = new URL(page.url()).pathname;
      await expect(page.getByTestId("qa-question-body").locator("strong")).toHaveText("IaaS");

      // The trainer answers on the question's page (a notification for the learner is recorded with it).
      const trainerPage = await trainer.newPage();
      await trainerPage.goto(questionUrl);
      const answer = `${locale === "ar" ? "يعتمد على الحمل" : "It depends on the load"} ${project}`;
      await trainerPage.getByLabel(text.reply, { exact: true }).fill(answer);
      await trainerPage.getByRole("button", { name: text.postReply }).click();
      const trainerReply = trainerPage.getByTestId("qa-reply").filter({ hasText: answer });
      await expect(trainerReply).toHaveCount(1, { timeout: 30_000 });
      await expect(trainerReply.getByTestId("qa-trainer-badge")).toHaveText(text.trainer);

      // The learner's bell counts the answer; the notification links to the question, where they accept it.
      await page.goto(`${text.prefix}/courses/${courseId}/learn`);
      await expect(page.getByTestId("notification-count")).toBeVisible();
      await page.getByTestId("notification-bell").click();
      await expect(page).toHaveURL(new RegExp(`${text.prefix}/notifications$`));
      const notification = page.getByTestId("notification-item").filter({ hasText: title });
      await expect(notification).toHaveCount(1);
      const notificationLink = notification.getByRole("link").first();
      await expect(notificationLink).toHaveAttribute("href", new RegExp(`^${questionUrl}(#.*)?$`));
      await notificationLink.click();
      await expect(page).toHaveURL(new RegExp(`${questionUrl}(#.*)?$`));
      const reply = page.getByTestId("qa-reply").filter({ hasText: answer });
      await reply.getByRole("button", { name: text.accept }).click();
      await expect(reply.getByTestId("qa-accepted")).toHaveText(text.accepted, { timeout: 30_000 });
      await page.reload();
      await expect(
        page.getByTestId("qa-reply").filter({ hasText: answer }).getByTestId("qa-accepted"),
      ).toHaveText(text.accepted);
    } finally {
      await learner.close();
      await trainer.close();
    }
  });
}
