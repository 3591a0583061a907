// The agency's own site, edited by admins (issue 49): its settings (brand, contact details, social links).
// One row per settings group, its value checked by the domain's zod schema (app/site/settings.ts) when written
// and again when read.
import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
