// The agency's editorial content: blog posts and portfolio case studies, written in Markdown by admins (and,
// for the blog, trainers), stored with the sanitized HTML rendered from it on save.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * draft: only its editors see it. published: public since `published_at`. scheduled: public once
 * `published_at` has passed (no job flips it: visibility is `published_at <= now()` at read time).
 */
export const editorialStatus = pgEnum("editorial_status", ["draft", "published", "scheduled"]);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Stable key for idempotent seeding; URLs use the numeric id. */
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    /** Plain text shown on cards and in feeds. */
    excerpt: text("excerpt").notNull(),
    excerptAr: text("excerpt_ar"),
    /** Markdown source, and the sanitized HTML rendered from it when saved (app/lib/markdown.server.ts). */
    body: text("body").notNull(),
    bodyAr: text("body_ar"),
    bodyHtml: text("body_html").notNull().default(""),
    bodyArHtml: text("body_ar_html"),
    /** The account that wrote it (trainers edit only their own); null for imported or seeded posts. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The byline, copied from the author's name when written here. */
    authorName: text("author_name").notNull(),
    authorNameAr: text("author_name_ar"),
    coverUrl: text("cover_url"),
    /** The media adapter's id when the cover was uploaded here (seed covers are files in public/). */
    coverPublicId: text("cover_public_id"),
    status: editorialStatus("status").notNull().default("draft"),
    /** When it became (or becomes, when scheduled) public; null for a draft. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("blog_posts_status_published_idx").on(table.status, table.publishedAt),
    index("blog_posts_author_idx").on(table.authorId),
    index("blog_posts_cover_public_id_idx").on(table.coverPublicId),
  ],
);

/** One picture of a case study's gallery, in display order. */
export type GalleryImage = {
  url: string;
  /** The media adapter's id when uploaded here; null for images shipped in public/. */
  publicId: string | null;
  alt: string | null;
  altAr: string | null;
};

export const portfolioItems = pgTable(
  "portfolio_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    clientName: text("client_name").notNull(),
    clientNameAr: text("client_name_ar"),
    sector: text("sector"),
    sectorAr: text("sector_ar"),
    /** Markdown, each with its rendered, sanitized HTML. */
    problem: text("problem").notNull(),
    problemAr: text("problem_ar"),
    problemHtml: text("problem_html").notNull().default(""),
    problemArHtml: text("problem_ar_html"),
    strategy: text("strategy").notNull(),
    strategyAr: text("strategy_ar"),
    strategyHtml: text("strategy_html").notNull().default(""),
    strategyArHtml: text("strategy_ar_html"),
    result: text("result").notNull(),
    resultAr: text("result_ar"),
    resultHtml: text("result_html").notNull().default(""),
    resultArHtml: text("result_ar_html"),
    /** The gallery, in order. Replaced as a whole on every change. */
    images: jsonb("images").$type<GalleryImage[]>().notNull().default([]),
    status: editorialStatus("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("portfolio_items_status_published_idx").on(table.status, table.publishedAt),
    // "Is this upload still shown somewhere?" before a media file is deleted.
    index("portfolio_items_images_idx").using("gin", sql`${table.images} jsonb_path_ops`),
  ],
);

export type BlogPost = typeof blogPosts.$inferSelect;
export type PortfolioItem = typeof portfolioItems.$inferSelect;
export type EditorialStatus = (typeof editorialStatus.enumValues)[number];
