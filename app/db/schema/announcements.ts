// Course announcements (issue 35): a trainer's Markdown message to one course's learners, rendered and
// sanitized once when it is posted (app/lib/markdown.server.ts), shown on the course and learn pages.
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { courses } from "./courses";
import { users } from "./users";

export const courseAnnouncements = pgTable(
  "course_announcements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    /** The Markdown as written, and its sanitized HTML (rendered on save). */
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    bodyAr: text("body_ar"),
    bodyArHtml: text("body_ar_html"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("course_announcements_course_created_idx").on(table.courseId, table.createdAt)],
);

export type CourseAnnouncement = typeof courseAnnouncements.$inferSelect;
