// The contact form's messages before issue 48: migration 0022 moved every row into leads (app/db/schema/leads.ts)
// and nothing writes here any more; a later migration may drop the table.
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const contactMessages = pgTable("contact_messages", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  /** The interface language the visitor wrote from, so a reply can match it. */
  locale: text("locale").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ContactMessage = typeof contactMessages.$inferSelect;
