// A person's notifications as the bell, /notifications and the API read and change them, and their mail
// choices per type (issue 35). Every function is about the caller's own rows: the user id is the filter.
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { notificationPreferences, notificationRecipients, notifications, users } from "../db/schema";
import type { Locale } from "../i18n/languages";
import {
  effectivePreferences,
  type PreferencesInput,
  type StoredPreferences,
  toStoredPreferences,
} from "./policy";
import type { NotificationData, NotificationDelivery, NotificationType } from "./types";

export type NotificationItem = {
  id: number;
  type: NotificationType;
  data: NotificationData;
  createdAt: string;
  readAt: string | null;
};

/**
 * The bell: the unread count (the partial index on unread rows) and the language recorded for the
 * person's mails, in one query.
 */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/**
 * Remembers the language the person's mails are written in (the page they last acted on, see
 * app/middleware/mail-locale.server.ts): one statement, which writes only when the language changes.
 */
export async function recordMailLocale(db: Database, userId: string, locale: Locale): Promise<void> {
  await db
    .insert(notificationRecipients)
    .values({ userId, locale })
    .onConflictDoUpdate({
      target: notificationRecipients.userId,
      set: { locale, updatedAt: new Date() },
      setWhere: sql`${notificationRecipients.locale} is distinct from excluded.locale`,
    });
}

/** One page of the person's notifications, newest first, and how many there are (unread ones only). */
export async function listNotifications(
  db: Database,
  userId: string,
  { unreadOnly = false, limit, offset }: { unreadOnly?: boolean; limit: number; offset: number },
): Promise<{ items: NotificationItem[]; total: number; unread: number }> {
  const mine = unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [rows, total, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset),
    db.$count(notifications, mine),
    countUnread(db, userId),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      type: row.type as NotificationType,
      data: row.data,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    })),
    total,
    unread,
  };
}

/** Marks some of the person's notifications read (ids of others' are ignored), or all. Returns how many. */
export async function markRead(
  db: Database,
  userId: string,
  target: { ids?: readonly number[]; all?: boolean },
): Promise<number> {
  const ids = target.all ? null : (target.ids ?? []).filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids !== null && ids.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === null ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function storedPreferences(db: Database, userId: string): Promise<StoredPreferences> {
  const rows = await db
    .select({ type: notificationPreferences.type, delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return toStoredPreferences(rows);
}

/** Every type's delivery for the person (their choice, or the type's default). */
export async function getPreferences(
  db: Database,
  userId: string,
): Promise<Record<NotificationType, NotificationDelivery>> {
  return effectivePreferences(await storedPreferences(db, userId));
}

/** Stores the given types' choices (the others keep theirs) and answers every type's delivery. */
export async function setPreferences(
  db: Database,
  userId: string,
  input: PreferencesInput,
): Promise<Record<NotificationType, NotificationDelivery>> {
  const values = Object.entries(input)
    .filter((entry): entry is [NotificationType, NotificationDelivery] => entry[1] !== undefined)
    .map(([type, delivery]) => ({ userId, type, delivery, updatedAt: new Date() }));
  if (values.length > 0)
    await db
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { delivery: sql`excluded.delivery`, updatedAt: sql`excluded.updated_at` },
      });
  return getPreferences(db, userId);
}

/**
 * The unsubscribe link's effect: `type` is off for the person (the token was checked by the caller). An
 * account that is gone is nothing to change. Returns whether it was done.
 */
export async function unsubscribeType(
  db: Database,
  userId: string,
  type: NotificationType,
): Promise<boolean> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!found) return false;
  await setPreferences(db, userId, { [type]: "off" });
  return true;
}
