// Lesson videos and what each learner has watched (issue 9), and the certificates earned by finishing a
// course (issue 10).
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { courses, lessons } from "./courses";
import { users } from "./users";

/** Where a video's bytes live: the embedded tus store under DATA_DIR, or Vimeo. */
export const videoProvider = pgEnum("video_provider", ["local", "vimeo"]);
export const videoStatus = pgEnum("video_status", ["uploading", "processing", "ready", "error"]);

/**
 * One uploaded (or uploading) video. A lesson shows the video its `video_id` points at; a video row is
 * created by create-upload-link before any byte arrives, for the lesson it is meant for.
 */
export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: videoProvider("provider").notNull(),
    /** Vimeo's numeric id, or the local tus upload id. Null until the host has created it. */
    providerId: text("provider_id"),
    /** Where the browser sends its tus PATCHes (Vimeo's upload_link or our own /api/videos/tus/…). */
    uploadLink: text("upload_link"),
    /** The trainer who asked for the upload link; only they (or an admin) may write to it. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The lesson this upload is for. */
    lessonId: integer("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** video/mp4, video/webm or video/quicktime, as judged from the bytes. */
    contentType: text("content_type"),
    size: bigint("size", { mode: "number" }).notNull(),
    bytesReceived: bigint("bytes_received", { mode: "number" }).notNull().default(0),
    status: videoStatus("status").notNull().default("uploading"),
    /** Why processing failed, for the trainer. */
    error: text("error"),
    durationSeconds: integer("duration_seconds"),
    /** Vimeo's player URL once the video is ready. */
    embedUrl: text("embed_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** An upload still unfinished at this time is abandoned and its bytes removed. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [
    index("videos_lesson_idx").on(table.lessonId),
    index("videos_owner_idx").on(table.ownerId),
    index("videos_status_expires_idx").on(table.status, table.expiresAt),
    check("videos_size_positive", sql`${table.size} > 0`),
    check("videos_bytes_received_range", sql`${table.bytesReceived} between 0 and ${table.size}`),
  ],
);

/** Per learner and lesson: where they stopped and whether they finished it. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    /** Denormalised from the lesson so a course's progress is one indexed lookup. */
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    positionSeconds: integer("position_seconds").notNull().default(0),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.lessonId] }),
    index("lesson_progress_user_course_idx").on(table.userId, table.courseId, table.updatedAt),
    // The analytics' completed lessons per learner of a course (app/analytics): only finished rows.
    index("lesson_progress_course_completed_idx")
      .on(table.courseId, table.userId)
      .where(sql`${table.completedAt} is not null`),
    check("lesson_progress_position_non_negative", sql`${table.positionSeconds} >= 0`),
  ],
);

/**
 * A certificate of completion. Names and titles are copied at issue time: later renames do not change
 * what was certified.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The public, unguessable code typed or scanned to verify it. */
    code: text("code").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    holderName: text("holder_name").notNull(),
    holderNameAr: text("holder_name_ar"),
    courseTitle: text("course_title").notNull(),
    courseTitleAr: text("course_title_ar"),
    trainerName: text("trainer_name").notNull(),
    trainerNameAr: text("trainer_name_ar"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** Where the PDF rendered at issue time is stored (a key under the certificate store). */
    pdfKey: text("pdf_key"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    revokedById: uuid("revoked_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    // One certificate per learner and course: generating twice (even at once) returns the same one.
    unique("certificates_user_course_unique").on(table.userId, table.courseId),
    index("certificates_user_issued_idx").on(table.userId, table.issuedAt),
  ],
);

export type Video = typeof videos.$inferSelect;
export type VideoStatus = (typeof videoStatus.enumValues)[number];
export type VideoProvider = (typeof videoProvider.enumValues)[number];
export type LessonProgress = typeof lessonProgress.$inferSelect;
export type Certificate = typeof certificates.$inferSelect;
