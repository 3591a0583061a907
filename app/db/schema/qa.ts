// Lesson Q&A (issue 35, docs/decisions/055-lesson-qa.md): a learner's question on a lesson, the replies
// of other learners and the course's trainer, one accepted reply at most, and one upvote per person.
// Bodies are Markdown kept as written and rendered once (sanitized) when saved, like article lessons.
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { courses, lessons } from "./courses";
import { users } from "./users";

export const lessonQuestions = pgTable(
  "lesson_questions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    /** The accepted reply (one at most); cleared when that reply is deleted or hidden. */
    acceptedReplyId: integer("accepted_reply_id"),
    /** Kept by the vote toggle in the same transaction as the vote row. */
    voteCount: integer("vote_count").notNull().default(0),
    /** Visible replies (not deleted, not hidden), kept by the reply writes. */
    replyCount: integer("reply_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** Soft delete by its author: the thread stays for its replies, the question's text does not. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("lesson_questions_course_created_idx").on(table.courseId, table.createdAt),
    index("lesson_questions_lesson_idx").on(table.lessonId),
    index("lesson_questions_user_idx").on(table.userId),
  ],
);

export const questionReplies = pgTable(
  "question_replies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer("question_id")
      .notNull()
      .references(() => lessonQuestions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [index("question_replies_question_created_idx").on(table.questionId, table.createdAt)],
);

/** One upvote per person and question: the primary key is what makes it one under parallel requests. */
export const questionVotes = pgTable(
  "question_votes",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => lessonQuestions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.questionId, table.userId] })],
);

export type LessonQuestion = typeof lessonQuestions.$inferSelect;
export type QuestionReply = typeof questionReplies.$inferSelect;
