// Notifications (issue 35): one row per thing that happened to one person, shown under the header's bell
// and mailed according to that person's choice per type (app/notifications/).
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { NotificationData } from "../../notifications/types";
import { users } from "./users";

export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One of NOTIFICATION_TYPES (app/notifications/types.ts). */
    type: text("type").notNull(),
    /** What the notification is about, e.g. `reply:42`: the same event for the same person is recorded once. */
    eventKey: text("event_key").notNull(),
    /** What the page and the mail need to say it: ids, titles as written, the locale-less path it links to. */
    data: jsonb("data").$type<NotificationData>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /**
     * Set once its mail is settled: queued (immediately or in a digest), or not to be sent because its type
     * was off for the person when the dispatcher looked. Set once, so it is mailed at most once.
     */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (table) => [
    unique("notifications_user_event_unique").on(table.userId, table.eventKey),
    index("notifications_user_created_idx").on(table.userId, table.createdAt),
    index("notifications_user_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
    // What the mail dispatcher and the digest look for: notifications not yet mailed, by age.
    index("notifications_unmailed_idx").on(table.createdAt).where(sql`${table.mailedAt} is null`),
    check(
      "notifications_type_known",
      sql`${table.type} in ('question_reply', 'question_answered', 'new_question', 'announcement', 'certificate_issued', 'topup_decided', 'refund', 'new_lead')`,
    ),
  ],
);

export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** `immediate`, `digest` (one mail a day) or `off`; a type with no row takes the default of its type. */
    delivery: text("delivery").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.type] }),
    check(
      "notification_preferences_delivery_known",
      sql`${table.delivery} in ('immediate', 'digest', 'off')`,
    ),
  ],
);

/**
 * The language a person's notification mails are written in: the language of the last page they read
 * while signed in (the header's bell records it when it changes). Absent: English.
 */
export const notificationRecipients = pgTable("notification_recipients", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  locale: text("locale").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;
