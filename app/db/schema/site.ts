// The agency's own site, edited by admins (issue 49): its settings (brand, contact details, social links) and
// its pages made of blocks, with their revisions.
// One row per settings group, its value checked by the domain's zod schema (app/site/settings.ts) when written
// and again when read.
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const siteSettings = pgTable("site_settings", {
  /** The group: `site` (brand, contact details, social links). */
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** The admin who saved it last; null once their account is gone. */
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/**
 * The agency's pages made of blocks (issue 49, decision 073): the built-in ones (home, about_us, …) and the
 * landing pages admins create. `draft`, `published` and `scheduled` hold `PageContent` (app/pages/blocks.ts),
 * checked when written and again when read. `revision` is the number of the latest revision: a save carrying
 * an older one is refused (two admins never overwrite each other silently).
 */
export const sitePages = pgTable("site_pages", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  builtIn: boolean("built_in").notNull().default(false),
  draft: jsonb("draft").notNull(),
  revision: integer("revision").notNull().default(1),
  published: jsonb("published"),
  publishedAt: timestamp("published_at", { withTimezone: true }),
  /** A publish at a set time: the draft as it was when scheduled, live from `scheduled_at`. */
  scheduled: jsonb("scheduled"),
  scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every saved draft of a page, numbered from 1: who saved it, when, and what it held. */
export const sitePageRevisions = pgTable(
  "site_page_revisions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    pageId: integer("page_id")
      .notNull()
      .references(() => sitePages.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    content: jsonb("content").notNull(),
    /** The admin who saved it; null once their account is gone. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** What the revision was: a save, a restore of an earlier one, the page's creation. */
    kind: text("kind").notNull().default("save"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("site_page_revisions_page_number_idx").on(table.pageId, table.number)],
);

export type SitePageRow = typeof sitePages.$inferSelect;
export type SitePageRevisionRow = typeof sitePageRevisions.$inferSelect;
