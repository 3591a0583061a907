// Blog posts: writing, publishing, scheduling and deleting them. Every function takes the db first, asks the
// policy module who may act, and answers with an { ok: false, reason } union instead of a Response.

import { and, desc, eq, or, type SQL } from "drizzle-orm";
import { canTeach, isAdmin } from "../access/roles";
import type { Database } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import { type BlogPost, blogPosts, type EditorialStatus, users } from "../db/schema";
import { isRowId } from "../lib/validation";
import { releaseMedia } from "../media/media.server";
import type { MediaStore } from "../media/store.server";
import {
  attachableImage,
  type EditorialRefusal,
  htmlOf,
  htmlOfOptional,
  publicNow,
  Rollback,
  rollbackAnswer,
} from "./common.server";
import {
  type Actor,
  canEditPost,
  canReadPost,
  canWriteBlog,
  type EditorAccess,
  planPublication,
  postEditorAccess,
} from "./policy";

export type PostInput = {
  title: string;
  titleAr?: string | null;
  excerpt: string;
  excerptAr?: string | null;
  body: string;
  bodyAr?: string | null;
  /** An upload to show as the cover; null removes it; `keepUrl` keeps a cover that has no upload id. */
  cover?: { publicId: string } | { keepUrl: string } | null;
  status: EditorialStatus;
  publishAt?: Date | null;
};

export type PostOutcome = { ok: true; post: BlogPost } | EditorialRefusal;

// ── Reading ────────────────────────────────────────────────────────────────────────────────────────────

async function loadPost(db: Database, id: number): Promise<BlogPost | null> {
  if (!isRowId(id)) return null;
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return post ?? null;
}

/** A post for a reader: public ones for everybody, others only for whoever may edit them. */
export async function getReadablePost(
  db: Database,
  actor: Actor | null,
  id: number,
  now = new Date(),
): Promise<BlogPost | null> {
  const post = await loadPost(db, id);
  return post && canReadPost(actor, post, now) ? post : null;
}

/** A post for its editor, with how the editor must answer when the actor may not edit it. */
export async function getPostForEditor(
  db: Database,
  actor: Actor | null,
  id: number,
  now = new Date(),
): Promise<{ access: "edit"; post: BlogPost } | { access: Exclude<EditorAccess, "edit">; post?: never }> {
  const post = await loadPost(db, id);
  const access = postEditorAccess(actor, post, now);
  if (access === "edit" && post) return { access, post };
  return { access: access === "edit" ? "not_found" : access };
}

/** Which posts a list shows the actor: public ones, plus every post an admin may edit or a trainer's own. */
function readableBy(actor: Actor | null, now: Date): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  if (actor && canTeach(actor)) return or(publicNow(blogPosts, now), eq(blogPosts.authorId, actor.id));
  return publicNow(blogPosts, now);
}

const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.createdAt), desc(blogPosts.id)];

/** GET /api/blog: public posts, newest first, plus the drafts and schedules the caller may edit. */
export async function listReadablePosts(
  db: Database,
  actor: Actor | null,
  { limit, offset }: { limit: number; offset: number },
  now = new Date(),
): Promise<{ items: BlogPost[]; total: number }> {
  const where = readableBy(actor, now);
  const [items, total] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.$count(blogPosts, where),
  ]);
  return { items, total };
}

/** The public blog, the home page and the feeds: only what is public now. */
export async function listPublicPosts(
  db: Database,
  { limit, offset, countTotal = true }: { limit: number; offset: number; countTotal?: boolean },
  now = new Date(),
): Promise<{ items: BlogPost[]; total: number }> {
  const where = publicNow(blogPosts, now);
  const [items, total] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    countTotal ? db.$count(blogPosts, where) : Promise.resolve(0),
  ]);
  return { items, total };
}

/** The editor's list: an admin sees every post (or only their own with `mine`), a trainer their own. */
export async function listPostsForEditor(
  db: Database,
  actor: Actor,
  { limit, offset, mine = false }: { limit: number; offset: number; mine?: boolean },
): Promise<{ items: BlogPost[]; total: number }> {
  if (!canWriteBlog(actor)) return { items: [], total: 0 };
  const where = isAdmin(actor) && !mine ? undefined : eq(blogPosts.authorId, actor.id);
  const [items, total] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
      .limit(limit)
      .offset(offset),
    db.$count(blogPosts, where),
  ]);
  return { items, total };
}

// ── Writing ────────────────────────────────────────────────────────────────────────────────────────────

/** The cover columns for a requested cover, or a refusal when the upload is not the actor's to use. */
async function coverColumns(
  db: Database,
  actor: Actor,
  cover: PostInput["cover"],
  current: BlogPost | null,
): Promise<{ coverUrl: string | null; coverPublicId: string | null } | EditorialRefusal | undefined> {
  if (cover === undefined) return undefined;
  if (cover === null) return { coverUrl: null, coverPublicId: null };
  if ("keepUrl" in cover) {
    if (current?.coverUrl && current.coverUrl === cover.keepUrl)
      return { coverUrl: current.coverUrl, coverPublicId: current.coverPublicId };
    return { ok: false, reason: "media_not_found", field: "coverImage" };
  }
  if (current?.coverPublicId === cover.publicId)
    return { coverUrl: current.coverUrl, coverPublicId: current.coverPublicId };
  const upload = await attachableImage(db, actor, cover.publicId);
  if (!upload) return { ok: false, reason: "media_not_found", field: "coverImage" };
  return { coverUrl: upload.url, coverPublicId: upload.publicId };
}

const slugFor = () => `post-${crypto.randomUUID()}`;

/** A new post by the actor, with their name as the byline. */
export async function createPost(
  db: Database,
  actor: Actor,
  input: PostInput,
  now = new Date(),
): Promise<PostOutcome> {
  if (!canWriteBlog(actor)) return { ok: false, reason: "forbidden" };
  const plan = planPublication(input, null, now);
  if (!plan.ok) return { ok: false, reason: plan.reason };
  const cover = await coverColumns(db, actor, input.cover, null);
  if (cover && "ok" in cover) return cover;
  const [author] = await db
    .select({ name: users.name, nameAr: users.nameAr })
    .from(users)
    .where(eq(users.id, actor.id));
  const [post] = await db
    .insert(blogPosts)
    .values({
      slug: slugFor(),
      title: input.title,
      titleAr: input.titleAr ?? null,
      excerpt: input.excerpt,
      excerptAr: input.excerptAr ?? null,
      body: input.body,
      bodyAr: input.bodyAr ?? null,
      bodyHtml: htmlOf(input.body),
      bodyArHtml: htmlOfOptional(input.bodyAr ?? null),
      authorId: actor.id,
      authorName: author?.name ?? "",
      authorNameAr: author?.nameAr ?? null,
      coverUrl: cover?.coverUrl ?? null,
      coverPublicId: cover?.coverPublicId ?? null,
      status: plan.status,
      publishedAt: plan.publishedAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!post) throw new Error("post not inserted");
  await announcePublicChange(db, "editorial");
  return { ok: true, post };
}

/**
 * Changes a post; fields left out stay as they are. Changing only `status` (and `publishAt`) publishes,
 * schedules or unpublishes it. A replaced cover upload is deleted once nothing uses it.
 */
export async function updatePost(
  db: Database,
  store: MediaStore,
  actor: Actor,
  id: number,
  changes: Partial<PostInput>,
  now = new Date(),
): Promise<PostOutcome> {
  if (!isRowId(id)) return { ok: false, reason: "not_found" };
  let released: string | null = null;
  const outcome = await db
    .transaction(async (tx): Promise<PostOutcome> => {
      const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
      const access = postEditorAccess(actor, current ?? null, now);
      if (!current || access !== "edit")
        throw new Rollback({ ok: false, reason: access === "forbidden" ? "forbidden" : "not_found" });
      const wantsStatus = changes.status !== undefined || changes.publishAt !== undefined;
      const plan = wantsStatus
        ? planPublication(
            { status: changes.status ?? current.status, publishAt: changes.publishAt },
            current,
            now,
          )
        : null;
      if (plan && !plan.ok) throw new Rollback({ ok: false, reason: plan.reason });
      const cover = await coverColumns(tx as unknown as Database, actor, changes.cover, current);
      if (cover && "ok" in cover) throw new Rollback(cover);
      if (cover && current.coverPublicId && cover.coverPublicId !== current.coverPublicId)
        released = current.coverPublicId;
      const [post] = await tx
        .update(blogPosts)
        .set({
          title: changes.title,
          titleAr: changes.titleAr,
          excerpt: changes.excerpt,
          excerptAr: changes.excerptAr,
          body: changes.body,
          bodyAr: changes.bodyAr,
          bodyHtml: htmlOf(changes.body),
          bodyArHtml: htmlOfOptional(changes.bodyAr),
          ...(cover ?? {}),
          ...(plan?.ok ? { status: plan.status, publishedAt: plan.publishedAt } : {}),
          updatedAt: now,
        })
        .where(eq(blogPosts.id, id))
        .returning();
      if (!post) throw new Error("post vanished under its lock");
      await announcePublicChange(tx, "editorial");
      return { ok: true, post };
    })
    .catch(rollbackAnswer);
  if (outcome.ok && released) await releaseMedia(db, store, [released]);
  return outcome;
}

/** Deletes a post and then its uploaded cover. */
export async function deletePost(
  db: Database,
  store: MediaStore,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<{ ok: true } | EditorialRefusal> {
  const post = await loadPost(db, id);
  const access = postEditorAccess(actor, post, now);
  if (!post || access !== "edit")
    return { ok: false, reason: access === "forbidden" ? "forbidden" : "not_found" };
  await db.delete(blogPosts).where(and(eq(blogPosts.id, id)));
  await announcePublicChange(db, "editorial");
  await releaseMedia(db, store, [post.coverPublicId]);
  return { ok: true };
}

/** May the actor edit this post? For pages that show an "Edit" link. */
export function mayEdit(actor: Actor | null, post: BlogPost): boolean {
  return canEditPost(actor, post);
}
