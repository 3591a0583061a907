// Recording a notification: called by the domain that raised the event, inside the transaction that made
// it happen, so the notification exists exactly when the event does.

import type { Queryable } from "../db/client.server";
import { notifications } from "../db/schema";
import type { NotificationEvent } from "./types";

/**
 * Records each event for its person; an event already recorded (same person and `eventKey`) is skipped, so
 * raising it twice — a retried job, a replayed request — notifies once. Returns the ids newly recorded.
 */
export async function notify(on: Queryable, events: readonly NotificationEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = await on
    .insert(notifications)
    .values(events.map((event) => ({ ...event })))
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}
