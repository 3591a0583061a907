// The app on S3: the whole app (as tests/integration/fuzz/app.ts runs it) with S3_* set, against an
// S3-compatible server the test starts. Every file path a user can reach: an image upload and its page
// image, a lesson PDF downloaded with ranges and our headers, a tus video upload in two PATCHes then a
// ranged read, a certificate PDF, an outbox mail — each found in the bucket and not under DATA_DIR.
// The tus upload needs ListParts, which only moto's server has (tests/fakes/s3.ts): without moto_server
// on the machine (outside CI) those tests are skipped and say so; the others then run on s3rver.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ListMultipartUploadsCommand } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessonProgress, lessons, type User } from "../../app/db/schema";
import { createS3Storage, type S3Storage } from "../../app/storage/s3.server";
import { readAll } from "../../app/storage/storage";
import { plainPdf } from "../fakes/pdf-samples";
import { motoAvailable, startMoto, startS3rver, type TestS3 } from "../fakes/s3";
import { type FuzzApp, startFuzzApp } from "./fuzz/app";
import { createCourseFor, enroll, imageBytes, multipart } from "./studio-factories";
import { tusPatch } from "./tus";

const withMoto = motoAvailable();
const DEMO = readFileSync(path.resolve("app/seed/data/videos/manara-demo-1.mp4"));
const S3_VARIABLES = [
  "S3_BUCKET",
  "S3_REGION",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
];

let s3: TestS3;
let bucket: S3Storage;
let app: FuzzApp;
let dataDir = "";
let trainer: User;
let trainerAuth = "";
let trainerCookie = "";

beforeAll(async () => {
  s3 = withMoto ? await startMoto() : await startS3rver();
  Object.assign(process.env, s3.env);
  app = await startFuzzApp();
  dataDir = process.env.DATA_DIR ?? "";
  bucket = createS3Storage(s3.config);
  trainer = await app.helpers.createUser(app.db, "trainer");
  trainerAuth = await app.helpers.bearerFor(app.db, trainer.id);
  trainerCookie = await app.helpers.cookieFor(app.db, trainer.id);
}, 120_000);

afterAll(async () => {
  for (const name of S3_VARIABLES) delete process.env[name];
  await app?.close();
  await s3?.close();
});

async function uploadMedia(bytes: Uint8Array, name: string) {
  const response = await app.fetch("/api/cloudinary/upload", {
    method: "POST",
    headers: { Authorization: trainerAuth },
    body: multipart(bytes, name),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { url: string; public_id: string };
}

/** A tus upload link for `fileSize` bytes, on a new published course's one lesson of the trainer's. */
async function createUpload(fileSize: number, fileName = "clip.mp4") {
  const course = await createCourseFor(app.db, trainer, { lessons: 1, published: true });
  const [lesson] = await app.db.select().from(lessons).where(eq(lessons.courseId, course.id));
  const created = await app.fetch("/api/instructor/create-upload-link", {
    method: "POST",
    headers: { Authorization: trainerAuth, "Content-Type": "application/json" },
    body: JSON.stringify({ fileSize, fileName, description: "", lessonId: lesson?.id }),
  });
  expect(created.status).toBe(201);
  return (await created.json()) as { videoId: string; uploadLink: string };
}

describe(`the app on S3 (${withMoto ? "moto_server" : "s3rver"})`, () => {
  it("stores an uploaded image's WebPs in the bucket and serves them with our headers", async () => {
    const stored = await uploadMedia(await imageBytes("png"), "cover.png");
    const key = `media/images/${stored.public_id}.webp`;
    expect((await bucket.head(key))?.size).toBeGreaterThan(0);
    expect(await bucket.head(`media/images/${stored.public_id}-card.webp`)).not.toBeNull();
    expect(existsSync(path.join(dataDir, "media", "images", `${stored.public_id}.webp`))).toBe(false);

    const response = await app.fetch(stored.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body).toEqual(await readAll(bucket, key));
    expect(Buffer.from(body.subarray(8, 12)).toString("latin1")).toBe("WEBP");
    expect((await app.fetch(`/media/images/${stored.public_id}-x.webp`)).status).toBe(404);
  });

  it("streams a lesson PDF from the bucket to its uploader, whole and in ranges", async () => {
    const pdf = plainPdf();
    const stored = await uploadMedia(pdf, "notes.pdf");
    expect(await readAll(bucket, `media/private/${stored.public_id}.pdf`)).toEqual(pdf);
    expect(existsSync(path.join(dataDir, "media", "private", `${stored.public_id}.pdf`))).toBe(false);

    const whole = await app.fetch(stored.url, { headers: { Cookie: trainerCookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("application/pdf");
    expect(whole.headers.get("content-length")).toBe(String(pdf.length));
    expect(whole.headers.get("cache-control")).toBe("private, max-age=300");
    expect(whole.headers.get("content-security-policy")).toBe("sandbox");
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(pdf);

    const part = await app.fetch(stored.url, { headers: { Cookie: trainerCookie, Range: "bytes=5-14" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 5-14/${pdf.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(pdf.subarray(5, 15));
    const beyond = await app.fetch(stored.url, {
      headers: { Cookie: trainerCookie, Range: `bytes=${pdf.length}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${pdf.length}`);
    // Access rules are unchanged: nobody else gets it.
    expect((await app.fetch(stored.url)).status).toBe(302);
  });

  it.skipIf(!withMoto)(
    "takes a tus video upload into the bucket in two PATCHes, then streams ranges of it",
    async () => {
      const { videoId, uploadLink } = await createUpload(DEMO.length);
      const half = Math.floor(DEMO.length / 2);
      const send = (offset: number, bytes: Uint8Array) =>
        app.fetch(uploadLink, tusPatch(bytes, offset, { Authorization: trainerAuth }));
      const first = await send(0, DEMO.subarray(0, half));
      expect(first.status).toBe(204);
      expect(first.headers.get("upload-offset")).toBe(String(half));
      // The offset survives in the bucket (an incomplete part), as another server would read it.
      const head = await app.fetch(uploadLink, {
        method: "HEAD",
        headers: { Authorization: trainerAuth, "Tus-Resumable": "1.0.0" },
      });
      expect(head.headers.get("upload-offset")).toBe(String(half));
      const second = await send(half, DEMO.subarray(half));
      expect(second.status).toBe(204);
      expect(second.headers.get("upload-offset")).toBe(String(DEMO.length));

      expect(await readAll(bucket, `media/videos/${videoId}`)).toEqual(new Uint8Array(DEMO));
      expect(existsSync(path.join(dataDir, "media", "videos", videoId))).toBe(false);
      const readStatus = async () => {
        const status = await app.fetch(`/api/instructor/video-status/${videoId}`, {
          headers: { Authorization: trainerAuth },
        });
        return ((await status.json()) as { status: string; durationSeconds?: number }).status;
      };
      expect(await readStatus()).toBe("processing");
      // The video-check job reads the object back from the bucket (size, container, duration); the light
      // renditions it then asks for are made from a copy of it and stored in the bucket too (decision 058).
      expect(await app.workJobs()).toBe(2);
      expect(await readStatus()).toBe("ready");
      for (const [quality, file] of [
        ["low", "low.mp4"],
        ["audio", "audio.m4a"],
      ] as const) {
        expect((await bucket.head(`media/renditions/${videoId}/${file}`))?.size).toBeGreaterThan(0);
        const rendition = await app.fetch(`/media/videos/${videoId}/${quality}`, {
          headers: { Authorization: trainerAuth, Range: "bytes=0-99" },
        });
        expect(rendition.status).toBe(206);
      }

      const range = await app.fetch(`/media/videos/${videoId}`, {
        headers: { Authorization: trainerAuth, Range: "bytes=100-199" },
      });
      expect(range.status).toBe(206);
      expect(range.headers.get("content-range")).toBe(`bytes 100-199/${DEMO.length}`);
      expect(range.headers.get("content-type")).toBe("video/mp4");
      expect(new Uint8Array(await range.arrayBuffer())).toEqual(new Uint8Array(DEMO.subarray(100, 200)));
      const tail = await app.fetch(`/media/videos/${videoId}`, {
        headers: { Authorization: trainerAuth, Range: "bytes=-10" },
      });
      expect(new Uint8Array(await tail.arrayBuffer())).toEqual(new Uint8Array(DEMO.subarray(-10)));
    },
    60_000,
  );

  it.skipIf(!withMoto)(
    "refuses a renamed text file at its second chunk (from the store's incomplete part) or its last, leaving nothing",
    async () => {
      const text = new TextEncoder().encode("Only words pretending to be a video. ".repeat(100));
      const upload = (chunks: number) => createUpload(text.length * chunks, "x.mp4");
      const send = (uploadLink: string, offset: number) =>
        app.fetch(uploadLink, {
          method: "PATCH",
          headers: {
            Authorization: trainerAuth,
            "Tus-Resumable": "1.0.0",
            "Upload-Offset": String(offset),
            "Content-Type": "application/offset+octet-stream",
          },
          body: new Uint8Array(text),
        });
      // Three chunks declared: the second is refused before it is stored, from the first one's bytes.
      const long = await upload(3);
      expect((await send(long.uploadLink, 0)).status).toBe(204);
      expect((await send(long.uploadLink, text.length)).status).toBe(415);
      expect(await bucket.list(`media/videos/${long.videoId}`)).toEqual([]);
      // One chunk declared: judged when complete, then every object of it removed.
      const short = await upload(1);
      expect((await send(short.uploadLink, 0)).status).toBe(415);
      expect(await bucket.list(`media/videos/${short.videoId}`)).toEqual([]);
    },
    60_000,
  );

  it.skipIf(!withMoto)(
    "expiring an abandoned tus upload removes its parts and metadata from the bucket",
    async () => {
      const { videoId, uploadLink } = await createUpload(DEMO.length);
      const patched = await app.fetch(uploadLink, {
        method: "PATCH",
        headers: {
          Authorization: trainerAuth,
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": "0",
          "Content-Type": "application/offset+octet-stream",
        },
        body: new Uint8Array(DEMO.subarray(0, 1000)),
      });
      expect(patched.status).toBe(204);
      expect(await bucket.list(`media/videos/${videoId}`)).toEqual([
        `media/videos/${videoId}.info`,
        `media/videos/${videoId}.part`,
      ]);
      // What the sweeper calls, with the app's own modules, a day later.
      const videosModule = (await app.vite.ssrLoadModule(
        "/app/video/videos.server.ts",
      )) as typeof import("../../app/video/videos.server");
      expect(
        await videosModule.expireAbandonedUploads(app.db, {
          now: new Date(Date.now() + 25 * 60 * 60 * 1000),
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(await bucket.list(`media/videos/${videoId}`)).toEqual([]);
      const open = await bucket.client.send(
        new ListMultipartUploadsCommand({ Bucket: s3.config.bucket, Prefix: `media/videos/${videoId}` }),
      );
      expect(open.Uploads ?? []).toEqual([]);
    },
    60_000,
  );

  it("moves a multipart video upload from this server's spool into the bucket, and replaces it there", async () => {
    const course = await createCourseFor(app.db, trainer, { lessons: 1, published: true });
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    const upload = async () => {
      const response = await app.fetch("/api/instructor/upload-video", {
        method: "POST",
        headers: { Authorization: trainerAuth },
        body: multipart(new Uint8Array(DEMO), "clip.mp4", { lessonId: String(lesson?.id) }),
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { videoId: string; status: string };
      expect(body.status).toBe("processing");
      // The check, then the light renditions it asks for.
      expect(await app.workJobs()).toBe(2);
      return body.videoId;
    };
    const first = await upload();
    expect(await readAll(bucket, `media/videos/${first}`)).toEqual(new Uint8Array(DEMO));
    const second = await upload();
    // The replaced video's bytes are deleted from the bucket.
    expect(await bucket.head(`media/videos/${first}`)).toBeNull();
    expect(await bucket.list(`media/renditions/${first}/`)).toEqual([]);
    expect((await bucket.head(`media/videos/${second}`))?.size).toBe(DEMO.length);
    const incoming = path.join(dataDir, "media", "video-incoming");
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
    // Two uploads, each worked with its renditions: ffmpeg runs at the lowest CPU priority, so while the other
    // test files keep both cores busy it waits its turn (seen at over 60 s in a full run).
  }, 180_000);

  it("keeps an issued certificate's PDF in the bucket and downloads it from there", async () => {
    const learner = await app.helpers.createUser(app.db, "user");
    const course = await createCourseFor(app.db, trainer, { lessons: 1, published: true, price: 0 });
    await enroll(app.db, learner.id, course.id);
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    await app.db.insert(lessonProgress).values({
      userId: learner.id,
      lessonId: lesson?.id ?? 0,
      courseId: course.id,
      completedAt: new Date(),
    });
    const auth = await app.helpers.bearerFor(app.db, learner.id);
    const issued = await app.fetch(`/api/certificates/${course.id}/generate`, {
      method: "POST",
      headers: { Authorization: auth },
    });
    expect(issued.status).toBe(201);
    const { certificate } = (await issued.json()) as { certificate: { id: number; code: string } };
    // The PDF is rendered by a job (decision 048).
    expect(await app.workJobs()).toBeGreaterThan(0);
    const stored = await readAll(bucket, `certificates/${certificate.code}.pdf`);
    expect(Buffer.from(stored?.subarray(0, 5) ?? []).toString("latin1")).toBe("%PDF-");
    expect(existsSync(path.join(dataDir, "certificates", `${certificate.code}.pdf`))).toBe(false);
    const download = await app.fetch(`/api/certificates/${certificate.id}/pdf`, {
      headers: { Authorization: auth },
    });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(stored);
  }, 60_000);

  it("writes the outbox to the bucket, where the admin's outbox page reads it", async () => {
    const member = await app.helpers.createUser(app.db, "user");
    const asked = await app.fetch("/api/auth/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: member.email }),
    });
    expect(asked.status).toBe(202);
    // The mail is a job, sent by a worker (decision 048).
    expect(await bucket.list("outbox/")).toEqual([]);
    expect(await app.workJobs()).toBeGreaterThan(0);
    const keys = await bucket.list("outbox/");
    expect(keys).toHaveLength(1);
    const message = JSON.parse(
      new TextDecoder().decode((await readAll(bucket, keys[0] ?? "")) ?? new Uint8Array()),
    );
    expect(message.to).toBe(member.email);
    expect(existsSync(path.join(dataDir, "outbox"))).toBe(false);

    const admin = await app.helpers.createUser(app.db, "admin");
    const page = await app.fetch("/dashboard/admin/outbox", {
      headers: { Cookie: await app.helpers.cookieFor(app.db, admin.id) },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(member.email);
  });
});
