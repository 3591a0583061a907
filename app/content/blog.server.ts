// Read-side queries for the blog, shaped for one locale: only public posts, except that whoever may edit a
// post can open it (to preview a draft or a scheduled post).
import type { Database } from "../db/client.server";
import type { BlogPost, EditorialStatus } from "../db/schema";
import { type Actor, canEditPost, effectiveStatus, isPublic } from "../editorial/policy";
import { getReadablePost, listPublicPosts } from "../editorial/posts.server";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { cardImageUrl } from "../media/urls";

export type BlogCard = {
  id: number;
  title: string;
  excerpt: string;
  author: string;
  cover: string | null;
  publishedAt: string;
};

export type BlogArticle = BlogCard & {
  /** Sanitized when saved (app/lib/markdown.server.ts): safe to put in the page as it is. */
  bodyHtml: string;
  status: EditorialStatus;
  isPublic: boolean;
  canEdit: boolean;
};

export function toBlogCard(row: BlogPost, locale: Locale): BlogCard {
  return {
    id: row.id,
    title: pick(locale, row.title, row.titleAr),
    excerpt: pick(locale, row.excerpt, row.excerptAr),
    author: pick(locale, row.authorName, row.authorNameAr),
    cover: row.coverUrl,
    publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
  };
}

export async function listBlogPosts(
  db: Database,
  locale: Locale,
  { limit, offset, countTotal = true }: { limit: number; offset: number; countTotal?: boolean },
): Promise<{ items: BlogCard[]; total: number }> {
  const { items, total } = await listPublicPosts(db, { limit, offset, countTotal });
  // Cards show the card-size variant of an uploaded cover; the article shows the page-size one.
  const card = (row: BlogPost) => {
    const view = toBlogCard(row, locale);
    return { ...view, cover: view.cover ? cardImageUrl(view.cover) : null };
  };
  return { items: items.map(card), total };
}

export async function getBlogPost(
  db: Database,
  locale: Locale,
  id: number,
  viewer: Actor | null = null,
): Promise<BlogArticle | null> {
  const now = new Date();
  const row = await getReadablePost(db, viewer, id, now);
  if (!row) return null;
  return {
    ...toBlogCard(row, locale),
    bodyHtml: pick(locale, row.bodyHtml, row.bodyArHtml),
    status: effectiveStatus(row, now),
    isPublic: isPublic(row, now),
    canEdit: canEditPost(viewer, row),
  };
}
