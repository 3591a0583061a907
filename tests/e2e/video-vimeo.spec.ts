// Vimeo-hosted lessons (issue 9), with JavaScript, in both locales, on a second app configured for Vimeo
// and pointed at a local fake Vimeo (playwright.config.ts): the trainer uploads a lesson video straight to
// the fake's tus upload link, it becomes ready, and a learner watches it in the (fake) embed player. The
// learn page subscribes to the player's events, saves the position on pause, resumes there on return
// (it asks the player to seek), and completes the lesson at 90 % watched.
import path from "node:path";
import { expect, type Frame, type Page, test } from "./fixtures";
import { DEMO_PASSWORD, expectSignedIn, logIn, uniqueEmail } from "./helpers";

const APP = `http://localhost:${Number(process.env.E2E_PORT ?? 4310) + 2}`;
const CLIP = path.resolve("app/seed/data/videos/manara-demo-2.mp4");
// "Modern CSS Layouts" (free, the demo trainer's): lessons 1 and 2 carry the demo videos; this suite
// puts Vimeo videos on lessons 3 (English run) and 4 (Arabic run).
const LESSON_INDEX = { en: 2, ar: 3 } as const;
const TEXT = {
  en: {
    prefix: "",
    name: "Full name",
    email: "Email address",
    password: "Password",
    signup: "Create account",
  },
  ar: {
    prefix: "/ar",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signup: "إنشاء الحساب",
  },
} as const;

test.use({ baseURL: APP });

type FakePlayerWindow = Window & {
  fakePlayer: {
    listeners: string[];
    received: { method: string; value?: unknown }[];
    timeupdate(seconds: number): void;
    pause(): void;
  };
};

async function playerFrame(page: Page): Promise<Frame> {
  const element = page.getByTestId("lesson-video-frame");
  await expect(element).toHaveAttribute("data-player", "vimeo");
  const handle = await element.elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error("no player frame");
  // The page has subscribed to the player's events once it heard the player is ready.
  await expect
    .poll(() =>
      frame.evaluate(() => (window as unknown as FakePlayerWindow).fakePlayer?.listeners.length ?? 0),
    )
    .toBeGreaterThanOrEqual(3);
  return frame;
}

for (const locale of ["en", "ar"] as const) {
  test(`${locale}: a Vimeo lesson saves the position on pause, resumes there, and completes at 90 %`, async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "the embed player is driven by JavaScript");
    test.setTimeout(120_000);
    const text = TEXT[locale];
    const found = await (
      await fetch(`${APP}/api/courses?${new URLSearchParams({ q: "Modern CSS Layouts" })}`)
    ).json();
    const courseId = (found.items as { id: number; title: string }[]).find((item) =>
      item.title.startsWith("Modern CSS Layouts"),
    )?.id;
    expect(courseId).toBeDefined();

    // The trainer uploads the lesson's video: the browser sends it to the (fake) Vimeo upload link.
    // No extra headers here: the browser's cross-origin upload requests carry them too, and Vimeo's CORS
    // (like the fake's) allows only the tus headers.
    const trainer = await browser.newContext({ extraHTTPHeaders: {} });
    const studio = await trainer.newPage();
    await studio.goto(`${text.prefix}/auth/login`);
    await logIn(studio, "trainer@manara.local", DEMO_PASSWORD, locale);
    await expect(studio.getByTestId("user-menu")).toBeVisible();
    await studio.goto(`${text.prefix}/instructor/courses/${courseId}/curriculum`);
    const lessonId = await studio
      .getByTestId("lesson")
      .nth(LESSON_INDEX[locale])
      .getAttribute("data-lesson-id");
    const video = studio.locator(`[data-lesson-id="${lessonId}"]`).getByTestId("lesson-video");
    await expect(video.getByTestId("video-upload-form")).toHaveAttribute("data-enhanced", "tus");
    const toVimeo = studio.waitForRequest(
      (request) => request.method() === "PATCH" && /\/upload\/\d+$/.test(request.url()),
    );
    await video.getByTestId("video-file").setInputFiles(CLIP);
    await video.getByTestId("video-upload").click();
    expect((await toVimeo).url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/upload\/\d+$/);
    await expect(
      studio.locator(`[data-lesson-id="${lessonId}"]`).getByTestId("video-status"),
    ).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
    await trainer.close();

    // A learner enrolls in the free course and opens that lesson.
    // Sign-ups from an address of their own: the per-address limit is shared by every suite.
    const learner = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.31" } });
    const page = await learner.newPage();
    await page.goto(`${text.prefix}/auth/signup`);
    await page.getByLabel(text.name).fill("Vimeo Viewer");
    await page.getByLabel(text.email).fill(uniqueEmail(`vimeo-${locale}`));
    await page.getByLabel(text.password, { exact: true }).fill("a-good-password");
    await page.getByRole("button", { name: text.signup }).click();
    await expectSignedIn(page, "Vimeo Viewer");
    await page.goto(`${text.prefix}/courses/${courseId}`);
    await page.getByTestId("enroll").click();
    await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/learn/\\d+$`));
    await page.goto(`${text.prefix}/courses/${courseId}/learn/${lessonId}`);
    let frame = await playerFrame(page);
    expect(await page.getByTestId("lesson-video-frame").getAttribute("data-resume-at")).toBe("0");

    // Watching reports positions; a pause saves the position.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && response.url().endsWith(`/learn/${lessonId}/progress`),
    );
    await frame.evaluate(() => {
      const player = (window as unknown as FakePlayerWindow).fakePlayer;
      player.timeupdate(3);
      player.timeupdate(7.6);
      player.pause();
    });
    expect((await saved).status()).toBe(204);

    // Back later: the page starts at the saved position and asks the player to seek there.
    await page.goto(`${text.prefix}/my-enrollments`);
    await page.goto(`${text.prefix}/courses/${courseId}/learn/${lessonId}`);
    await expect(page.getByTestId("lesson-video-frame")).toHaveAttribute("data-resume-at", "7");
    frame = await playerFrame(page);
    await expect
      .poll(() =>
        frame.evaluate(() =>
          (window as unknown as FakePlayerWindow).fakePlayer.received.find(
            (c) => c.method === "setCurrentTime",
          ),
        ),
      )
      .toEqual({ method: "setCurrentTime", value: 7 });

    // 90 % of the 24 s video completes the lesson by itself.
    await frame.evaluate(() => (window as unknown as FakePlayerWindow).fakePlayer.timeupdate(22));
    await expect(page.getByTestId("complete-toggle")).toHaveAttribute("aria-pressed", "true", {
      timeout: 15_000,
    });
    await expect(page.getByTestId("curriculum-lesson").nth(LESSON_INDEX[locale])).toHaveAttribute(
      "data-completed",
      "true",
    );
    await learner.close();
  });
}
