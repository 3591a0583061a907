// Course reviews (issue 13): one per learner and course, 1–5 stars and an optional comment; the course's
// trainer may reply once; an admin may hide one with a reason (hidden reviews leave the course's totals).
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { courses } from "./courses";
import { users } from "./users";

export const courseReviews = pgTable(
  "course_reviews",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("course_reviews_user_course_unique").on(table.courseId, table.userId),
    check("course_reviews_rating_range", sql`${table.rating} between 1 and 5`),
    index("course_reviews_course_created_idx").on(table.courseId, table.createdAt),
  ],
);

export type CourseReview = typeof courseReviews.$inferSelect;
