// The Vimeo video host through the real @vimeo/vimeo SDK, pointed at a local fake of Vimeo's API
// (tests/fakes/vimeo.ts) with the SDK's module-wide request_defaults (RESEARCH.md): creating a video with
// the tus approach, the browser's tus upload to the returned upload_link (tus-js-client in Node), status
// transitions in_progress → complete and error, replacement and deletion. No test touches the internet.
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { lessons, type User, videos } from "../../app/db/schema";
import { listJobs } from "../../app/jobs/admin.server";
import { jobIdForKey } from "../../app/jobs/policy";
import { action as createLinkApi } from "../../app/routes/api/video-create-upload-link";
import { loader as statusApi } from "../../app/routes/api/video-status";
import { action as uploadApi } from "../../app/routes/api/video-upload";
import { createLocalStorage } from "../../app/storage/local.server";
import { createLocalVideoHost, createVimeoHost, replaceVideoHost } from "../../app/video/host.server";
import { getLessonVideo } from "../../app/video/playback.server";
import { removeLessonVideo } from "../../app/video/videos.server";
import { pollVimeoVideo } from "../../app/video/vimeo-poll.server";
import { scheduleVimeoPoll, VIMEO_POLL_SECONDS } from "../../app/video/vimeo-schedule.server";
import { type FakeVimeo, startFakeVimeo } from "../fakes/vimeo";
import { bearerFor, createUser } from "./auth-helpers";
import { runRoute } from "./route-context";
import { createCourseFor, multipart } from "./studio-factories";
import { createTestDatabase } from "./test-database";

const TOKEN = "fake-vimeo-token";
const DEMO = readFileSync(path.resolve("app/seed/data/videos/manara-demo-2.mp4"));
const sdk = createRequire(import.meta.url)("@vimeo/vimeo") as {
  vimeo_module: { request_defaults: { protocol: string; hostname: string; port: number } };
};
const originalDefaults = { ...sdk.vimeo_module.request_defaults };

let fake: FakeVimeo;
let handle: DatabaseHandle;
let trainer: User;
let authorization = "";
let lessonIds: number[] = [];

beforeAll(async () => {
  fake = await startFakeVimeo({ token: TOKEN });
  const port = Number(new URL(fake.url).port);
  Object.assign(sdk.vimeo_module.request_defaults, { protocol: "http:", hostname: "127.0.0.1", port });
  replaceVideoHost(
    createVimeoHost(TOKEN),
    createLocalVideoHost(createLocalStorage(mkdtempSync(path.join(tmpdir(), "manara-videos-")))),
  );
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  authorization = await bearerFor(handle.db, trainer.id);
  const course = await createCourseFor(handle.db, trainer, { lessons: 3, published: true });
  const rows = await handle.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, course.id));
  lessonIds = rows.map((row) => row.id).sort((a, b) => a - b);
});

afterAll(async () => {
  Object.assign(sdk.vimeo_module.request_defaults, originalDefaults);
  replaceVideoHost(undefined);
  await handle?.close();
  await fake?.close();
});

async function createLink(lessonId: number, size = DEMO.length) {
  const request = new Request("http://test/api/instructor/create-upload-link", {
    method: "POST",
    headers: { Authorization: authorization, "Content-Type": "application/json" },
    body: JSON.stringify({ fileSize: size, fileName: "lesson.mp4", description: "A lesson", lessonId }),
  });
  const response = (await runRoute(handle.db, request, createLinkApi as never)) as Response;
  expect(response.status).toBe(201);
  return (await response.json()) as { videoId: string; uploadLink: string; approach: string };
}

async function status(videoId: string) {
  const request = new Request(`http://test/api/instructor/video-status/${videoId}`, {
    headers: { Authorization: authorization },
  });
  const response = (await runRoute(handle.db, request, statusApi as never, { id: videoId })) as Response;
  expect(response.status).toBe(200);
  return response.json();
}

function tusUpload(uploadLink: string, data: Buffer) {
  return new Promise<void>((resolve, reject) => {
    const upload = new tus.Upload(data, {
      uploadUrl: uploadLink,
      chunkSize: 32 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onError: reject,
      onSuccess: () => resolve(),
    });
    upload.start();
  });
}

describe("the Vimeo host against a fake Vimeo API", () => {
  it("creates the video with the tus approach and its size, and hands out Vimeo's upload link", async () => {
    const link = await createLink(lessonIds[0] ?? 0);
    expect(link.approach).toBe("tus");
    expect(link.uploadLink).toMatch(new RegExp(`^${fake.url}/upload/\\d+$`));
    const vimeoId = link.uploadLink.split("/").pop() ?? "";
    expect(fake.videos.get(vimeoId)).toMatchObject({
      approach: "tus",
      size: DEMO.length,
      name: "lesson.mp4",
    });
    expect(fake.requests.find((r) => r.method === "POST" && r.path === "/me/videos")?.authorized).toBe(true);
    const [row] = await handle.db.select().from(videos).where(eq(videos.id, link.videoId));
    expect(row).toMatchObject({ provider: "vimeo", providerId: vimeoId, status: "uploading" });
  });

  it("follows Vimeo's statuses: uploading → processing (attached) → ready with the embed URL", async () => {
    const lessonId = lessonIds[1] ?? 0;
    const link = await createLink(lessonId);
    const vimeoId = link.uploadLink.split("/").pop() ?? "";
    expect(await status(link.videoId)).toMatchObject({
      status: "uploading",
      bytesReceived: 0,
      size: DEMO.length,
    });

    await tusUpload(link.uploadLink, DEMO);
    expect(fake.videos.get(vimeoId)?.bytes.equals(DEMO)).toBe(true);
    expect(await status(link.videoId)).toMatchObject({ status: "processing", bytesReceived: DEMO.length });
    const [attached] = await handle.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(attached?.videoId).toBe(link.videoId);
    expect((await getLessonVideo(handle.db, lessonId))?.embedUrl).toBeNull();

    fake.setTranscode(vimeoId, "complete");
    expect(await status(link.videoId)).toEqual({
      videoId: link.videoId,
      status: "ready",
      bytesReceived: DEMO.length,
      size: DEMO.length,
      durationSeconds: 24,
    });
    expect(await getLessonVideo(handle.db, lessonId)).toMatchObject({
      provider: "vimeo",
      status: "ready",
      src: null,
      embedUrl: `https://player.vimeo.com/video/${vimeoId}?h=abc123`,
    });
  });

  it("follows Vimeo by a job: the video gets ready and attached with nobody asking its status", async () => {
    const lessonId = lessonIds[2] ?? 0;
    const link = await createLink(lessonId);
    const vimeoId = link.uploadLink.split("/").pop() ?? "";
    const queued = async () =>
      (await listJobs(handle.db, { name: "vimeo-status", limit: 50, offset: 0 })).items.filter(
        (job) => job.state === "created",
      );
    // The link queued the first look, for a little later.
    expect((await queued()).length).toBeGreaterThanOrEqual(1);
    await tusUpload(link.uploadLink, DEMO);
    fake.setTranscode(vimeoId, "complete");

    // A worker's look, with the time come (the job runs with the handler the workers use).
    const before = (await queued()).length;
    const now = new Date(Date.now() + VIMEO_POLL_SECONDS * 1000);
    expect(await pollVimeoVideo(handle.db, { videoId: link.videoId }, now)).toBe("done");
    const [row] = await handle.db.select().from(videos).where(eq(videos.id, link.videoId));
    expect(row).toMatchObject({ status: "ready", durationSeconds: 24 });
    const [attached] = await handle.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(attached?.videoId).toBe(link.videoId);
    // Done: no next look was queued for it.
    expect((await queued()).length).toBe(before);
  });

  it("keeps looking while Vimeo is not done, one job per slot", async () => {
    const link = await createLink(lessonIds[0] ?? 0);
    const now = new Date();
    expect(await pollVimeoVideo(handle.db, { videoId: link.videoId }, now)).toBe("again");
    // The same slot again (another worker, a retry): still one job.
    await scheduleVimeoPoll(handle.db, link.videoId, now);
    const slot = Math.ceil((now.getTime() + VIMEO_POLL_SECONDS * 1000) / (VIMEO_POLL_SECONDS * 1000));
    const id = jobIdForKey("vimeo-status", `${link.videoId}:${slot}`);
    const jobs = (await listJobs(handle.db, { name: "vimeo-status", limit: 100, offset: 0 })).items;
    expect(jobs.filter((job) => job.id === id)).toHaveLength(1);
    expect(jobs.find((job) => job.id === id)?.startAfter.getTime()).toBe(slot * VIMEO_POLL_SECONDS * 1000);
    // A video that is gone ends its job.
    expect(await pollVimeoVideo(handle.db, { videoId: crypto.randomUUID() })).toBe("gone");
  });

  it("reports Vimeo's transcoding and upload errors with a reason", async () => {
    const link = await createLink(lessonIds[2] ?? 0);
    const vimeoId = link.uploadLink.split("/").pop() ?? "";
    await tusUpload(link.uploadLink, DEMO);
    fake.setTranscode(vimeoId, "error");
    expect(await status(link.videoId)).toMatchObject({
      status: "error",
      error: "Vimeo could not process this video.",
    });

    const second = await createLink(lessonIds[2] ?? 0);
    fake.failUpload(second.uploadLink.split("/").pop() ?? "");
    expect(await status(second.videoId)).toMatchObject({ status: "error" });
  });

  it("replacing a lesson's video deletes the old one on Vimeo; removing the video deletes it too", async () => {
    const lessonId = lessonIds[1] ?? 0;
    const [before] = await handle.db.select().from(lessons).where(eq(lessons.id, lessonId));
    const oldVimeoId = (
      await handle.db
        .select()
        .from(videos)
        .where(eq(videos.id, before?.videoId ?? ""))
    )[0]?.providerId;
    expect(fake.videos.has(oldVimeoId ?? "")).toBe(true);

    // The multipart endpoint with Vimeo configured: the server sends the file with one tus PATCH.
    const request = new Request("http://test/api/instructor/upload-video", {
      method: "POST",
      headers: { Authorization: authorization },
      body: multipart(new Uint8Array(DEMO), "again.mp4", { lessonId: String(lessonId) }),
    });
    const response = (await runRoute(handle.db, request, uploadApi as never)) as Response;
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.status).toBe("processing");
    const newVimeoId = (await handle.db.select().from(videos).where(eq(videos.id, body.videoId)))[0]
      ?.providerId;
    expect(fake.videos.get(newVimeoId ?? "")?.bytes.equals(DEMO)).toBe(true);
    expect(fake.videos.has(oldVimeoId ?? "")).toBe(false);
    expect(fake.requests.some((r) => r.method === "DELETE" && r.path === `/videos/${oldVimeoId}`)).toBe(true);

    const [course] = await handle.db
      .select({ courseId: lessons.courseId })
      .from(lessons)
      .where(eq(lessons.id, lessonId));
    const removed = await removeLessonVideo(handle.db, trainer, course?.courseId ?? 0, lessonId);
    expect(removed.ok).toBe(true);
    expect(fake.videos.has(newVimeoId ?? "")).toBe(false);
    expect(await handle.db.select().from(videos).where(eq(videos.lessonId, lessonId))).toEqual([]);
  });
});
