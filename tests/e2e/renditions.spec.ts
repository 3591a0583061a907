// Light renditions end to end (issue 36; decision 058), in both locales, with JavaScript and without. The
// demo course 1's first lesson is a free preview of the first demo clip; its low and audio renditions are
// made by the video-renditions job, which the server's first sweep asks for after the seed. A browser that
// sends `Save-Data: on` gets the low rendition ("auto"); the quality picker's choice is remembered.
import { type Browser, expect, type TestInfo, test } from "./fixtures";
import { localized } from "./helpers";

const COURSE = 1;
const LESSON = 1;
const LESSON_PATH = `/courses/${COURSE}/learn/${LESSON}`;

function newContext(browser: Browser, testInfo: TestInfo, headers: Record<string, string> = {}) {
  return browser.newContext({
    javaScriptEnabled: testInfo.project.name !== "no-js",
    extraHTTPHeaders: headers,
  });
}

/** Waits until the job has made the preview lesson's renditions (the play API answers a guest for it). */
async function renditionsReady(browser: Browser) {
  const context = await browser.newContext();
  await expect
    .poll(
      async () => {
        const answer = await context.request.get(`/api/courses/${COURSE}/lecture/${LESSON}/play`);
        const body = (await answer.json()) as { renditions?: { quality: string; status: string }[] };
        return (body.renditions ?? []).map((rendition) => `${rendition.quality}:${rendition.status}`);
      },
      { timeout: 150_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toEqual(["high:ready", "low:ready", "audio:ready"]);
  await context.close();
}

for (const locale of ["en", "ar"] as const) {
  test(`${locale}: Save-Data plays the low rendition, and without it the original`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await renditionsReady(browser);

    const saving = await newContext(browser, testInfo, { "Save-Data": "on" });
    const page = await saving.newPage();
    await page.goto(localized(LESSON_PATH, locale));
    const video = page.getByTestId("lesson-video");
    await expect(video).toHaveAttribute("data-quality", "low");
    await expect(video).toHaveAttribute("src", /^\/media\/videos\/[0-9a-f-]+\/low(#|$)/);
    await expect(page.getByTestId("quality-select")).toHaveValue("auto");
    if (testInfo.project.name === "js") {
      // The low file really plays: the browser reads its metadata, with the original's length.
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
        .toBeGreaterThan(0);
      const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
      expect(Math.abs(duration - 24)).toBeLessThan(0.5);
    }
    await saving.close();

    const normal = await newContext(browser, testInfo);
    const other = await normal.newPage();
    await other.goto(localized(LESSON_PATH, locale));
    await expect(other.getByTestId("lesson-video")).toHaveAttribute("data-quality", "high");
    await expect(other.getByTestId("lesson-video")).toHaveAttribute(
      "src",
      /^\/media\/videos\/[0-9a-f-]+(#|$)/,
    );
    await normal.close();
  });

  test(`${locale}: the quality picker switches to audio only and remembers it`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await renditionsReady(browser);
    const context = await newContext(browser, testInfo);
    const page = await context.newPage();
    await page.goto(localized(LESSON_PATH, locale));
    const video = page.getByTestId("lesson-video");
    await expect(video).toHaveAttribute("data-quality", "high");
    await page.getByTestId("quality-select").selectOption("audio");
    if (testInfo.project.name === "no-js") await page.getByTestId("quality-form").getByRole("button").click();
    // With JavaScript the player switches at once; without, the page comes back playing the choice.
    await expect(video).toHaveAttribute("data-quality", "audio");
    if (testInfo.project.name === "js")
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc))
        .toMatch(/\/audio(#|$)/);
    else await expect(video).toHaveAttribute("src", /\/audio(#|$)/);
    // Remembered: a new visit plays audio only (the answer's cookie, once the choice was saved; React
    // Router's cookies hold base64 JSON).
    const remembered = async () => {
      const cookie = (await context.cookies()).find((entry) => entry.name === "manara_video_quality");
      return cookie ? JSON.parse(atob(decodeURIComponent(cookie.value))) : null;
    };
    await expect.poll(remembered).toBe("audio");
    await page.goto(localized(LESSON_PATH, locale));
    await expect(page.getByTestId("lesson-video")).toHaveAttribute("src", /\/audio(#|$)/);
    await expect(page.getByTestId("quality-select")).toHaveValue("audio");
    await context.close();
  });
}
