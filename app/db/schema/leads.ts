// The agency's pipeline (issue 48): every enquiry is a lead someone follows up (app/leads/), and everything
// that happens to it — each message, status change, note, reply — is a row of its history.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { courses } from "./courses";
import { users } from "./users";

export const leads = pgTable(
  "leads",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** E.164 (`+966501234567`), normalised with libphonenumber-js; null when none was given. */
    phone: text("phone"),
    company: text("company"),
    /** The first message; every later one is in the history. */
    message: text("message").notNull(),
    /** The language the person wrote in: their acknowledgement and the admins' replies use it. */
    locale: text("locale").notNull(),
    /** One of LEAD_SOURCES (app/leads/policy.ts). */
    source: text("source").notNull(),
    /** One of SERVICE_KEYS, for a service enquiry. */
    serviceKey: text("service_key"),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** One of LEAD_STATUSES. */
    status: text("status").notNull().default("new"),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    followUpAt: timestamp("follow_up_at", { withTimezone: true }),
    // First-touch attribution, from the visitor's first page (app/leads/attribution.ts).
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    referrer: text("referrer"),
    landingPath: text("landing_path"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last message from the person: de-duplication counts 90 days from here. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("leads_email_idx").on(sql`lower(${table.email})`, table.lastMessageAt),
    index("leads_status_idx").on(table.status, table.createdAt),
    index("leads_follow_up_idx").on(table.followUpAt),
    check(
      "leads_status_known",
      sql`${table.status} in ('new', 'contacted', 'qualified', 'won', 'lost', 'spam')`,
    ),
    check(
      "leads_source_known",
      sql`${table.source} in ('contact', 'service', 'course', 'consultation', 'newsletter')`,
    ),
  ],
);

export type Lead = typeof leads.$inferSelect;

/** What a history row says beyond its kind: the subject of a message or reply, a status change's two ends. */
export type LeadEventData = {
  subject?: string;
  from?: string;
  to?: string;
  ownerName?: string | null;
  followUpAt?: string | null;
  serviceKey?: string | null;
  courseId?: number | null;
  /** A consultation booking (app/consultations/): its id, start and what happened to it. */
  bookingId?: number;
  start?: string;
  booking?: "booked" | "moved" | "cancelled";
};

export const leadEvents = pgTable(
  "lead_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** One of LEAD_EVENT_KINDS: message, status, note, reply, owner, follow_up, booking, newsletter. */
    kind: text("kind").notNull(),
    /** The admin who did it; null for the person's own messages. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body"),
    data: jsonb("data").$type<LeadEventData>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_events_lead_idx").on(table.leadId, table.createdAt)],
);

export type LeadEvent = typeof leadEvents.$inferSelect;

/**
 * The newsletter's double opt-in (issue 48, item 5; decision 068): one row per address (lower-cased), pending
 * until the mailed link is confirmed, then confirmed (and a lead with source `newsletter`), or unsubscribed.
 * `requestedAt` is the last sign-up's time: a confirmation link is signed with it, so each new sign-up makes
 * the older links stale, and one link never confirms again after an unsubscribe.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased, one row per address. */
    email: text("email").notNull().unique(),
    /** The language the sign-up was made in: its mails are written in it. */
    locale: text("locale").notNull(),
    /** pending, confirmed or unsubscribed. */
    status: text("status").notNull().default("pending"),
    /** The lead the confirmed address became or joined; null until then, or when the lead was deleted. */
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /** The sign-up page's first-touch attribution, given to the lead on confirmation. */
    attribution: jsonb("attribution").$type<Record<string, string | null>>().notNull().default({}),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last confirmation mail sent: a repeated sign-up mails again only after a quiet while. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("newsletter_status_known", sql`${table.status} in ('pending', 'confirmed', 'unsubscribed')`),
    check("newsletter_email_lower", sql`${table.email} = lower(${table.email})`),
  ],
);

export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect;
