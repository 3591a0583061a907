// Blog posts as a configuration of the editorial mechanism (./editorial.server.ts): trainers and admins
// write them, each with a cover and a byline; the functions the pages and the API call, named for posts.
import { eq, or } from "drizzle-orm";
import { canTeach, isAdmin } from "../access/roles";
import type { Database } from "../db/client.server";
import { type BlogPost, blogPosts, type EditorialStatus, users } from "../db/schema";
import type { MediaStore } from "../media/store.server";
import {
  coverChange,
  createItem,
  deleteItem,
  type EditorialKind,
  type EditorialRefusal,
  getForEditor,
  getReadable,
  type ImageRequest,
  listForEditor,
  listPublic,
  listReadable,
  publicNow,
  updateItem,
} from "./editorial.server";
import { type Actor, canReadPost, canWriteBlog, type EditorAccess, postEditorAccess } from "./policy";

export type PostInput = {
  title: string;
  titleAr?: string | null;
  excerpt: string;
  excerptAr?: string | null;
  body: string;
  bodyAr?: string | null;
  /** An upload to show as the cover; null removes it; `keepUrl` keeps a cover that has no upload id. */
  cover?: ImageRequest | null;
  status: EditorialStatus;
  publishAt?: Date | null;
};

export type PostOutcome = { ok: true; post: BlogPost } | EditorialRefusal;

export const POSTS: EditorialKind<BlogPost, PostInput> = {
  table: blogPosts,
  slugPrefix: "post",
  textFields: ["title", "titleAr", "excerpt", "excerptAr"],
  markdownFields: ["body", "bodyAr"],
  mayWrite: canWriteBlog,
  editorAccess: postEditorAccess,
  mayRead: canReadPost,
  // Public posts, plus every post for an admin and a trainer's own.
  readableWhere: (actor, now) => {
    if (isAdmin(actor)) return undefined;
    if (actor && canTeach(actor)) return or(publicNow(blogPosts, now), eq(blogPosts.authorId, actor.id));
    return publicNow(blogPosts, now);
  },
  // An admin sees every post (or only their own with `mine`), a trainer their own.
  editorWhere: (actor, { mine }) => (isAdmin(actor) && !mine ? undefined : eq(blogPosts.authorId, actor.id)),
  media: (db, actor, change, current) => coverChange(db, actor, change.cover, current),
  uploadsOf: (post) => [post.coverPublicId],
  // The byline: the author's name as it is now.
  createColumns: async (db, actor) => {
    const [author] = await db
      .select({ name: users.name, nameAr: users.nameAr })
      .from(users)
      .where(eq(users.id, actor.id));
    return { authorId: actor.id, authorName: author?.name ?? "", authorNameAr: author?.nameAr ?? null };
  },
};

function asPost(outcome: { ok: true; row: BlogPost } | EditorialRefusal): PostOutcome {
  return outcome.ok ? { ok: true, post: outcome.row } : outcome;
}

/** A post for a reader: public ones for everybody, others only for whoever may edit them. */
export function getReadablePost(db: Database, actor: Actor | null, id: number, now = new Date()) {
  return getReadable(POSTS, db, actor, id, now);
}

/** A post for its editor, with how the editor must answer when the actor may not edit it. */
export async function getPostForEditor(
  db: Database,
  actor: Actor | null,
  id: number,
  now = new Date(),
): Promise<{ access: "edit"; post: BlogPost } | { access: Exclude<EditorAccess, "edit">; post?: never }> {
  const found = await getForEditor(POSTS, db, actor, id, now);
  return found.access === "edit" ? { access: "edit", post: found.row } : { access: found.access };
}

/** GET /api/blog: public posts, newest first, plus the drafts and schedules the caller may edit. */
export function listReadablePosts(
  db: Database,
  actor: Actor | null,
  page: { limit: number; offset: number },
  now = new Date(),
) {
  return listReadable(POSTS, db, actor, page, now);
}

/** The public blog, the home page and the feeds: only what is public now. */
export function listPublicPosts(
  db: Database,
  page: { limit: number; offset: number; countTotal?: boolean },
  now = new Date(),
) {
  return listPublic(POSTS, db, page, now);
}

/** The editor's list: an admin sees every post (or only their own with `mine`), a trainer their own. */
export function listPostsForEditor(
  db: Database,
  actor: Actor,
  page: { limit: number; offset: number; mine?: boolean },
) {
  return listForEditor(POSTS, db, actor, page);
}

/** A new post by the actor, with their name as the byline. */
export async function createPost(db: Database, actor: Actor, input: PostInput, now = new Date()) {
  return asPost(await createItem(POSTS, db, actor, input, now));
}

/** Changes a post; fields left out stay. A replaced cover upload is deleted once nothing uses it. */
export async function updatePost(
  db: Database,
  store: MediaStore,
  actor: Actor,
  id: number,
  changes: Partial<PostInput>,
  now = new Date(),
) {
  return asPost(await updateItem(POSTS, db, store, actor, id, changes, now));
}

/** Deletes a post and then its uploaded cover. */
export function deletePost(db: Database, store: MediaStore, actor: Actor, id: number, now = new Date()) {
  return deleteItem(POSTS, db, store, actor, id, now);
}
