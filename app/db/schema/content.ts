// The agency's editorial content: blog posts and portfolio case studies.
import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const blogPosts = pgTable("blog_posts", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  titleAr: text("title_ar"),
  excerpt: text("excerpt").notNull(),
  excerptAr: text("excerpt_ar"),
  /** Paragraphs in order; plain text. */
  body: jsonb("body").$type<string[]>().notNull(),
  bodyAr: jsonb("body_ar").$type<string[]>(),
  authorName: text("author_name").notNull(),
  authorNameAr: text("author_name_ar"),
  coverUrl: text("cover_url"),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const portfolioItems = pgTable("portfolio_items", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  titleAr: text("title_ar"),
  clientName: text("client_name").notNull(),
  clientNameAr: text("client_name_ar"),
  sector: text("sector"),
  sectorAr: text("sector_ar"),
  problem: text("problem").notNull(),
  problemAr: text("problem_ar"),
  strategy: text("strategy").notNull(),
  strategyAr: text("strategy_ar"),
  result: text("result").notNull(),
  resultAr: text("result_ar"),
  images: jsonb("images").$type<string[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type BlogPost = typeof blogPosts.$inferSelect;
export type PortfolioItem = typeof portfolioItems.$inferSelect;
