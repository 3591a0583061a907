// Uploads and deletions as the studio sees them: the file goes through the adapter, and a row in
// media_uploads remembers who uploaded it, so later only that person (or an admin) may delete or attach it.
import { eq, or, sql } from "drizzle-orm";
import { type Actor, canDeleteMedia, canUseStudio } from "../access/editing";
import type { Database } from "../db/client.server";
import {
  blogPosts,
  courses,
  lessons,
  type MediaResourceType,
  type MediaUpload,
  mediaUploads,
  portfolioItems,
  users,
} from "../db/schema";
import { logger } from "../lib/logger.server";
import type { SniffedKind } from "./sniff";
import { type MediaStore, newPublicId, type StoredMedia, UnreadableMedia } from "./store.server";

export type StoreOutcome =
  | { ok: true; media: StoredMedia }
  | { ok: false; reason: "forbidden" | "unreadable" };

export async function storeUpload(
  db: Database,
  store: MediaStore,
  actor: Actor,
  file: { bytes: Uint8Array; kind: SniffedKind },
): Promise<StoreOutcome> {
  if (!canUseStudio(actor)) return { ok: false, reason: "forbidden" };
  let media: StoredMedia;
  try {
    media = await store.upload(file, newPublicId());
  } catch (error) {
    if (error instanceof UnreadableMedia) return { ok: false, reason: "unreadable" };
    throw error;
  }
  await db.insert(mediaUploads).values({
    publicId: media.publicId,
    resourceType: media.resourceType,
    uploaderId: actor.id,
    url: media.url,
    contentType: media.contentType,
    bytes: media.bytes,
    width: media.width ?? null,
    height: media.height ?? null,
  });
  return { ok: true, media };
}

export type DeleteMediaOutcome = { ok: true } | { ok: false; reason: "not_found" | "forbidden" | "in_use" };

/** Deletes an upload nothing uses any more. One in use by a course, lesson, post or case study is refused (409). */
export async function deleteUpload(
  db: Database,
  store: MediaStore,
  actor: Actor,
  publicId: string,
  resourceType: MediaResourceType,
): Promise<DeleteMediaOutcome> {
  const [upload] = await db.select().from(mediaUploads).where(eq(mediaUploads.publicId, publicId));
  if (!upload || upload.resourceType !== resourceType) return { ok: false, reason: "not_found" };
  if (!canDeleteMedia(actor, upload)) return { ok: false, reason: "forbidden" };
  if (await isInUse(db, upload)) return { ok: false, reason: "in_use" };
  await store.destroy(upload.publicId, upload.resourceType);
  await db.delete(mediaUploads).where(eq(mediaUploads.publicId, publicId));
  return { ok: true };
}

async function isInUse(db: Database, upload: MediaUpload): Promise<boolean> {
  if (upload.resourceType === "image") {
    // Course covers, blog covers, case-study galleries (editorial) and teachers' photos point at uploads.
    const inGallery = sql`${portfolioItems.images} @> ${JSON.stringify([{ publicId: upload.publicId }])}::jsonb`;
    const counts = await Promise.all([
      db.$count(courses, eq(courses.imagePublicId, upload.publicId)),
      db.$count(blogPosts, eq(blogPosts.coverPublicId, upload.publicId)),
      db.$count(portfolioItems, inGallery),
      db.$count(users, eq(users.avatarPublicId, upload.publicId)),
    ]);
    return counts.some((count) => count > 0);
  }
  return (
    (await db.$count(lessons, or(eq(lessons.pdfPublicId, upload.publicId), eq(lessons.pdfUrl, upload.url)))) >
    0
  );
}

/** After a course or lesson let go of files: delete those nothing else points at. Never throws. */
export async function releaseMedia(db: Database, store: MediaStore, publicIds: (string | null)[]) {
  for (const publicId of new Set(publicIds.filter((id): id is string => Boolean(id)))) {
    try {
      const [upload] = await db.select().from(mediaUploads).where(eq(mediaUploads.publicId, publicId));
      if (!upload || (await isInUse(db, upload))) continue;
      await store.destroy(upload.publicId, upload.resourceType);
      await db.delete(mediaUploads).where(eq(mediaUploads.publicId, publicId));
    } catch (error) {
      // A file left behind is a leak to log, not a reason to fail the edit that already committed.
      logger("media").error({ err: error, publicId }, "Could not delete media");
    }
  }
}

export async function findUpload(db: Database, publicId: string): Promise<MediaUpload | null> {
  const [upload] = await db.select().from(mediaUploads).where(eq(mediaUploads.publicId, publicId));
  return upload ?? null;
}
