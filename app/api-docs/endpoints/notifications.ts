// Notifications, email choices and course announcements (issue 35): app/routes/api/notifications.ts,
// notifications-read.ts, notification-preferences.ts, instructor-course-announcements.ts.
import { z } from "zod";
import { AnnouncementInput } from "../../announcements/policy";
import { MarkReadInput, NotificationListQuery, PreferencesInput } from "../../notifications/policy";
import { NOTIFICATION_DELIVERIES, NOTIFICATION_TYPES } from "../../notifications/types";
import { type EndpointDoc, isoDate, json, ok, params } from "../registry";

const NotificationData = z.strictObject({
  path: z.string().describe("The page it is about, without the locale prefix"),
  courseId: z.int().optional(),
  courseTitle: z.string().optional(),
  courseTitleAr: z.string().nullable().optional(),
  lessonId: z.int().optional(),
  questionId: z.int().optional(),
  replyId: z.int().optional(),
  announcementId: z.int().optional(),
  title: z.string().optional(),
  titleAr: z.string().nullable().optional(),
  actorName: z.string().optional(),
  amount: z.int().optional().describe("Money in integer minor units"),
  approved: z.boolean().optional(),
});

const Notification = z.strictObject({
  id: z.int(),
  type: z.enum(NOTIFICATION_TYPES),
  text: z.string().describe("The notification as a sentence, in the Accept-Language locale"),
  path: z.string().describe("Its page, with the locale prefix of the Accept-Language locale"),
  data: NotificationData,
  createdAt: isoDate,
  readAt: isoDate.nullable(),
});

const Preferences = z.strictObject({
  preferences: z.strictObject(
    Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.enum(NOTIFICATION_DELIVERIES)])),
  ),
});

const Announcement = z.strictObject({
  id: z.int(),
  title: z.string(),
  html: z.string().describe("The message rendered from Markdown and sanitized"),
  createdAt: isoDate,
  notified: z.int().min(0).describe("How many enrolled learners were notified"),
});

export const notificationEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/notifications",
    tag: "Account",
    summary: "Your notifications, newest first (unread ones only with unread=1)",
    auth: "user",
    query: NotificationListQuery,
    responses: {
      200: ok(
        "A page of notifications and how many are unread",
        z.strictObject({
          items: z.array(Notification),
          unread: z.int().min(0),
          total: z.int().min(0),
          limit: z.int(),
          offset: z.int(),
        }),
      ),
    },
  },
  {
    method: "post",
    route: "api/notifications/read",
    tag: "Account",
    summary: "Mark some of your notifications read (ids), or all of them (all: true)",
    description: "Ids of notifications that are not yours, or already read, are ignored.",
    auth: "user",
    body: json(MarkReadInput),
    responses: {
      200: ok(
        "How many were marked, and how many are still unread",
        z.strictObject({ marked: z.int().min(0), unread: z.int().min(0) }),
      ),
    },
  },
  {
    method: "get",
    route: "api/account/notification-preferences",
    tag: "Account",
    summary: "How each kind of notification is mailed to you",
    description:
      "Each type is `immediate`, `digest` (one mail a day) or `off`; unchosen types show their default.",
    auth: "user",
    responses: { 200: ok("Every type's delivery", Preferences) },
  },
  {
    method: "put",
    route: "api/account/notification-preferences",
    tag: "Account",
    summary: "Choose how some kinds of notification are mailed to you",
    description: "Types left out keep their current choice.",
    auth: "user",
    body: json(PreferencesInput),
    responses: { 200: ok("Every type's delivery", Preferences) },
  },
  {
    method: "post",
    route: "api/instructor/course/:id/announcements",
    tag: "Instructor",
    summary: "Post an announcement to a course you teach; its enrolled learners are notified",
    description: "The body is Markdown, rendered and sanitized once when posted.",
    auth: "staff",
    params: params("id"),
    body: json(AnnouncementInput),
    responses: { 201: ok("The announcement", z.strictObject({ announcement: Announcement })) },
    errors: [
      [403, "forbidden"],
      [404, "not_found"],
    ],
  },
];
