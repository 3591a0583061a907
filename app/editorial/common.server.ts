// What the editorial domain modules share: their refusals, the SQL form of "public now", rendering the
// Markdown fields of a change, and finding an upload the actor may attach.
import { and, lte, ne, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database, Queryable } from "../db/client.server";
import type { MediaUpload } from "../db/schema";
import { renderMarkdown } from "../lib/markdown.server";
import { findUpload } from "../media/media.server";
import { type Actor, canAttachMedia } from "../studio/policy";

export type EditorialRefusal =
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "forbidden" }
  | { ok: false; reason: "media_not_found"; field: string }
  | { ok: false; reason: "publish_at_required" }
  | { ok: false; reason: "publish_at_in_future" }
  | { ok: false; reason: "gallery_full" };

/** policy.isPublic in SQL, for lists and feeds. */
export function publicNow(table: { status: PgColumn; publishedAt: PgColumn }, now: Date): SQL {
  return and(ne(table.status, "draft"), lte(table.publishedAt, now)) as SQL;
}

/** A required Markdown field's HTML, rendered and sanitized once, here, on save; undefined stays unchanged. */
export function htmlOf(markdown: string | undefined): string | undefined {
  return markdown === undefined ? undefined : renderMarkdown(markdown);
}

/** An optional (Arabic) field's HTML: none when empty, so pages fall back to English. */
export function htmlOfOptional(markdown: string | null | undefined): string | null | undefined {
  if (markdown === undefined) return undefined;
  return markdown ? renderMarkdown(markdown) : null;
}

/** An uploaded image the actor may attach (their own, or any for an admin), or null. */
export async function attachableImage(
  db: Queryable,
  actor: Actor,
  publicId: string,
): Promise<MediaUpload | null> {
  const upload = await findUpload(db as Database, publicId);
  if (upload?.resourceType !== "image" || !canAttachMedia(actor, upload)) return null;
  return upload;
}

/** drizzle rolls a transaction back when its callback throws; refusals are thrown to get that. */
export class Rollback extends Error {
  constructor(readonly refusal: EditorialRefusal) {
    super(refusal.reason);
  }
}

export function rollbackAnswer(error: unknown): EditorialRefusal {
  if (error instanceof Rollback) return error.refusal;
  throw error;
}
