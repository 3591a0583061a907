// What learners own and what they are about to buy: enrollments and the signed-in cart.
import { index, integer, pgTable, primaryKey, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { courses } from "./courses";
import { users } from "./users";

export const enrollments = pgTable(
  "enrollments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    /** What the learner paid, in minor units, at the time of purchase. */
    pricePaid: integer("price_paid").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The unique pair is the last line of defence against paying twice for one course.
  (table) => [
    unique("enrollments_user_course_unique").on(table.userId, table.courseId),
    // A course's enrollments (its lookups and the analytics' per-course and per-trainer series, which read a
    // date range inside one course); the leading column serves every plain course_id lookup too.
    index("enrollments_course_created_idx").on(table.courseId, table.createdAt),
    // The admin's platform-wide series and top courses: one date range over every enrollment.
    index("enrollments_created_idx").on(table.createdAt),
  ],
);

/** A signed-in user's cart; a guest's cart lives in a signed cookie and merges in at sign-in. */
export const cartItems = pgTable(
  "cart_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId] })],
);

export type Enrollment = typeof enrollments.$inferSelect;
