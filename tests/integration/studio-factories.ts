// Factories for studio tests: courses with lessons, uploads and enrollments without hand-written inserts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Database } from "../../app/db/client.server";
import { courses, enrollments, lessons, type User } from "../../app/db/schema";
import { createOutboxMailer } from "../../app/mail/mailer.server";
import { createLocalStore } from "../../app/media/local-store.server";
import { createLocalStorage } from "../../app/storage/local.server";
import { withSection } from "./section-rows";

export function tempMediaStore() {
  return createLocalStore(mkdtempSync(path.join(tmpdir(), "manara-media-")));
}

let shared: ReturnType<typeof tempMediaStore> | undefined;

/** The store runRoute puts on the context unless a test brings its own. */
export function sharedTestMediaStore() {
  shared ??= tempMediaStore();
  return shared;
}

let sharedMailer: ReturnType<typeof tempOutboxMailer> | undefined;

export function tempOutboxMailer() {
  return createOutboxMailer(
    createLocalStorage(mkdtempSync(path.join(tmpdir(), "manara-outbox-"))),
    "Manara <test@manara.test>",
  );
}

/** The mailer runRoute puts on the context unless a test brings its own: an outbox in a temporary folder. */
export function sharedTestMailer() {
  const mailer = sharedMailer ?? tempOutboxMailer();
  sharedMailer = mailer;
  return mailer;
}

export async function createCourseFor(
  db: Database,
  trainer: Pick<User, "id">,
  {
    lessons: lessonCount = 0,
    published = false,
    price = 1000,
    description = "A course description",
  }: { lessons?: number; published?: boolean; price?: number; description?: string } = {},
) {
  const [course] = await db
    .insert(courses)
    .values({
      slug: `test-${crypto.randomUUID()}`,
      title: "Test course",
      description,
      category: "data-science",
      price,
      isPublished: published,
      trainerId: trainer.id,
    })
    .returning();
  if (!course) throw new Error("course not created");
  if (lessonCount > 0) {
    await db.insert(lessons).values(
      await withSection(
        db,
        Array.from({ length: lessonCount }, (_, index) => ({
          courseId: course.id,
          position: index + 1,
          title: `Lesson ${index + 1}`,
        })),
      ),
    );
  }
  return course;
}

export async function enroll(db: Database, userId: string, courseId: number, pricePaid = 0) {
  await db.insert(enrollments).values({ userId, courseId, pricePaid });
}

/** A small real image of the given format, with EXIF data when asked. */
export async function imageBytes(
  format: "jpeg" | "png" | "webp" | "avif",
  { width = 1600, height = 900, exif = false } = {},
): Promise<Uint8Array> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 230, g: 80, b: 60 } } });
  if (exif) image = image.withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner", Artist: "A" } } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

export const PDF_BYTES = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export function multipart(file: Uint8Array, name = "upload.bin", fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("file", new File([new Uint8Array(file)], name, { type: "application/octet-stream" }));
  return form;
}
