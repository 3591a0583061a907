// The one editorial mechanism that blog posts and case studies are two configurations of (./posts.server.ts,
// ./case-studies.server.ts): reading for readers and editors, listing, status and schedule, the Markdown
// rendered on save, slugs, the cover and the gallery, and deleting with the uploads nothing uses any more.
// Every function takes the db first, asks the kind's policy who may act, and answers with an
// { ok: false, reason } union instead of a Response.

import { and, desc, eq, lte, ne, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Actor, canAttachMedia } from "../access/editing";
import type { Database, Queryable } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import type {
  BlogPost,
  blogPosts,
  EditorialStatus,
  GalleryImage,
  MediaUpload,
  portfolioItems,
} from "../db/schema";
import { enqueueJob } from "../jobs/queue.server";
import { renderMarkdown } from "../lib/markdown.server";
import { Rollback, refusalOf } from "../lib/rollback";
import { isRowId } from "../lib/validation";
import { findUpload, releaseMedia } from "../media/media.server";
import type { MediaStore } from "../media/store.server";
import { MAX_GALLERY } from "./limits";
import { type EditorAccess, planPublication } from "./policy";

export type EditorialRefusal =
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "forbidden" }
  | { ok: false; reason: "media_not_found"; field: string }
  | { ok: false; reason: "publish_at_required" }
  | { ok: false; reason: "publish_at_in_future" }
  | { ok: false; reason: "gallery_full" };

/** What every editorial input has: its status, and the date to publish at. */
export type PublicationInput = { status: EditorialStatus; publishAt?: Date | null };

type EditorialTable = typeof blogPosts | typeof portfolioItems;
type EditorialRow = { id: number; status: EditorialStatus; publishedAt: Date | null; updatedAt: Date };

/** The media columns a change asks for, the uploads it stops showing, or why it may not. */
export type MediaChange<Row> = { columns: Partial<Row>; released: (string | null)[] } | EditorialRefusal;

/**
 * One kind of editorial item. The generic functions below do the rest; the kind says only what differs:
 * its table, its fields, who may write and read it, and how it shows pictures (a cover or a gallery).
 */
export type EditorialKind<Row extends EditorialRow, Input extends PublicationInput> = {
  table: EditorialTable;
  /** New items' slugs: `${slugPrefix}-<uuid>` (URLs use the numeric id; the slug keeps seeding idempotent). */
  slugPrefix: string;
  /** Text fields stored as typed. */
  textFields: readonly (keyof Input & keyof Row & string)[];
  /** Markdown fields, each stored with its sanitized HTML beside it (`<field>Html`). */
  markdownFields: readonly (keyof Input & keyof Row & string)[];
  /** Who may write this kind at all (refused before anything is read). */
  mayWrite: (actor: Actor | null) => boolean;
  /** How the editor of one item answers the actor. */
  editorAccess: (actor: Actor | null, row: Row | null, now: Date) => EditorAccess;
  mayRead: (actor: Actor | null, row: Row, now: Date) => boolean;
  /** The rows a reader's list shows the actor (undefined: all). */
  readableWhere: (actor: Actor | null, now: Date) => SQL | undefined;
  /** The rows the editor's list shows the actor (undefined: all). */
  editorWhere: (actor: Actor, options: { mine: boolean }) => SQL | undefined;
  /** The cover's or gallery's columns for a change (undefined: no change of pictures). */
  media: (
    db: Queryable,
    actor: Actor,
    change: Partial<Input>,
    current: Row | null,
  ) => Promise<MediaChange<Row> | undefined>;
  /** Every upload an item shows, released when it is deleted. */
  uploadsOf: (row: Row) => (string | null)[];
  /** Columns only a new item gets (a post's byline). */
  createColumns?: (db: Database, actor: Actor) => Promise<Partial<Row>>;
};

export type Outcome<Row> = { ok: true; row: Row } | EditorialRefusal;

const forbidden = (): EditorialRefusal => ({ ok: false, reason: "forbidden" });
const notFound = (): EditorialRefusal => ({ ok: false, reason: "not_found" });

// ── Shared pieces ──────────────────────────────────────────────────────────────────────────────────────

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

/** A refusal thrown inside a transaction, to roll it back (app/lib/rollback.ts). */
export function rollbackAnswer(error: unknown): EditorialRefusal {
  return refusalOf<EditorialRefusal>(error);
}

/** The stored text columns of a change: the fields as typed, each Markdown field with its HTML. */
function textColumns<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  change: Partial<Input>,
): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const field of kind.textFields) columns[field] = change[field];
  for (const field of kind.markdownFields) {
    const value = change[field] as string | null | undefined;
    columns[field] = value;
    // Arabic fields are the optional ones: empty means "fall back to English".
    columns[`${field}Html`] = field.endsWith("Ar") ? htmlOfOptional(value) : htmlOf(value ?? undefined);
  }
  return columns;
}

// ── The cover and the gallery ──────────────────────────────────────────────────────────────────────────

/** An upload to show by its id, or a picture the item already shows that has none (a seeded file), by URL. */
export type ImageRequest = { publicId: string } | { keepUrl: string };

/** The cover columns for a requested cover (null removes it), or a refusal when the upload is not the actor's. */
export async function coverChange(
  db: Queryable,
  actor: Actor,
  cover: ImageRequest | null | undefined,
  current: Pick<BlogPost, "coverUrl" | "coverPublicId"> | null,
): Promise<MediaChange<Pick<BlogPost, "coverUrl" | "coverPublicId">> | undefined> {
  if (cover === undefined) return undefined;
  const released = current?.coverPublicId ? [current.coverPublicId] : [];
  if (cover === null) return { columns: { coverUrl: null, coverPublicId: null }, released };
  const kept =
    current &&
    ("keepUrl" in cover
      ? current.coverUrl && current.coverUrl === cover.keepUrl
      : current.coverPublicId === cover.publicId);
  if (current && kept)
    return { columns: { coverUrl: current.coverUrl, coverPublicId: current.coverPublicId }, released: [] };
  if ("keepUrl" in cover) return { ok: false, reason: "media_not_found", field: "coverImage" };
  const upload = await attachableImage(db, actor, cover.publicId);
  if (!upload) return { ok: false, reason: "media_not_found", field: "coverImage" };
  return { columns: { coverUrl: upload.url, coverPublicId: upload.publicId }, released };
}

/** A gallery entry as asked for, with its alt texts. */
export type GalleryRequest = ImageRequest & { alt?: string | null; altAr?: string | null };

/**
 * The stored gallery for a requested one: uploads the actor may attach, or images the item already shows.
 * Returns the refusal for the first entry that is neither; entries left out are released.
 */
export async function galleryChange(
  db: Queryable,
  actor: Actor,
  requested: GalleryRequest[] | undefined,
  current: GalleryImage[],
): Promise<MediaChange<{ images: GalleryImage[] }> | undefined> {
  if (requested === undefined) return undefined;
  if (requested.length > MAX_GALLERY) return { ok: false, reason: "gallery_full" };
  const gallery: GalleryImage[] = [];
  for (const [index, entry] of requested.entries()) {
    const alt = entry.alt ?? null;
    const altAr = entry.altAr ?? null;
    const kept = current.find((image) =>
      "keepUrl" in entry ? image.url === entry.keepUrl : image.publicId === entry.publicId,
    );
    if (kept) {
      gallery.push({ ...kept, alt, altAr });
      continue;
    }
    const upload = "publicId" in entry ? await attachableImage(db, actor, entry.publicId) : null;
    if (!upload) return { ok: false, reason: "media_not_found", field: `images.${index}` };
    gallery.push({ url: upload.url, publicId: upload.publicId, alt, altAr });
  }
  // One picture twice would make "remove" ambiguous.
  const keys = gallery.map((image) => image.publicId ?? image.url);
  if (new Set(keys).size !== keys.length) return { ok: false, reason: "media_not_found", field: "images" };
  const kept = new Set(gallery.map((image) => image.publicId));
  return {
    columns: { images: gallery },
    released: current.map((image) => image.publicId).filter((id) => Boolean(id) && !kept.has(id)),
  };
}

/** A stored gallery as the request that keeps it as it is. */
export function galleryAsRequest(images: GalleryImage[]): GalleryRequest[] {
  return images.map((image) =>
    image.publicId
      ? { publicId: image.publicId, alt: image.alt, altAr: image.altAr }
      : { keepUrl: image.url, alt: image.alt, altAr: image.altAr },
  );
}

// ── Reading ────────────────────────────────────────────────────────────────────────────────────────────

async function load<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  db: Queryable,
  id: number,
): Promise<Row | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(kind.table).where(eq(kind.table.id, id));
  return (row as Row | undefined) ?? null;
}

/** An item for a reader: public ones for everybody, others only for whoever may edit them. */
export async function getReadable<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  db: Database,
  actor: Actor | null,
  id: number,
  now = new Date(),
): Promise<Row | null> {
  const row = await load(kind, db, id);
  return row && kind.mayRead(actor, row, now) ? row : null;
}

/** An item for its editor, or how the editor must answer when the actor may not edit it. */
export async function getForEditor<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  db: Database,
  actor: Actor | null,
  id: number,
  now = new Date(),
): Promise<{ access: "edit"; row: Row } | { access: Exclude<EditorAccess, "edit">; row?: never }> {
  const row = await load(kind, db, id);
  const access = kind.editorAccess(actor, row, now);
  if (access === "edit" && row) return { access, row };
  return { access: access === "edit" ? "not_found" : access };
}

type Page = { limit: number; offset: number; countTotal?: boolean };

async function list<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  db: Database,
  where: SQL | undefined,
  order: "newest" | "lastEdited",
  { limit, offset, countTotal = true }: Page,
): Promise<{ items: Row[]; total: number }> {
  const { table } = kind;
  const orderBy =
    order === "newest"
      ? [desc(table.publishedAt), desc(table.createdAt), desc(table.id)]
      : [desc(table.updatedAt), desc(table.id)];
  const [items, total] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    countTotal ? db.$count(table, where) : Promise.resolve(0),
  ]);
  return { items: items as Row[], total };
}

/** The readers' list: public items, newest first, plus what the actor may edit. */
export function listReadable<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  db: Database,
  actor: Actor | null,
  page: Page,
  now = new Date(),
) {
  return list(kind, db, kind.readableWhere(actor, now), "newest", page);
}

/** Only what is public now, newest first (the public pages and feeds). */
export function listPublic<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  db: Database,
  page: Page,
  now = new Date(),
) {
  return list(kind, db, publicNow(kind.table, now), "newest", page);
}

/** The editor's list, last edited first; nothing for an actor who may not write this kind. */
export async function listForEditor<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  db: Database,
  actor: Actor,
  { mine = false, ...page }: Page & { mine?: boolean },
): Promise<{ items: Row[]; total: number }> {
  if (!kind.mayWrite(actor)) return { items: [], total: 0 };
  return list(kind, db, kind.editorWhere(actor, { mine }), "lastEdited", page);
}

// ── Writing ────────────────────────────────────────────────────────────────────────────────────────────

/** A new item by the actor, as a draft, published or scheduled. */
export async function createItem<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  db: Database,
  actor: Actor,
  input: Input,
  now = new Date(),
): Promise<Outcome<Row>> {
  if (!kind.mayWrite(actor)) return forbidden();
  const plan = planPublication(input, null, now);
  if (!plan.ok) return { ok: false, reason: plan.reason };
  const media = await kind.media(db, actor, input, null);
  if (media && "ok" in media) return media;
  const [row] = await db
    .insert(kind.table)
    .values({
      ...textColumns(kind, input),
      ...(await kind.createColumns?.(db, actor)),
      ...media?.columns,
      slug: `${kind.slugPrefix}-${crypto.randomUUID()}`,
      status: plan.status,
      publishedAt: plan.publishedAt,
      createdAt: now,
      updatedAt: now,
    } as typeof blogPosts.$inferInsert & typeof portfolioItems.$inferInsert)
    .returning();
  if (!row) throw new Error(`${kind.slugPrefix} not inserted`);
  await announcePublicChange(db, "editorial");
  if (plan.status === "scheduled" && plan.publishedAt)
    await schedulePublicationNotice(db, db, kind.slugPrefix, row.id, plan.publishedAt);
  return { ok: true, row: row as unknown as Row };
}

/**
 * Changes an item; fields left out stay as they are. Changing only `status` (and `publishAt`) publishes,
 * schedules or unpublishes it. Pictures it stops showing are deleted once nothing uses them.
 */
export async function updateItem<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  db: Database,
  store: MediaStore,
  actor: Actor,
  id: number,
  changes: Partial<Input>,
  now = new Date(),
): Promise<Outcome<Row>> {
  if (!kind.mayWrite(actor)) return forbidden();
  if (!isRowId(id)) return notFound();
  let released: (string | null)[] = [];
  const outcome = await db
    .transaction(async (tx): Promise<Outcome<Row>> => {
      const [locked] = await tx.select().from(kind.table).where(eq(kind.table.id, id)).for("update");
      const current = (locked as Row | undefined) ?? null;
      const access = kind.editorAccess(actor, current, now);
      if (!current || access !== "edit")
        throw new Rollback(access === "forbidden" ? forbidden() : notFound());
      const wantsStatus = changes.status !== undefined || changes.publishAt !== undefined;
      const plan = wantsStatus
        ? planPublication(
            { status: changes.status ?? current.status, publishAt: changes.publishAt },
            current,
            now,
          )
        : null;
      if (plan && !plan.ok) throw new Rollback({ ok: false, reason: plan.reason });
      const media = await kind.media(tx, actor, changes, current);
      if (media && "ok" in media) throw new Rollback(media);
      released = media?.released ?? [];
      const [row] = await tx
        .update(kind.table)
        .set({
          ...textColumns(kind, changes),
          ...media?.columns,
          ...(plan?.ok ? { status: plan.status, publishedAt: plan.publishedAt } : {}),
          updatedAt: now,
        })
        .where(eq(kind.table.id, id))
        .returning();
      if (!row) throw new Error(`${kind.slugPrefix} vanished under its lock`);
      await announcePublicChange(tx, "editorial");
      if (plan?.ok && plan.status === "scheduled" && plan.publishedAt)
        await schedulePublicationNotice(db, tx, kind.slugPrefix, id, plan.publishedAt);
      return { ok: true, row: row as Row };
    })
    .catch(rollbackAnswer);
  if (outcome.ok) await releaseMedia(db, store, released);
  return outcome;
}

/**
 * A scheduled item goes public at its time without anyone writing anything then, so no committed change
 * tells the servers' caches: a job queued for that time announces it (the editorial-publish job,
 * app/jobs/handlers.server.ts), and every server drops its copies at once. One job per item and time; a
 * job for a time since changed only makes the caches read again.
 */
async function schedulePublicationNotice(db: Database, on: Queryable, kind: string, id: number, at: Date) {
  await enqueueJob(
    db,
    on,
    "editorial-publish",
    { kind, id },
    {
      key: `${kind}:${id}:${at.toISOString()}`,
      startAfter: at,
    },
  );
}

/** Deletes an item and then the uploads it showed. */
export async function deleteItem<Row extends EditorialRow, Input extends PublicationInput>(
  kind: EditorialKind<Row, Input>,
  db: Database,
  store: MediaStore,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<{ ok: true } | EditorialRefusal> {
  if (!kind.mayWrite(actor)) return forbidden();
  const row = await load(kind, db, id);
  const access = kind.editorAccess(actor, row, now);
  if (!row || access !== "edit") return access === "forbidden" ? forbidden() : notFound();
  await db.delete(kind.table).where(eq(kind.table.id, id));
  await announcePublicChange(db, "editorial");
  await releaseMedia(db, store, kind.uploadsOf(row));
  return { ok: true };
}
