// The kinds of notification and what each carries. Shared by the database schema, the domains that raise
// events (Q&A, announcements, certificates, payments) and the pages and mails that show them.

export const NOTIFICATION_TYPES = [
  "question_reply",
  "question_answered",
  "new_question",
  "announcement",
  "certificate_issued",
  "topup_decided",
  "refund",
  /** To every admin: someone wrote (issue 48, app/leads/). */
  "new_lead",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const isNotificationType = (value: string): value is NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(value);

export const NOTIFICATION_DELIVERIES = ["immediate", "digest", "off"] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

/**
 * What a notification needs to be shown and mailed without reading the rows it is about again (they may
 * have changed or gone). `path` is the locale-less link (`/courses/x/learn/3#q-7`); the page and the mail
 * prefix the reader's locale. Titles are user content, shown with dir="auto".
 */
export type NotificationData = {
  path: string;
  courseId?: number;
  courseTitle?: string;
  courseTitleAr?: string | null;
  lessonId?: number;
  questionId?: number;
  replyId?: number;
  announcementId?: number;
  /** The question's or the announcement's title, as written. */
  title?: string;
  /** The announcement's Arabic title, when it has one. */
  titleAr?: string | null;
  /** Who did it (the replier, the asker), as they are named. */
  actorName?: string;
  /** Money, in integer minor units, for top-ups and refunds. */
  amount?: number;
  /** For top-ups: whether it was approved. */
  approved?: boolean;
};

/** One event for one person. `eventKey` makes it once-only for that person (e.g. `reply:42`). */
export type NotificationEvent = {
  userId: string;
  type: NotificationType;
  eventKey: string;
  data: NotificationData;
  /**
   * Set when another mail already tells the person (an approved top-up's receipt mail, decision 072): the
   * notification is in the bell, and the dispatcher and the digest never mail it.
   */
  mailedAt?: Date;
};
