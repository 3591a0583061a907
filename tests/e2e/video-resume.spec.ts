// Resumable uploads in the browser (issue 9): the studio's tus upload of a three-chunk file is paused (the
// progress stops and the server keeps what it has), resumed, then interrupted by closing the tab; choosing
// the same file again in a new tab continues from the server's offset, not from 0, and the stored video is
// byte-identical to the file. Chunks are held back with request routing so each step happens mid-upload.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, type Route, test } from "@playwright/test";
import { demoState, localized } from "./helpers";

const CHUNK = 5 * 1024 * 1024;
// "Docker and Kubernetes in Practice": video.spec.ts uploads to its lessons 0–3, this suite to 4 and 5.
const COURSE_ID = 17;
const LESSON_INDEX = { en: 4, ar: 5 } as const;
const TEXT = {
  en: { resume: "Resume", resuming: "Continuing your earlier upload" },
  ar: { resume: "متابعة", resuming: "نتابع رفعك السابق" },
} as const;

/** The demo clip followed by an MP4 `free` box, so the file is a valid MP4 of 12 MiB (three chunks). */
function bigClip(file: string): string {
  const clip = readFileSync(path.resolve("app/db/seed-data/videos/manara-demo-2.mp4"));
  const total = 12 * 1024 * 1024;
  const free = Buffer.alloc(total - clip.length);
  free.writeUInt32BE(free.length, 0);
  free.write("free", 4, "latin1");
  writeFileSync(file, Buffer.concat([clip, free]));
  return file;
}

/** Holds the PATCH that starts at `offset` until released; every other tus request goes through. */
async function holdChunkAt(page: Page, held: { offset: number | null; routes: Route[]; offsets: number[] }) {
  await page.route("**/api/videos/tus/**", async (route) => {
    const request = route.request();
    if (request.method() === "PATCH") {
      const offset = Number(request.headers()["upload-offset"]);
      held.offsets.push(offset);
      if (offset === held.offset) {
        held.routes.push(route);
        return;
      }
    }
    await route.continue().catch(() => {});
  });
}

for (const locale of ["en", "ar"] as const) {
  test(`${locale}: a lesson upload pauses, resumes, and continues after the tab was closed`, async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "resumable uploads need JavaScript");
    test.setTimeout(120_000);
    const file = bigClip(testInfo.outputPath("lesson-upload.mp4"));
    const context = await browser.newContext({ storageState: await demoState(browser, "trainer") });
    const held = { offset: CHUNK as number | null, routes: [] as Route[], offsets: [] as number[] };

    const open = async () => {
      const page = await context.newPage();
      await holdChunkAt(page, held);
      await page.goto(localized(`/instructor/courses/${COURSE_ID}/curriculum`, locale));
      const lesson = page.getByTestId("lesson").nth(LESSON_INDEX[locale]);
      const lessonId = await lesson.getAttribute("data-lesson-id");
      const video = page.locator(`[data-lesson-id="${lessonId}"]`).getByTestId("lesson-video");
      await expect(video.getByTestId("video-upload-form")).toHaveAttribute("data-enhanced", "tus");
      await video.getByTestId("video-file").setInputFiles(file);
      await video.getByTestId("video-upload").click();
      return { page, video, lessonId };
    };

    // 1. The first chunk arrives; the second is held, and the trainer pauses.
    const first = await open();
    let uploadUrl = "";
    await expect.poll(() => held.routes.length, { timeout: 30_000 }).toBe(1);
    uploadUrl = held.routes[0]?.request().url() ?? "";
    await first.video.getByTestId("video-pause").click();
    await expect(first.video.getByTestId("video-resume")).toHaveText(TEXT[locale].resume);
    const percentWhenPaused = await first.video.getByTestId("upload-percent").textContent();
    const offsetOf = async () => {
      const response = await first.page.request.head(uploadUrl, { headers: { "Tus-Resumable": "1.0.0" } });
      expect(response.status()).toBe(200);
      return Number(response.headers()["upload-offset"]);
    };
    expect(await offsetOf()).toBe(CHUNK);
    await first.page.waitForTimeout(1_000);
    await expect(first.video.getByTestId("upload-percent")).toHaveText(percentWhenPaused ?? "");
    expect(await offsetOf()).toBe(CHUNK);

    // 2. Resume: the second chunk goes through; the third is held, then the tab is closed mid-upload.
    held.offset = 2 * CHUNK;
    await held.routes
      .shift()
      ?.continue()
      .catch(() => {});
    await first.video.getByTestId("video-resume").click();
    await expect.poll(() => held.routes.length, { timeout: 30_000 }).toBe(1);
    expect(await offsetOf()).toBe(2 * CHUNK);
    await first.page.close();
    held.routes.length = 0;

    // 3. A new tab, the same file: the browser remembered the upload and continues at the server's offset.
    held.offset = null;
    held.offsets.length = 0;
    const second = await open();
    await expect(second.video.getByTestId("video-progress")).toContainText(TEXT[locale].resuming);
    await expect(second.video.getByTestId("upload-percent")).toHaveText(locale === "ar" ? "100٪" : "100%", {
      timeout: 30_000,
    });
    expect(held.offsets[0]).toBe(2 * CHUNK);
    const status = second.page
      .locator(`[data-lesson-id="${second.lessonId}"]`)
      .getByTestId("lesson-video")
      .getByTestId("video-status");
    await expect(status).toHaveAttribute("data-status", "ready", { timeout: 30_000 });

    // 4. What the server stored is the file, byte for byte (the trainer may stream their lesson's video).
    const videoId = uploadUrl.split("/").pop() ?? "";
    const stored = await second.page.request.get(`/media/videos/${videoId}`);
    expect(stored.status()).toBe(200);
    const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
    expect(digest(await stored.body())).toBe(digest(readFileSync(file)));
    await context.close();
  });
}
