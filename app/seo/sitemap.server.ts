// What /sitemap.xml lists: every public page, and every published course, public post, case study and
// indexable landing page.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { blogPosts, courses, portfolioItems } from "../db/schema";
import { publicNow } from "../editorial/editorial.server";
import { listIndexableLandingPages } from "../pages/pages.server";

/** The public pages without an id (the legal and help pages included). */
export const PUBLIC_PAGES = [
  "/",
  "/about_us",
  "/services",
  "/courses",
  "/portfolio",
  "/blog",
  "/contact",
  "/faq",
  "/developers",
  "/help",
  "/safety",
  "/privacy",
  "/terms",
] as const;

export async function sitemapEntries(db: Database, now = new Date()) {
  const [courseRows, postRows, studyRows, landingPages] = await Promise.all([
    db
      .select({ id: courses.id, updatedAt: courses.updatedAt })
      .from(courses)
      .where(eq(courses.isPublished, true))
      .orderBy(courses.id),
    db
      .select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(and(publicNow(blogPosts, now)))
      .orderBy(blogPosts.id),
    db
      .select({ id: portfolioItems.id, updatedAt: portfolioItems.updatedAt })
      .from(portfolioItems)
      .where(and(publicNow(portfolioItems, now)))
      .orderBy(portfolioItems.id),
    listIndexableLandingPages(db, now),
  ]);
  return [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...courseRows.map((row) => ({ path: `/courses/${row.id}`, lastModified: row.updatedAt })),
    ...postRows.map((row) => ({ path: `/blog/${row.id}`, lastModified: row.updatedAt })),
    ...studyRows.map((row) => ({ path: `/portfolio/${row.id}`, lastModified: row.updatedAt })),
    // Landing pages made from blocks (issue 49): live and not `noindex`.
    ...landingPages.map((page) => ({ path: `/p/${page.slug}`, lastModified: page.updatedAt })),
  ];
}
