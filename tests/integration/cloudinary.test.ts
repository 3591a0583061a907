// The Cloudinary media adapter through the real `cloudinary` SDK, pointed at a local fake that verifies
// every upload and destroy signature (RESEARCH: the SDK reads CLOUDINARY_URL with upload_prefix when it is
// first imported, so the variable is set before the adapter's first use). No test touches the internet.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courses, type User } from "../../app/db/schema";
import { createCloudinaryStore } from "../../app/media/cloudinary-store.server";
import type { MediaStore } from "../../app/media/store.server";
import { action as courseApi } from "../../app/routes/api/instructor-course";
import { action as uploadApi } from "../../app/routes/api/media-upload";
import { loader as mediaRaw } from "../../app/routes/media-raw";
import { type FakeCloudinary, startFakeCloudinary } from "../fakes/cloudinary";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { runRoute } from "./route-context";
import { createCourseFor, enroll, imageBytes, multipart, PDF_BYTES } from "./studio-factories";
import { createTestDatabase } from "./test-database";

const CLOUD = { cloud: "manara-test", apiKey: "123456789", secret: "fake-api-secret" };

let fake: FakeCloudinary;
let handle: DatabaseHandle;
let store: MediaStore;
let trainer: User;
let learner: User;
let authorization: string;

beforeAll(async () => {
  fake = await startFakeCloudinary(CLOUD);
  process.env.CLOUDINARY_URL = `cloudinary://${CLOUD.apiKey}:${CLOUD.secret}@${CLOUD.cloud}?upload_prefix=${fake.url}`;
  store = createCloudinaryStore();
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  learner = await createUser(handle.db, "user");
  authorization = await bearerFor(handle.db, trainer.id);
});
afterAll(async () => {
  delete process.env.CLOUDINARY_URL;
  await handle?.close();
  await fake?.close();
});

async function upload(body: FormData): Promise<Response> {
  const request = new Request("http://test/api/cloudinary/upload", {
    method: "POST",
    headers: { Authorization: authorization },
    body,
  });
  return (await runRoute(handle.db, request, uploadApi as never, {}, { media: store })) as Response;
}

describe("the Cloudinary adapter against a signature-checking fake", () => {
  it("uploads an image with a valid signature and returns Cloudinary's URL and public id", async () => {
    const bytes = await imageBytes("png", { width: 1200, height: 675 });
    const response = await upload(multipart(bytes, "cover.png"));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ resourceType: "image", width: 1200, height: 675 });
    expect(body.url).toBe(`https://res.cloudinary.com/${CLOUD.cloud}/image/upload/v1/${body.public_id}`);
    const stored = fake.files.get(body.public_id);
    expect(stored?.bytes).toEqual(bytes);
    expect(fake.requests.at(-1)).toMatchObject({ path: `/v1_1/${CLOUD.cloud}/image/upload`, signed: true });
    expect(store.cardUrl(body.url)).toContain("/image/upload/c_fill,w_480,h_270,f_auto,q_auto/");
  });

  it("is refused by the fake when the signature is wrong (the fake really checks)", async () => {
    const { v2: cloudinary } = await import("cloudinary");
    cloudinary.config({ api_secret: "not-the-secret" });
    try {
      await expect(
        store.upload(
          { bytes: await imageBytes("png"), kind: "png" },
          "manara_0123456789abcdef0123456789abcdef",
        ),
      ).rejects.toMatchObject({ http_code: 401, message: "Invalid Signature" });
      expect(fake.requests.at(-1)?.signed).toBe(false);
    } finally {
      cloudinary.config({ api_secret: CLOUD.secret });
    }
  });

  it("refuses wrong types and sizes before anything reaches Cloudinary", async () => {
    const before = fake.requests.length;
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await upload(multipart(svg, "logo.png"))).status).toBe(415);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await upload(multipart(big, "big.png"))).status).toBe(413);
    expect(fake.requests.length).toBe(before);
  });

  it("replacing a course's image destroys the old one at Cloudinary, with a signed request", async () => {
    const course = await createCourseFor(handle.db, trainer);
    const first = await (await upload(multipart(await imageBytes("jpeg"), "a.jpg"))).json();
    const second = await (await upload(multipart(await imageBytes("webp"), "b.webp"))).json();
    const put = (image: unknown) =>
      runRoute(
        handle.db,
        new Request(`http://test/api/instructor/course/${course.id}`, {
          method: "PUT",
          headers: { Authorization: authorization, "Content-Type": "application/json" },
          body: JSON.stringify({ image }),
        }),
        courseApi as never,
        { id: String(course.id) },
        { media: store },
      ) as Promise<Response>;
    expect((await put({ url: first.url, public_id: first.public_id })).status).toBe(200);
    expect((await put({ url: second.url, public_id: second.public_id })).status).toBe(200);
    expect(fake.files.has(first.public_id)).toBe(false);
    expect(fake.files.has(second.public_id)).toBe(true);
    const destroy = fake.requests.find(
      (request) => request.path.endsWith("/image/destroy") && request.params.public_id === first.public_id,
    );
    expect(destroy?.signed).toBe(true);
    const [row] = await handle.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ imageUrl: second.url, imagePublicId: second.public_id });
  });

  it("uploads lesson PDFs as authenticated raw files and hands enrolled learners a signed, expiring URL", async () => {
    const response = await upload(multipart(PDF_BYTES, "notes.pdf"));
    expect(response.status).toBe(201);
    const pdf = await response.json();
    expect(pdf).toMatchObject({ resourceType: "raw", url: `/media/raw/${pdf.public_id}` });
    expect(fake.files.get(pdf.public_id)).toMatchObject({ resourceType: "raw", type: "authenticated" });

    const course = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    await runRoute(
      handle.db,
      new Request(`http://test/api/instructor/course/${course.id}`, {
        method: "PUT",
        headers: { Authorization: authorization, "Content-Type": "application/json" },
        body: JSON.stringify({ lessons: [{ title: "Notes", pdfUrl: pdf.url }] }),
      }),
      courseApi as never,
      { id: String(course.id) },
      { media: store },
    );
    await enroll(handle.db, learner.id, course.id);
    const download = (await runRoute(
      handle.db,
      new Request(`http://test${pdf.url}`, { headers: { Cookie: await cookieFor(handle.db, learner.id) } }),
      mediaRaw as never,
      { publicId: pdf.public_id },
      { media: store },
    )) as Response;
    expect(download.status).toBe(302);
    const location = new URL(download.headers.get("location") ?? "");
    expect(location.pathname).toBe(`/v1_1/${CLOUD.cloud}/raw/download`);
    expect(location.searchParams.get("public_id")).toBe(pdf.public_id);
    expect(location.searchParams.get("type")).toBe("authenticated");
    expect(Number(location.searchParams.get("expires_at"))).toBeGreaterThan(Date.now() / 1000);
    expect(location.searchParams.get("signature")).toMatch(/^[0-9a-f]{40}$/);
  });
});
