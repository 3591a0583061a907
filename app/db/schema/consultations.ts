// Consultations booked online (issue 48, item 4; app/consultations/). The availability admins set is one
// `site_settings` row (key `consultations`); each booking is a row here. Two people can never hold the same
// slot: the partial unique index on the start of every booking not cancelled is the backstop of the booking's
// own check.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { leads } from "./leads";

export const consultationBookings = pgTable(
  "consultation_bookings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The calendar invite's UID: the confirmation, every move and the cancellation carry the same one. */
    uid: text("uid").notNull().unique(),
    /** The invite's SEQUENCE: 0 when booked, one more for each move and for the cancellation. */
    sequence: integer("sequence").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The agency's time zone when it was booked: the mails state the time in it. */
    timeZone: text("time_zone").notNull(),
    /** `confirmed` or `cancelled`. */
    status: text("status").notNull().default("confirmed"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** E.164, normalised with libphonenumber-js; null when none was given. */
    phone: text("phone"),
    topic: text("topic").notNull(),
    message: text("message"),
    /** The visitor's language: their mails and the booking's page use it. */
    locale: text("locale").notNull(),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("consultation_bookings_start_taken")
      .on(table.startsAt)
      .where(sql`${table.status} <> 'cancelled'`),
    index("consultation_bookings_range_idx").on(table.startsAt, table.endsAt),
    check("consultation_bookings_status_known", sql`${table.status} in ('confirmed', 'cancelled')`),
    check("consultation_bookings_order", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

export type ConsultationBooking = typeof consultationBookings.$inferSelect;
