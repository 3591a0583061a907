// Recording a notification: called by the domain that raised the event, inside the transaction that made
// it happen, so the notification exists exactly when the event does.

import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { enrollments, notifications } from "../db/schema";
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

/**
 * Records one event for every learner enrolled in a course (an announcement), in one INSERT … SELECT in the
 * caller's transaction: the notifications exist exactly when the announcement does, whatever the course's
 * size, with no job in between. Once per person and `eventKey`, as `notify`. Returns how many were recorded.
 */
export async function notifyCourseLearners(
  on: Queryable,
  courseId: number,
  event: Omit<NotificationEvent, "userId">,
): Promise<number> {
  const result = await on.execute(sql`
    insert into ${notifications} (user_id, type, event_key, data)
    select ${enrollments.userId}, ${event.type}, ${event.eventKey}, ${JSON.stringify(event.data)}::jsonb
    from ${enrollments} where ${enrollments.courseId} = ${courseId}
    on conflict (user_id, event_key) do nothing`);
  return result.rowCount ?? 0;
}
