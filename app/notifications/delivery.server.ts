// Mailing notifications off the request path (issue 35, docs/decisions/056-notifications.md). Two jobs of
// the queue (app/jobs/), both scheduled, both safe to run twice:
// - the dispatcher, every minute: each notification not yet mailed whose type the person gets
//   immediately is claimed (mailed_at set where it is still null) and its mail queued in the same
//   transaction with the job key `notification:<id>`; types that are off are settled without a mail;
// - the digest, once a day: each person's unmailed digest notifications are claimed together and queued as
//   one mail, keyed by the person and the newest claimed id.
// The mail queue then sends with retries and back-off; a claimed notification is never claimed again.
import { and, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { notificationPreferences, notificationRecipients, notifications, users } from "../db/schema";
import { enqueueMail } from "../mail/outgoing.server";
import { digestMail, type MailableNotification, notificationMail, type Recipient } from "./mail.server";
import { DEFAULT_DELIVERY, DIGEST_WINDOW_DAYS, groupDigests, IMMEDIATE_WINDOW_HOURS } from "./policy";
import { NOTIFICATION_TYPES, type NotificationDelivery, type NotificationType } from "./types";

/** The delivery of each row: the person's choice for its type, or the type's default (policy.ts). */
const delivery: SQL<string> = sql`coalesce(${notificationPreferences.delivery}, case ${notifications.type} ${sql.join(
  NOTIFICATION_TYPES.map((type) => sql`when ${type} then ${DEFAULT_DELIVERY[type]}`),
  sql` `,
)} end)`;

type Candidate = MailableNotification & { userId: string; createdAt: Date; delivery: NotificationDelivery };

async function candidates(
  db: Database,
  { since, deliveries, limit }: { since: Date; deliveries: NotificationDelivery[]; limit: number },
): Promise<Candidate[]> {
  const rows = await db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      data: notifications.data,
      createdAt: notifications.createdAt,
      delivery,
    })
    .from(notifications)
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, notifications.userId),
        eq(notificationPreferences.type, notifications.type),
      ),
    )
    .where(
      and(isNull(notifications.mailedAt), gt(notifications.createdAt, since), inArray(delivery, deliveries)),
    )
    .orderBy(notifications.createdAt, notifications.id)
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    type: row.type as NotificationType,
    delivery: row.delivery as NotificationDelivery,
  }));
}

async function recipients(db: Database, userIds: readonly string[]): Promise<Map<string, Recipient>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      nameAr: users.nameAr,
      deletedAt: users.deletedAt,
      locale: notificationRecipients.locale,
    })
    .from(users)
    .leftJoin(notificationRecipients, eq(notificationRecipients.userId, users.id))
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.filter((row) => row.deletedAt === null).map((row) => [row.userId, row]));
}

/** Sets mailed_at on those of `ids` still without it; answers the ids this call claimed. */
async function claim(on: Database | Parameters<Parameters<Database["transaction"]>[0]>[0], ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await on
    .update(notifications)
    .set({ mailedAt: new Date() })
    .where(and(inArray(notifications.id, ids), isNull(notifications.mailedAt)))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export type DispatchResult = { queued: number; settled: number };

/** One pass of the dispatcher: at most `batchSize` notifications. */
export async function dispatchNotificationMails(
  db: Database,
  { now = new Date(), batchSize = 200 }: { now?: Date; batchSize?: number } = {},
): Promise<DispatchResult> {
  const since = new Date(now.getTime() - IMMEDIATE_WINDOW_HOURS * 3_600_000);
  const found = await candidates(db, { since, deliveries: ["immediate", "off"], limit: batchSize });
  const people = await recipients(db, [...new Set(found.map((row) => row.userId))]);
  // Off, or for an account that is gone: settled without a mail.
  const silent = found
    .filter((row) => row.delivery === "off" || !people.has(row.userId))
    .map((row) => row.id);
  const settled = (await claim(db, silent)).length;
  let queued = 0;
  for (const row of found) {
    const recipient = people.get(row.userId);
    if (row.delivery !== "immediate" || !recipient) continue;
    const message = notificationMail(recipient, row);
    const done = await db.transaction(async (tx) => {
      const [claimed] = await claim(tx, [row.id]);
      if (claimed === undefined) return false;
      await enqueueMail(db, tx, message, { key: `notification:${row.id}` });
      return true;
    });
    if (done) queued += 1;
  }
  return { queued, settled };
}

export type DigestResult = { mails: number; notifications: number };

/** The daily digest: one mail per person holding unmailed digest notifications. */
export async function sendNotificationDigests(
  db: Database,
  { now = new Date(), limit = 5_000 }: { now?: Date; limit?: number } = {},
): Promise<DigestResult> {
  const since = new Date(now.getTime() - DIGEST_WINDOW_DAYS * 86_400_000);
  const found = await candidates(db, { since, deliveries: ["digest"], limit });
  const groups = groupDigests(found);
  const people = await recipients(db, [...groups.keys()]);
  let mails = 0;
  let mailed = 0;
  for (const [userId, rows] of groups) {
    const recipient = people.get(userId);
    const sent = await db.transaction(async (tx) => {
      const claimed = new Set(
        await claim(
          tx,
          rows.map((row) => row.id),
        ),
      );
      const items = rows.filter((row) => claimed.has(row.id));
      if (items.length === 0 || !recipient) return 0;
      const newest = Math.max(...items.map((row) => row.id));
      await enqueueMail(db, tx, digestMail(recipient, items), { key: `digest:${userId}:${newest}` });
      return items.length;
    });
    if (sent > 0) {
      mails += 1;
      mailed += sent;
    }
  }
  return { mails, notifications: mailed };
}
