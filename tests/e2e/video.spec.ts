// Lesson videos end to end, in both locales, with JavaScript (tus upload in chunks: the progress reaches
// 100% and the lesson's video becomes ready) and without (the plain multipart form streamed to storage);
// then the trainer makes the lesson a free preview and a guest plays it on the course page.
import path from "node:path";
import { expect, test } from "./fixtures";
import { demoState, localized } from "./helpers";

const CLIP = path.resolve("app/seed/data/videos/manara-demo-2.mp4");
// "Docker and Kubernetes in Practice": the demo trainer's, 8 lessons and no seeded video. Each locale and
// project uploads to its own lesson, so parallel runs never meet.
const COURSE_ID = 17;
const LESSON_BY_RUN: Record<string, number> = { "en-js": 0, "en-no-js": 1, "ar-js": 2, "ar-no-js": 3 };
const READY = { en: "Current video: Ready", ar: "الفيديو الحالي: جاهز" } as const;
const MAKE_PREVIEW = { en: "Make it a free preview", ar: "اجعله معاينة مجانية" } as const;

for (const locale of ["en", "ar"] as const) {
  test(`${locale}: a trainer uploads a lesson video and offers it as a free preview`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const js = testInfo.project.name !== "no-js";
    const context = await browser.newContext({
      storageState: await demoState(browser, "trainer"),
      javaScriptEnabled: js,
    });
    const page = await context.newPage();
    await page.goto(localized(`/instructor/courses/${COURSE_ID}/curriculum`, locale));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Docker");
    const index = LESSON_BY_RUN[`${locale}-${testInfo.project.name}`] ?? 0;
    const lesson = page.getByTestId("lesson").nth(index);
    const lessonId = await lesson.getAttribute("data-lesson-id");
    const video = lesson.getByTestId("lesson-video");

    await video.getByTestId("video-file").setInputFiles(CLIP);
    if (js) {
      // Wait for hydration so the tus upload (not the plain form) runs.
      await expect(video.getByTestId("video-upload-form")).toHaveAttribute("data-enhanced", "tus");
      await video.getByTestId("video-upload").click();
      await expect(video.getByTestId("upload-percent")).toHaveText(locale === "ar" ? "100٪" : "100%", {
        timeout: 30_000,
      });
    } else {
      await video.getByTestId("video-upload").click();
      await page.waitForURL(/\/curriculum/);
    }
    const refreshed = page.locator(`[data-lesson-id="${lessonId}"]`).getByTestId("lesson-video");
    // "Processing" until the video-check job has run (moments, on this server's worker). With JavaScript
    // the page looks again by itself; without, the trainer follows "Check again".
    await expect(async () => {
      const again = refreshed.getByTestId("video-check-again");
      if (!js && (await again.isVisible())) await again.click();
      await expect(refreshed.getByTestId("video-status")).toHaveAttribute("data-status", "ready", {
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(refreshed.getByTestId("video-status")).toContainText(READY[locale]);

    // Free preview: a guest watches it on the course page (a published course).
    await refreshed.getByRole("button", { name: MAKE_PREVIEW[locale] }).click();
    await expect(
      page.locator(`[data-lesson-id="${lessonId}"]`).getByTestId("toggle-free-preview"),
    ).not.toHaveText(MAKE_PREVIEW[locale]);
    const guest = await browser.newContext({ javaScriptEnabled: js });
    const guestPage = await guest.newPage();
    await guestPage.goto(localized(`/courses/${COURSE_ID}`, locale));
    const player = guestPage.getByTestId("free-previews").getByTestId("preview-video");
    await expect(player.first()).toBeVisible();
    const sources = await player.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("src")));
    expect(sources.length).toBeGreaterThan(0);
    // The stream answers the guest (free preview) with Range support.
    const response = await guestPage.request.get(sources.at(-1) ?? "", { headers: { Range: "bytes=0-99" } });
    expect(response.status()).toBe(206);
    await guest.close();
    await context.close();
  });
}
