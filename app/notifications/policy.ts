// The rules of notifications that need no database (issue 35): each type's default delivery, what a
// person's choices make of it, the inputs of the page forms and the API, and which day a digest is for.
// Unit-tested in tests/unit/notifications-policy.test.ts.
import { z } from "zod";
import { queryInteger } from "../lib/validation";
import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_TYPES,
  type NotificationDelivery,
  type NotificationType,
} from "./types";

/**
 * What a type is mailed as when the person never chose: the events about one's own questions, money and
 * certificates come at once; course announcements (a trainer may post several) and new questions (a busy
 * course has many) come once a day.
 */
export const DEFAULT_DELIVERY: Record<NotificationType, NotificationDelivery> = {
  question_reply: "immediate",
  question_answered: "immediate",
  new_question: "digest",
  announcement: "digest",
  certificate_issued: "immediate",
  topup_decided: "immediate",
  refund: "immediate",
  // LEADS_NOTIFY_EMAIL gets each lead at once; an admin's own mail is the day's digest.
  new_lead: "digest",
};

/** A person's stored choices: only the types they changed. */
export type StoredPreferences = Partial<Record<NotificationType, NotificationDelivery>>;

/** How `type` is mailed to a person with these choices. */
export function deliveryFor(type: NotificationType, stored: StoredPreferences): NotificationDelivery {
  return stored[type] ?? DEFAULT_DELIVERY[type];
}

/** Every type's delivery for a person, in the order the page shows them. */
export function effectivePreferences(
  stored: StoredPreferences,
): Record<NotificationType, NotificationDelivery> {
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, deliveryFor(type, stored)])) as Record<
    NotificationType,
    NotificationDelivery
  >;
}

/** Reads stored rows, ignoring any whose type or delivery this version does not know. */
export function toStoredPreferences(rows: readonly { type: string; delivery: string }[]): StoredPreferences {
  const stored: StoredPreferences = {};
  for (const row of rows) {
    if (
      (NOTIFICATION_TYPES as readonly string[]).includes(row.type) &&
      (NOTIFICATION_DELIVERIES as readonly string[]).includes(row.delivery)
    )
      stored[row.type as NotificationType] = row.delivery as NotificationDelivery;
  }
  return stored;
}

/** Notifications per page of /notifications and of the API. */
export const NOTIFICATION_PAGE_SIZE = 20;

/** The immediate mail is not sent for a notification older than this (a worker that was down for days). */
export const IMMEDIATE_WINDOW_HOURS = 48;
/** A digest gathers what was not mailed within this many days (a missed day is caught up once). */
export const DIGEST_WINDOW_DAYS = 7;
/** The digest's cron: once a day at 07:00 UTC (morning in most of the Arab world). */
export const DIGEST_CRON = "0 7 * * *";
/** The dispatcher of immediate mails: every minute. */
export const DISPATCH_CRON = "* * * * *";

/** The UTC day a digest run belongs to: its idempotency key, so one mail per person per day. */
export function digestDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Groups digest notifications by recipient, each group oldest first. */
export function groupDigests<Row extends { userId: string; id: number; createdAt: Date }>(
  rows: readonly Row[],
): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)) {
    const group = groups.get(row.userId);
    if (group) group.push(row);
    else groups.set(row.userId, [row]);
  }
  return groups;
}

const booleanish = z
  .union([
    z.boolean(),
    z.literal("1"),
    z.literal("true"),
    z.literal("on"),
    z.literal("0"),
    z.literal("false"),
  ])
  .transform((value) => value === true || value === "1" || value === "true" || value === "on");

/** `GET /api/notifications?unread=1&limit&offset`. */
export const NotificationListQuery = z.object({
  unread: booleanish.optional(),
  limit: queryInteger(1, 100).default(NOTIFICATION_PAGE_SIZE),
  offset: queryInteger(0, 1_000_000).default(0),
});

/** `POST /api/notifications/read {ids?, all?}`: some of mine, or all of them. Keys in `notifications`. */
export const MarkReadInput = z
  .object({
    ids: z
      .array(z.int({ error: "errors.ids" }).min(1, { error: "errors.ids" }).max(Number.MAX_SAFE_INTEGER), {
        error: "errors.ids",
      })
      .max(100, { error: "errors.ids" })
      .optional(),
    all: z.boolean({ error: "errors.all" }).optional(),
  })
  .refine((input) => input.all === true || (input.ids !== undefined && input.ids.length > 0), {
    error: "errors.nothingToMark",
    path: ["ids"],
  });
export type MarkReadInput = z.infer<typeof MarkReadInput>;

const Delivery = z.enum(NOTIFICATION_DELIVERIES, { error: "errors.delivery" });

/** `PUT /api/account/notification-preferences`: any of the types, each to a delivery. */
export const PreferencesInput = z.strictObject(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, Delivery.optional()])) as Record<
    NotificationType,
    z.ZodOptional<typeof Delivery>
  >,
  { error: "errors.delivery" },
);
export type PreferencesInput = z.infer<typeof PreferencesInput>;

/** The account page's form: the same choices, beside the form's own fields (`intent`). */
export const PreferencesForm = z.object(PreferencesInput.shape);
