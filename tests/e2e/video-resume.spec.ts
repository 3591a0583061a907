// Resumable uploads in the browser (issue 9): the studio's tus upload of a three-chunk file is paused (the
// progress stops and the server keeps what it has), resumed, then interrupted by closing the tab; choosing
// the same file again in a new tab continues from the server's offset, not from 0, and the stored video is
// byte-identical to the file. Request routing holds or fails chunks so each step happens mid-upload.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, type Route, test } from "./fixtures";
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
  const clip = readFileSync(path.resolve("app/seed/data/videos/manara-demo-2.mp4"));
  const total = 12 * 1024 * 1024;
  const free = Buffer.alloc(total - clip.length);
  free.writeUInt32BE(free.length, 0);
  free.write("free", 4, "latin1");
  writeFileSync(file, Buffer.concat([clip, free]));
  return file;
}

type Chunks = {
  holdAt: number | null;
  failFrom: number | null;
  held: Route[];
  failed: number;
  offsets: number[];
};

/**
 * Every PATCH's offset is noted. The one starting at `holdAt` is held (pending, so the page can pause in
 * the middle of a chunk; the page then abandons it). PATCHes from `failFrom` on are answered 503 here and
 * never reach the server: a connection failing mid-upload, while the tab is closed. (Releasing or aborting a
 * request the page still waits for let its bytes through to the server in Chromium, so neither is done.)
 */
async function routeChunks(page: Page, chunks: Chunks) {
  await page.route("**/api/videos/tus/**", async (route) => {
    const request = route.request();
    if (request.method() === "PATCH") {
      const offset = Number(request.headers()["upload-offset"]);
      chunks.offsets.push(offset);
      if (chunks.failFrom !== null && offset >= chunks.failFrom) {
        chunks.failed += 1;
        await route.fulfill({ status: 503, headers: { "Tus-Resumable": "1.0.0" } }).catch(() => {});
        return;
      }
      if (offset === chunks.holdAt) {
        chunks.held.push(route);
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
    const chunks: Chunks = { holdAt: CHUNK, failFrom: null, held: [], failed: 0, offsets: [] };

    const open = async () => {
      const page = await context.newPage();
      await routeChunks(page, chunks);
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
    await expect.poll(() => chunks.held.length, { timeout: 30_000 }).toBe(1);
    uploadUrl = chunks.held[0]?.request().url() ?? "";
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

    // 2. Resume: the second chunk lands; from the third on the connection fails, and the tab is closed.
    chunks.holdAt = null;
    chunks.failFrom = 2 * CHUNK;
    await first.video.getByTestId("video-resume").click();
    await expect.poll(() => chunks.failed, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(await offsetOf()).toBe(2 * CHUNK);
    // The connection goes down before the tab closes: closing a tab releases a retry the route is still
    // deciding on, and that request's bytes would then reach the server (seen as 0.8 MiB, or the rest of the
    // file, arriving after the close).
    await context.setOffline(true);
    await first.page.close();
    await context.setOffline(false);
    const afterClose = await context.request.head(uploadUrl, { headers: { "Tus-Resumable": "1.0.0" } });
    expect(Number(afterClose.headers()["upload-offset"])).toBe(2 * CHUNK);

    // 3. A new tab, the same file: the browser remembered the upload and continues at the server's offset.
    chunks.failFrom = null;
    chunks.offsets.length = 0;
    const second = await open();
    await expect(second.video.getByTestId("video-progress")).toContainText(TEXT[locale].resuming);
    await expect(second.video.getByTestId("upload-percent")).toHaveText(locale === "ar" ? "100٪" : "100%", {
      timeout: 30_000,
    });
    expect(chunks.offsets[0]).toBe(2 * CHUNK);
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
