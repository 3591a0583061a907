// Read-side queries for the blog, shaped for one locale.
import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { blogPosts } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";

export type BlogCard = {
  id: number;
  title: string;
  excerpt: string;
  author: string;
  cover: string | null;
  publishedAt: string;
};

export type BlogArticle = BlogCard & { body: string[] };

type Row = typeof blogPosts.$inferSelect;

function toCard(row: Row, locale: Locale): BlogCard {
  return {
    id: row.id,
    title: pick(locale, row.title, row.titleAr),
    excerpt: pick(locale, row.excerpt, row.excerptAr),
    author: pick(locale, row.authorName, row.authorNameAr),
    cover: row.coverUrl,
    publishedAt: row.publishedAt.toISOString(),
  };
}

export async function listBlogPosts(
  db: Database,
  locale: Locale,
  { limit, offset, countTotal = true }: { limit: number; offset: number; countTotal?: boolean },
): Promise<{ items: BlogCard[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(limit)
      .offset(offset),
    countTotal ? db.$count(blogPosts) : Promise.resolve(0),
  ]);
  return { items: rows.map((row) => toCard(row, locale)), total };
}

export async function getBlogPost(db: Database, locale: Locale, id: number): Promise<BlogArticle | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) return null;
  const body = locale === "ar" && row.bodyAr?.length ? row.bodyAr : row.body;
  return { ...toCard(row, locale), body };
}
