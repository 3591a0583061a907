// Which uploaded files a course may point at: only its editor's own uploads (an admin may use any).
import { eq } from "drizzle-orm";
import { type Actor, canAttachMedia } from "../access/editing";
import type { Queryable } from "../db/client.server";
import { mediaUploads } from "../db/schema";

/** An uploaded image or PDF the actor may attach, found by public id or by the URL the upload returned. */
export async function findAttachable(
  db: Queryable,
  actor: Actor,
  resourceType: "image" | "raw",
  by: { publicId?: string | null; url?: string | null },
) {
  const where = by.publicId
    ? eq(mediaUploads.publicId, by.publicId)
    : by.url
      ? eq(mediaUploads.url, by.url)
      : null;
  if (!where) return null;
  const [upload] = await db.select().from(mediaUploads).where(where);
  if (!upload || upload.resourceType !== resourceType || !canAttachMedia(actor, upload)) return null;
  return upload;
}
