// The embedded video host end to end, through the whole app as the production server runs it (edge,
// routing, middleware; tests/integration/fuzz/app.ts) behind a real HTTP socket, with tus-js-client in Node:
// an upload interrupted mid-way and resumed arrives byte for byte; refusals (size, cap, container, strangers,
// cross-site cookies, expired links); the streamed multipart endpoints; Range playback and who may watch;
// replaced and deleted videos lose their bytes.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessons, type User, videos } from "../../app/db/schema";
import { captureLogs } from "../../app/lib/logger.server";
import { type FuzzApp, startFuzzApp } from "./fuzz/app";
import { createCourseFor, enroll, multipart } from "./studio-factories";
import { tusPatch } from "./tus";

const DEMO = readFileSync(path.resolve("app/seed/data/videos/manara-demo-1.mp4"));
const DEMO_2 = readFileSync(path.resolve("app/seed/data/videos/manara-demo-2.mp4"));
const MAX = 1_000_000;
const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

let app: FuzzApp;
let bridge: http.Server;
let base = "";
let trainer: User;
let stranger: User;
let admin: User;
let learner: User;
let trainerAuth = "";
let strangerAuth = "";
let adminAuth = "";
let learnerAuth = "";
let courseId = 0;
let lessonIds: number[] = [];
let videoDir = "";

beforeAll(async () => {
  process.env.MAX_VIDEO_BYTES = String(MAX);
  app = await startFuzzApp();
  videoDir = path.join(process.env.DATA_DIR ?? "", "media", "videos");
  // A real socket in front of the app, so tus-js-client speaks HTTP to it as a browser would.
  bridge = http.createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && name !== "host")
        headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    const hasBody = !["GET", "HEAD", "OPTIONS"].includes(req.method ?? "GET");
    try {
      const response = await app.fetch(req.url ?? "/", {
        method: req.method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body && req.method !== "HEAD") Readable.fromWeb(response.body as never).pipe(res);
      else res.end();
    } catch (error) {
      res.writeHead(599).end(String(error));
    }
  });
  await new Promise<void>((resolve) => bridge.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(bridge.address() as AddressInfo).port}`;
  const { createUser, bearerFor } = app.helpers;
  trainer = await createUser(app.db, "trainer");
  stranger = await createUser(app.db, "trainer");
  admin = await createUser(app.db, "admin");
  learner = await createUser(app.db, "user");
  trainerAuth = await bearerFor(app.db, trainer.id);
  strangerAuth = await bearerFor(app.db, stranger.id);
  adminAuth = await bearerFor(app.db, admin.id);
  learnerAuth = await bearerFor(app.db, learner.id);
  const course = await createCourseFor(app.db, trainer, { lessons: 6, published: true, price: 1500 });
  courseId = course.id;
  const rows = await app.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId));
  lessonIds = rows.map((row) => row.id).sort((a, b) => a - b);
}, 120_000);

afterAll(async () => {
  delete process.env.MAX_VIDEO_BYTES;
  await new Promise((resolve) => bridge?.close(resolve));
  await app?.close();
});

async function createLink(
  auth: string,
  body: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await app.fetch("/api/instructor/create-upload-link", {
    method: "POST",
    headers: { Authorization: auth, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

async function linkFor(lessonId: number, size: number, auth = trainerAuth) {
  const { status, json } = await createLink(auth, {
    fileSize: size,
    fileName: "clip.mp4",
    description: "",
    lessonId,
  });
  expect(status).toBe(201);
  expect(json.approach).toBe("tus");
  return { videoId: String(json.videoId), uploadLink: String(json.uploadLink) };
}

function patch(link: string, body: Uint8Array, offset: number, headers: Record<string, string>) {
  return app.fetch(link, tusPatch(body, offset, headers));
}

async function videoRow(id: string) {
  const [row] = await app.db.select().from(videos).where(eq(videos.id, id));
  return row;
}

/** A tus URL storage in memory (in Node, tus-js-client needs one to remember uploads). */
function memoryUrlStorage() {
  const entries = new Map<string, tus.PreviousUpload & { urlStorageKey: string }>();
  let counter = 0;
  return {
    findAllUploads: async () => [...entries.values()],
    findUploadsByFingerprint: async (fingerprint: string) =>
      [...entries.entries()].filter(([key]) => key.startsWith(`${fingerprint}::`)).map(([, value]) => value),
    removeUpload: async (key: string) => {
      entries.delete(key);
    },
    addUpload: async (fingerprint: string, upload: tus.PreviousUpload) => {
      const key = `${fingerprint}::${++counter}`;
      entries.set(key, { ...upload, urlStorageKey: key });
      return key;
    },
  };
}

describe("the tus path end to end", () => {
  it("uploads with tus-js-client, survives an interruption, resumes where it stopped and keeps every byte", async () => {
    const lessonId = lessonIds[0] ?? 0;
    const { videoId, uploadLink } = await linkFor(lessonId, DEMO.length);
    expect(uploadLink).toBe(`/api/videos/tus/${videoId}`);
    const urlStorage = memoryUrlStorage();
    const options = {
      chunkSize: 64 * 1024,
      retryDelays: [] as number[],
      headers: { Authorization: trainerAuth },
      fingerprint: async () => `lesson-${lessonId}-clip`,
      urlStorage,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
    };

    // First attempt: stop after a bit more than a third arrived (the "tab" is closed).
    const first = new tus.Upload(DEMO, {
      ...options,
      uploadUrl: `${base}${uploadLink}`,
      metadata: { videoId },
    });
    await new Promise<void>((resolve, reject) => {
      first.options.onChunkComplete = (_chunk, accepted) => {
        if (accepted > DEMO.length / 3) void first.abort().then(resolve);
      };
      first.options.onError = reject;
      first.options.onSuccess = () => reject(new Error("should have been interrupted"));
      first.start();
    });
    const head = await app.fetch(uploadLink, {
      method: "HEAD",
      headers: { "Tus-Resumable": "1.0.0", Authorization: trainerAuth },
    });
    expect(head.status).toBe(200);
    const stoppedAt = Number(head.headers.get("upload-offset"));
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(DEMO.length);
    expect((await videoRow(videoId))?.status).toBe("uploading");
    const midway = await app.fetch(`/api/instructor/video-status/${videoId}`, {
      headers: { Authorization: trainerAuth },
    });
    expect(await midway.json()).toMatchObject({
      status: "uploading",
      bytesReceived: stoppedAt,
      size: DEMO.length,
    });

    // Second attempt: a new client finds the remembered upload and continues from the server's offset.
    const second = new tus.Upload(DEMO, options);
    const previous = await second.findPreviousUploads();
    expect(previous).toHaveLength(1);
    second.resumeFromPreviousUpload(previous[0] as tus.PreviousUpload);
    let firstProgress = -1;
    await new Promise<void>((resolve, reject) => {
      second.options.onProgress = (sent) => {
        if (firstProgress < 0) firstProgress = sent;
      };
      second.options.onError = reject;
      second.options.onSuccess = () => resolve();
      second.start();
    });
    expect(firstProgress).toBeGreaterThanOrEqual(stoppedAt);
    expect(await urlStorage.findAllUploads()).toHaveLength(0);

    const stored = readFileSync(path.join(videoDir, videoId));
    expect(sha256(stored)).toBe(sha256(DEMO));
    // Every byte is in; the video-check job judges the whole file and attaches it.
    expect(await videoRow(videoId)).toMatchObject({ status: "processing", bytesReceived: DEMO.length });
    const [before] = await app.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(before?.videoId).not.toBe(videoId);
    expect(await app.workJobs()).toBeGreaterThanOrEqual(1);
    const status = await app.fetch(`/api/instructor/video-status/${videoId}`, {
      headers: { Authorization: trainerAuth },
    });
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({
      videoId,
      status: "ready",
      bytesReceived: DEMO.length,
      size: DEMO.length,
      durationSeconds: 24,
    });
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(lesson?.videoId).toBe(videoId);
  });

  it("answers OPTIONS on the upload link (let through the edge) and refuses GET and creation", async () => {
    const { videoId, uploadLink } = await linkFor(lessonIds[5] ?? 0, 10);
    const options = await fetch(`${base}${uploadLink}`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("tus-version")).toContain("1.0.0");
    // Elsewhere under /api the edge answers OPTIONS itself, with that resource's methods.
    const elsewhere = await fetch(`${base}/api/courses`, { method: "OPTIONS" });
    expect(elsewhere.status).toBe(204);
    expect(elsewhere.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const get = await app.fetch(uploadLink, { headers: { Authorization: trainerAuth } });
    expect(get.status).toBe(405);
    const post = await app.fetch(uploadLink, {
      method: "POST",
      headers: { Authorization: trainerAuth, "Tus-Resumable": "1.0.0" },
    });
    expect(post.status).toBe(405);
    expect((await videoRow(videoId))?.status).toBe("uploading");
  });
});

describe("refusals", () => {
  it("refuses a file over MAX_VIDEO_BYTES with 413 before anything is stored", async () => {
    const before = (await app.db.select().from(videos)).length;
    const { status, json } = await createLink(trainerAuth, {
      fileSize: MAX + 1,
      fileName: "huge.mp4",
      description: "",
      lessonId: lessonIds[1],
    });
    expect(status).toBe(413);
    expect(json).toMatchObject({ error: { code: "payload_too_large" } });
    expect((await app.db.select().from(videos)).length).toBe(before);
  });

  it("holds the upload to its declared size: more bytes are refused, fewer never finish", async () => {
    const size = 1024;
    const { videoId, uploadLink } = await linkFor(lessonIds[1] ?? 0, size);
    const tooMuch = await patch(uploadLink, new Uint8Array(DEMO.subarray(0, size + 100)), 0, {
      Authorization: trainerAuth,
    });
    expect(tooMuch.status).toBe(413);
    const partial = await patch(uploadLink, new Uint8Array(DEMO.subarray(0, 512)), 0, {
      Authorization: trainerAuth,
    });
    expect(partial.status).toBe(204);
    expect(partial.headers.get("upload-offset")).toBe("512");
    expect((await videoRow(videoId))?.status).toBe("uploading");
    const wrongOffset = await patch(uploadLink, new Uint8Array(DEMO.subarray(512, 1024)), 100, {
      Authorization: trainerAuth,
    });
    expect(wrongOffset.status).toBe(409);
  });

  it("never leaves a complete upload 'uploading': one whose last request failed is handed to its check when its status is read", async () => {
    // Every byte reached the disk, but the request that brought the last one died before queueing its check.
    const { videoId } = await linkFor(lessonIds[1] ?? 0, DEMO_2.length);
    writeFileSync(path.join(videoDir, videoId), DEMO_2);
    expect((await videoRow(videoId))?.status).toBe("uploading");
    const readStatus = async () =>
      (
        await app.fetch(`/api/instructor/video-status/${videoId}`, {
          headers: { Authorization: trainerAuth },
        })
      ).json();
    expect(await readStatus()).toMatchObject({ status: "processing", bytesReceived: DEMO_2.length });
    // Read again before the check ran: still one check (its key is the video), then the light renditions
    // the check asks for (decision 058).
    expect(await readStatus()).toMatchObject({ status: "processing" });
    expect(await app.workJobs()).toBe(2);
    expect(await readStatus()).toMatchObject({ status: "ready", durationSeconds: 20 });
    const [lesson] = await app.db
      .select()
      .from(lessons)
      .where(eq(lessons.id, lessonIds[1] ?? 0));
    expect(lesson?.videoId).toBe(videoId);
  });

  it("checks the whole stored file in a job: bytes lost after the last request fail it; a repeat changes nothing; a check that never ends is failed by the sweeper", async () => {
    const lessonId = lessonIds[2] ?? 0;
    const { videoId, uploadLink } = await linkFor(lessonId, DEMO_2.length);
    expect((await patch(uploadLink, new Uint8Array(DEMO_2), 0, { Authorization: trainerAuth })).status).toBe(
      204,
    );
    expect(await videoRow(videoId)).toMatchObject({ status: "processing" });
    // The store lost the tail before the check ran.
    writeFileSync(path.join(videoDir, videoId), DEMO_2.subarray(0, 4096));
    expect(await app.workJobs()).toBe(1);
    expect(await videoRow(videoId)).toMatchObject({ status: "error", error: "size_mismatch" });
    expect(existsSync(path.join(videoDir, videoId))).toBe(false);
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(lesson?.videoId).not.toBe(videoId);
    // The job delivered again (at least once) finds the video no longer processing and leaves it.
    const check = (await app.vite.ssrLoadModule(
      "/app/video/local-check.server.ts",
    )) as typeof import("../../app/video/local-check.server");
    expect(await check.checkLocalVideo(app.db, { videoId })).toBe("error");
    expect(await check.checkLocalVideo(app.db, { videoId: "00000000-0000-4000-8000-000000000000" })).toBe(
      "gone",
    );
    await expect(check.checkLocalVideo(app.db, { videoId: "nope" })).rejects.toThrow();

    // A video whose check failed every retry (the store kept failing) does not stay "processing".
    const stuck = await linkFor(lessonId, DEMO_2.length);
    await app.db
      .update(videos)
      .set({ status: "processing", updatedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(videos.id, stuck.videoId));
    const sweep = (await app.vite.ssrLoadModule(
      "/app/maintenance/sweep.server.ts",
    )) as typeof import("../../app/maintenance/sweep.server");
    await sweep.sweepExpiredRows(app.db);
    expect(await videoRow(stuck.videoId)).toMatchObject({ status: "error", error: "storage_failed" });
  });

  it("judges the container by its bytes: a renamed text file is refused and its bytes removed", async () => {
    const text = new TextEncoder().encode(
      "This is not a video at all, only words pretending to be one. ".repeat(4),
    );
    const { videoId, uploadLink } = await linkFor(lessonIds[2] ?? 0, text.length);
    const response = await patch(uploadLink, text, 0, { Authorization: trainerAuth });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
    const row = await videoRow(videoId);
    expect(row).toMatchObject({ status: "error", error: "not_a_video" });
    expect(existsSync(path.join(videoDir, videoId))).toBe(false);
    const [lesson] = await app.db
      .select()
      .from(lessons)
      .where(eq(lessons.id, lessonIds[2] ?? 0));
    expect(lesson?.videoId).toBeNull();
    const status = await app.fetch(`/api/instructor/video-status/${videoId}`, {
      headers: { Authorization: trainerAuth },
    });
    expect(await status.json()).toMatchObject({ status: "error", error: expect.stringContaining("MP4") });
  });

  it("refuses strangers, guests and cross-site cookies; takes the owner's cookie from the same origin", async () => {
    const { videoId, uploadLink } = await linkFor(lessonIds[3] ?? 0, DEMO_2.length);
    const chunk = new Uint8Array(DEMO_2.subarray(0, 1000));
    expect((await patch(uploadLink, chunk, 0, { Authorization: strangerAuth })).status).toBe(403);
    expect((await patch(uploadLink, chunk, 0, { Authorization: learnerAuth })).status).toBe(403);
    expect((await patch(uploadLink, chunk, 0, {})).status).toBe(401);
    expect((await patch(uploadLink, chunk, 0, { Authorization: "Bearer nonsense" })).status).toBe(401);
    const cookie = await app.helpers.cookieFor(app.db, trainer.id);
    const crossSite = await patch(uploadLink, chunk, 0, { Cookie: cookie, Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const strangerCookie = await app.helpers.cookieFor(app.db, stranger.id);
    expect(
      (await patch(uploadLink, chunk, 0, { Cookie: strangerCookie, Origin: "http://localhost" })).status,
    ).toBe(403);
    expect(await videoRow(videoId)).toMatchObject({ status: "uploading" });
    expect(
      existsSync(path.join(videoDir, videoId)) ? readFileSync(path.join(videoDir, videoId)).length : 0,
    ).toBe(0);
    const own = await patch(uploadLink, chunk, 0, { Cookie: cookie, Origin: "http://localhost" });
    expect(own.status).toBe(204);
    // An admin may write to it too; another trainer may not even ask for a link on this lesson.
    const rest = new Uint8Array(DEMO_2.subarray(1000));
    expect((await patch(uploadLink, rest, 1000, { Authorization: adminAuth })).status).toBe(204);
    expect(await videoRow(videoId)).toMatchObject({ status: "processing" });
    await app.workJobs();
    expect(await videoRow(videoId)).toMatchObject({ status: "ready", durationSeconds: 20 });
    const foreign = await createLink(strangerAuth, {
      fileSize: 10,
      fileName: "x.mp4",
      description: "",
      lessonId: lessonIds[3],
    });
    expect(foreign.status).toBe(403);
    const learnerLink = await createLink(learnerAuth, {
      fileSize: 10,
      fileName: "x.mp4",
      description: "",
      lessonId: lessonIds[3],
    });
    expect(learnerLink.status).toBe(403);
    const strangerStatus = await app.fetch(`/api/instructor/video-status/${videoId}`, {
      headers: { Authorization: strangerAuth },
    });
    expect(strangerStatus.status).toBe(404);
  });

  it("answers 410 on an expired link, and the sweeper removes abandoned bytes", async () => {
    const { videoId, uploadLink } = await linkFor(lessonIds[4] ?? 0, DEMO.length);
    expect(
      (await patch(uploadLink, new Uint8Array(DEMO.subarray(0, 2048)), 0, { Authorization: trainerAuth }))
        .status,
    ).toBe(204);
    expect(existsSync(path.join(videoDir, videoId))).toBe(true);
    await app.db
      .update(videos)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(videos.id, videoId));
    const late = await patch(uploadLink, new Uint8Array(DEMO.subarray(2048, 4096)), 2048, {
      Authorization: trainerAuth,
    });
    expect(late.status).toBe(410);
    expect(await videoRow(videoId)).toMatchObject({ status: "error", error: "expired" });
    expect(existsSync(path.join(videoDir, videoId))).toBe(false);

    // An upload abandoned without anyone knocking again: the sweeper's pass expires it.
    const other = await linkFor(lessonIds[4] ?? 0, DEMO.length);
    await patch(other.uploadLink, new Uint8Array(DEMO.subarray(0, 2048)), 0, { Authorization: trainerAuth });
    await app.db
      .update(videos)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(videos.id, other.videoId));
    const sweep = (await app.vite.ssrLoadModule(
      "/app/maintenance/sweep.server.ts",
    )) as typeof import("../../app/maintenance/sweep.server");
    const result = await sweep.sweepExpiredRows(app.db);
    expect(result.videos).toBeGreaterThanOrEqual(1);
    expect(await videoRow(other.videoId)).toMatchObject({ status: "error", error: "expired" });
    expect(existsSync(path.join(videoDir, other.videoId))).toBe(false);
  });
});

describe("the multipart endpoints (streamed)", () => {
  async function send(
    pathName: string,
    form: FormData,
    auth = trainerAuth,
    extra: Record<string, string> = {},
  ) {
    const request = new Request("http://x", { method: "POST", body: form });
    return app.fetch(pathName, {
      method: "POST",
      headers: { Authorization: auth, "Content-Type": request.headers.get("content-type") ?? "", ...extra },
      body: request.body,
    });
  }

  it("stores a video sent as multipart and replaces the lesson's previous video (its bytes removed)", async () => {
    const lessonId = lessonIds[0] ?? 0;
    const [before] = await app.db.select().from(lessons).where(eq(lessons.id, lessonId));
    const oldId = before?.videoId ?? "";
    expect(existsSync(path.join(videoDir, oldId))).toBe(true);
    for (const endpoint of ["/api/instructor/upload-video", "/api/instructor/upload-video-with-progress"]) {
      const response = await send(
        endpoint,
        multipart(new Uint8Array(DEMO_2), "clip.mp4", { lessonId: String(lessonId) }),
      );
      expect(response.status).toBe(201);
      const body = await response.json();
      expect(body).toMatchObject({ status: "processing" });
      // The check, then the light renditions it asks for.
      expect(await app.workJobs()).toBe(2);
      expect(await videoRow(body.videoId)).toMatchObject({ status: "ready", durationSeconds: 20 });
      expect(existsSync(path.join(videoDir, "..", "renditions", body.videoId, "low.mp4"))).toBe(true);
      expect(sha256(readFileSync(path.join(videoDir, body.videoId)))).toBe(sha256(DEMO_2));
      const [after] = await app.db.select().from(lessons).where(eq(lessons.id, lessonId));
      expect(after?.videoId).toBe(body.videoId);
    }
    expect(existsSync(path.join(videoDir, oldId))).toBe(false);
    // Its renditions went with it.
    expect(existsSync(path.join(videoDir, "..", "renditions", oldId, "low.mp4"))).toBe(false);
    expect(await videoRow(oldId)).toBeUndefined();
    // Its jobs run ffprobe and ffmpeg (the renditions): seconds alone, more on a busy 2-core CI machine.
  }, 90_000);

  it("refuses non-videos, strangers, a file before its lesson, and bodies over the cap before storing", async () => {
    const lessonId = String(lessonIds[1]);
    const text = new TextEncoder().encode(
      "plain text, not a video, but long enough to be judged by the sniffer ok",
    );
    const count = async () => (await app.db.select().from(videos)).length;
    const before = await count();
    expect((await send("/api/instructor/upload-video", multipart(text, "x.mp4", { lessonId }))).status).toBe(
      415,
    );
    expect(
      (
        await send(
          "/api/instructor/upload-video",
          multipart(new Uint8Array(DEMO_2), "x.mp4", { lessonId }),
          strangerAuth,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await send(
          "/api/instructor/upload-video",
          multipart(new Uint8Array(DEMO_2), "x.mp4", { lessonId }),
          learnerAuth,
        )
      ).status,
    ).toBe(403);
    expect(
      (await send("/api/instructor/upload-video", multipart(new Uint8Array(DEMO_2), "x.mp4"))).status,
    ).toBe(400);
    const huge = await send(
      "/api/instructor/upload-video",
      multipart(new Uint8Array(DEMO_2), "x.mp4", { lessonId }),
      trainerAuth,
      {
        "Content-Length": String(MAX * 2),
      },
    );
    expect(huge.status).toBe(413);
    const big = new Uint8Array(MAX + 10);
    big.set(DEMO_2.subarray(0, 64));
    expect((await send("/api/instructor/upload-video", multipart(big, "big.mp4", { lessonId }))).status).toBe(
      413,
    );
    expect(await count()).toBe(before);
    const incoming = path.join(process.env.DATA_DIR ?? "", "media", "video-incoming");
    const { readdirSync } = await import("node:fs");
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
  });
});

describe("playback", () => {
  let videoId = "";
  let size = 0;
  beforeAll(async () => {
    const [lesson] = await app.db
      .select()
      .from(lessons)
      .where(eq(lessons.id, lessonIds[0] ?? 0));
    videoId = lesson?.videoId ?? "";
    size = DEMO_2.length;
  });

  it("streams with Range: 200 whole, 206 parts, HEAD, 416 past the end, private caching", async () => {
    const auth = { Authorization: trainerAuth };
    const whole = await app.fetch(`/media/videos/${videoId}`, { headers: auth });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("cache-control")).toMatch(/^private/);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("content-security-policy")).toBe("sandbox");
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(DEMO_2));
    const part = await app.fetch(`/media/videos/${videoId}`, {
      headers: { ...auth, Range: "bytes=100-199" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${size}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(DEMO_2.subarray(100, 200))).toBe(true);
    const tail = await app.fetch(`/media/videos/${videoId}`, { headers: { ...auth, Range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(DEMO_2.subarray(size - 10))).toBe(true);
    const head = await app.fetch(`/media/videos/${videoId}`, { method: "HEAD", headers: auth });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(size));
    const bad = await app.fetch(`/media/videos/${videoId}`, {
      headers: { ...auth, Range: `bytes=${size}-` },
    });
    expect(bad.status).toBe(416);
    expect(bad.headers.get("content-range")).toBe(`bytes */${size}`);
  });

  it("plays for enrolled learners, the trainer and admins; others 401/403; everyone for a free preview", async () => {
    const url = `/media/videos/${videoId}`;
    expect((await app.fetch(url)).status).toBe(401);
    expect((await app.fetch(url, { headers: { Authorization: learnerAuth } })).status).toBe(403);
    expect((await app.fetch(url, { headers: { Authorization: strangerAuth } })).status).toBe(403);
    expect((await app.fetch(url, { headers: { Authorization: adminAuth } })).status).toBe(200);
    await enroll(app.db, learner.id, courseId);
    expect((await app.fetch(url, { headers: { Authorization: learnerAuth } })).status).toBe(200);
    const cookie = await app.helpers.cookieFor(app.db, learner.id);
    expect((await app.fetch(url, { headers: { Cookie: cookie, Range: "bytes=0-1" } })).status).toBe(206);
    await app.db
      .update(lessons)
      .set({ isFreePreview: true })
      .where(eq(lessons.id, lessonIds[0] ?? 0));
    expect((await app.fetch(url)).status).toBe(200);
    const page = await app.fetch(`/courses/${courseId}`);
    expect(await page.text()).toContain(`src="${url}"`);
    expect((await app.fetch("/media/videos/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await app.fetch("/media/videos/not-a-uuid")).status).toBe(404);
  });

  it("deleting the lesson removes its video and bytes", async () => {
    const lessonId = lessonIds[3] ?? 0;
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.id, lessonId));
    const id = lesson?.videoId ?? "";
    expect(existsSync(path.join(videoDir, id))).toBe(true);
    const response = await app.fetch(`/api/instructor/course/${courseId}`, {
      method: "PUT",
      headers: { Authorization: trainerAuth, "Content-Type": "application/json" },
      body: JSON.stringify({
        lessons: lessonIds
          .filter((other) => other !== lessonId)
          .map((other) => ({ id: other, title: `Lesson ${other}` })),
      }),
    });
    expect(response.status).toBe(200);
    expect(await videoRow(id)).toBeUndefined();
    expect(existsSync(path.join(videoDir, id))).toBe(false);
  });
});

// Issue 43, item 8: a tus PATCH against an S3-compatible store without ListParts answered 500, and nothing
// was logged (the tus server answers its store's errors itself). Any store failure now leaves one line with
// the request id the answer carries.
describe("a tus store that fails", () => {
  it("answers 500 with X-Request-Id and logs the store's error with that id", async () => {
    const { videoId, uploadLink } = await linkFor(lessonIds[5] ?? 0, DEMO.length);
    const hosts = (await app.vite.ssrLoadModule(
      "/app/video/host.server.ts",
    )) as typeof import("../../app/video/host.server");
    const { datastore } = hosts.localVideoHost();
    const write = datastore.write.bind(datastore);
    datastore.write = async () => {
      throw Object.assign(new Error("The specified method is not allowed: ListParts"), {
        Code: "NotImplemented",
      });
    };
    const logs = captureLogs();
    try {
      const response = await patch(uploadLink, DEMO.subarray(0, 1000), 0, { Authorization: trainerAuth });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ error: { code: "internal_error" } });
      const id = response.headers.get("X-Request-Id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const errors = logs.lines.filter((line) => line.level === "error");
      expect(errors).toEqual([
        expect.objectContaining({
          area: "tus",
          requestId: id,
          videoId,
          method: "PATCH",
          err: expect.objectContaining({ message: "The specified method is not allowed: ListParts" }),
        }),
      ]);
      expect(JSON.stringify(logs.lines)).not.toContain(trainerAuth.replace("Bearer ", ""));
    } finally {
      datastore.write = write;
      logs.restore();
    }
  });
});
