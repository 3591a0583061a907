// What each learner has watched (issue 9), and the certificates earned by finishing a course (issue 10).
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { courses, lessons } from "./courses";
import { users } from "./users";

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
    /** When the learner began the lesson: their first position report, or the lesson page they marked it on. */
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** The furthest point plausibly watched: reported positions, never past the time since startedAt. */
    watchedSeconds: integer("watched_seconds").notNull().default(0),
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
    /**
     * Its bit in the revocation status lists of its Open Badges credential: list ⌊i / 131072⌋ + 1, bit
     * i mod 131072 (app/credentials/open-badge.ts). A sequence, so existing rows got one when it was added.
     */
    statusIndex: serial("status_index").notNull().unique(),
  },
  (table) => [
    // One certificate per learner and course: generating twice (even at once) returns the same one.
    unique("certificates_user_course_unique").on(table.userId, table.courseId),
    index("certificates_user_issued_idx").on(table.userId, table.issuedAt),
  ],
);

export type LessonProgress = typeof lessonProgress.$inferSelect;
export type Certificate = typeof certificates.$inferSelect;
