// Captions and the transcript end to end (issue 36), in both locales, with JavaScript and without. The demo
// course 1's first lesson is a free preview playing the first demo clip, seeded with English and Arabic
// captions (app/seed/captions.server.ts): a guest may watch it. With JavaScript: both tracks' cues load in
// the player, the page's language is the default track, and clicking a transcript line seeks the video.
// Without: the transcript is there, in the page's language, its timestamps `#t=` links into the video.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { localized } from "./helpers";

const LESSON = "/courses/1/learn/1";
/** The seeded captions' third line (app/seed/data/captions/manara-demo-1.*.vtt), at 0:08. */
const THIRD_LINE = { en: "[A steady tone plays]", ar: "[تُسمَع نغمة ثابتة]" } as const;

for (const locale of ["en", "ar"] as const) {
  test(`${locale}: the lesson's captions load in the player and its transcript seeks`, async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "the player's tracks and seeking need JavaScript");
    test.setTimeout(90_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(localized(LESSON, locale));
    const video = page.getByTestId("lesson-video");
    await expect(video).toBeVisible();
    await expect(page.locator(`track[kind="captions"][srclang="${locale}"]`)).toHaveAttribute("default", "");
    await expect(page.locator('track[kind="captions"]')).toHaveCount(2);

    // Every track's cues load: hidden tracks are fetched and parsed without being drawn.
    await expect
      .poll(
        () =>
          video.evaluate((element: HTMLVideoElement) =>
            Array.from(element.textTracks).map((track) => {
              track.mode = "hidden";
              return `${track.language}:${track.cues?.length ?? 0}`;
            }),
          ),
        { timeout: 40_000 },
      )
      .toEqual(["en:6", "ar:6"]);

    // The transcript is in the page's language; a click on a line moves the player there.
    const transcript = page.getByTestId("transcript");
    await expect(transcript).toHaveAttribute("lang", locale);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThan(0);
    const line = transcript.getByTestId("transcript-line").filter({ hasText: THIRD_LINE[locale] });
    await line.getByTestId("transcript-time").click();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeCloseTo(8, 0);
    // The line being spoken is marked.
    await expect(line).toHaveAttribute("aria-current", "true");
    // The search box filters the lines.
    await transcript.getByTestId("transcript-search").fill(locale === "ar" ? "نغمة" : "tone");
    await expect(transcript.getByTestId("transcript-line")).toHaveCount(1);

    const results = await new AxeBuilder({ page }).include('[data-testid="transcript"]').analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await context.close();
  });

  test(`${locale}: without JavaScript the transcript is there, its timestamps linking into the video`, async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "no-js", "the page as read without JavaScript");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(localized(LESSON, locale));
    const transcript = page.getByTestId("transcript");
    await expect(transcript).toBeVisible();
    await expect(transcript.getByTestId("transcript-line")).toHaveCount(6);
    await expect(transcript).toContainText(THIRD_LINE[locale]);
    const src = await page.getByTestId("lesson-video").getAttribute("src");
    const videoUrl = (src ?? "").split("#")[0];
    expect(videoUrl).toMatch(/^\/media\/videos\//);
    const hrefs = await transcript
      .getByTestId("transcript-time")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs[2]).toBe(`${videoUrl}#t=8`);
    expect(hrefs.every((href) => href?.startsWith(`${videoUrl}#t=`))).toBe(true);
    // The tracks are in the page too, and their files answer a guest (a free preview) as WebVTT.
    const trackSrc = await page.locator(`track[srclang="${locale}"]`).getAttribute("src");
    const response = await page.request.get(trackSrc ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(await response.text()).toContain(THIRD_LINE[locale]);
    await context.close();
  });
}
