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
    /** Set once a mail (immediate or a digest's) has been queued for it, so it is mailed at most once. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (table) => [
    unique("notifications_user_event_unique").on(table.userId, table.eventKey),
    index("notifications_user_created_idx").on(table.userId, table.createdAt),
    index("notifications_user_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
    check(
      "notifications_type_known",
      sql`${table.type} in ('question_reply', 'question_answered', 'new_question', 'announcement', 'certificate_issued', 'topup_decided', 'refund')`,
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

export type NotificationRow = typeof notifications.$inferSelect;
