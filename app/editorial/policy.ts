// Who may write what on the agency side, and when a post or case study is public. Pure functions: the
// pages, the JSON API and the domain modules all ask these, so every editorial rule has one home.

import type { Actor } from "../access/editing";
import { canTeach, isAdmin } from "../access/roles";
import type { EditorialStatus } from "../db/schema";

export type { Actor };

type Publication = { status: EditorialStatus; publishedAt: Date | null };
type OwnedPost = Publication & { authorId: string | null };

/** Admins and trainers write blog posts (a community blog); learners do not. */
export function canWriteBlog(actor: Actor | null): actor is Actor {
  return canTeach(actor);
}

/** An admin edits any post; a trainer only the posts they wrote. */
export function canEditPost(actor: Actor | null, post: { authorId: string | null }): boolean {
  if (!canWriteBlog(actor)) return false;
  return isAdmin(actor) || (post.authorId !== null && post.authorId === actor.id);
}

/** Case studies are the agency's own work: admins only, never trainers. */
export function canManageCaseStudies(actor: Actor | null): actor is Actor {
  return isAdmin(actor);
}

/** Public once published, or once a scheduled date has passed; a draft never. */
export function isPublic(item: Publication, now: Date): boolean {
  if (item.status === "draft" || !item.publishedAt) return false;
  return item.publishedAt.getTime() <= now.getTime();
}

/** What editors are shown: a scheduled item whose date has passed reads as published. */
export function effectiveStatus(item: Publication, now: Date): EditorialStatus {
  if (item.status === "scheduled" && isPublic(item, now)) return "published";
  return item.status;
}

export type EditorAccess = "edit" | "sign_in" | "forbidden" | "not_found";

/**
 * How a post's editor answers a visitor. Another trainer learns nothing about a draft (404) but may know that
 * a public post exists (403); learners get 403 and guests are asked to sign in.
 */
export function postEditorAccess(actor: Actor | null, post: OwnedPost | null, now: Date): EditorAccess {
  if (!actor) return "sign_in";
  if (!canWriteBlog(actor)) return "forbidden";
  if (!post) return "not_found";
  if (canEditPost(actor, post)) return "edit";
  return isPublic(post, now) ? "forbidden" : "not_found";
}

/** Whoever may edit an item may also read it while it is not public (to preview a draft). */
export function canReadPost(actor: Actor | null, post: OwnedPost, now: Date): boolean {
  return isPublic(post, now) || canEditPost(actor, post);
}

export function canReadCaseStudy(actor: Actor | null, item: Publication, now: Date): boolean {
  return isPublic(item, now) || canManageCaseStudies(actor);
}

export type PublicationPlan =
  | { ok: true; status: EditorialStatus; publishedAt: Date | null }
  | { ok: false; reason: "publish_at_required" | "publish_at_in_future" };

/**
 * The stored status and date for a requested status. A draft has no date. Publishing keeps the original
 * date of an item that is already public (an edit is not a new post), or takes `publishAt` when it is in the
 * past (backdating an import), else now. Scheduling needs a date; one already passed simply makes the item
 * public from then.
 */
export function planPublication(
  requested: { status: EditorialStatus; publishAt?: Date | null },
  current: Publication | null,
  now: Date,
): PublicationPlan {
  switch (requested.status) {
    case "draft":
      return { ok: true, status: "draft", publishedAt: null };
    case "published": {
      if (requested.publishAt) {
        if (requested.publishAt.getTime() > now.getTime())
          return { ok: false, reason: "publish_at_in_future" };
        return { ok: true, status: "published", publishedAt: requested.publishAt };
      }
      const keep = current && isPublic(current, now) ? current.publishedAt : null;
      return { ok: true, status: "published", publishedAt: keep ?? now };
    }
    case "scheduled": {
      const at = requested.publishAt ?? (current?.status === "scheduled" ? current.publishedAt : null);
      if (!at) return { ok: false, reason: "publish_at_required" };
      return { ok: true, status: "scheduled", publishedAt: at };
    }
  }
}
