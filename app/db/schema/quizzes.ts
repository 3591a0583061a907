// Quiz lessons (issue 32, decision 051): a quiz's settings, its bank of questions and their options as rows
// (the trainer's statistics group by question and by option; the API updates them by id), and the learners'
// attempts, each with a snapshot of what it drew so that later edits change neither what it shows nor how it
// is graded.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { AttemptAnswers, AttemptSnapshot } from "../../quizzes/snapshot";
import { lessons } from "./courses";
import { users } from "./users";
import { QUESTION_KINDS, REVEAL_POLICIES } from "./values";

export const quizQuestionKind = pgEnum("quiz_question_kind", QUESTION_KINDS);
export const quizReveal = pgEnum("quiz_reveal", REVEAL_POLICIES);

/** One row per quiz lesson: its settings (app/quizzes/inputs.ts bounds them). */
export const quizzes = pgTable(
  "quizzes",
  {
    lessonId: integer("lesson_id")
      .primaryKey()
      .references(() => lessons.id, { onDelete: "cascade" }),
    passPercent: integer("pass_percent").notNull().default(70),
    /** 0 means unlimited. */
    maxAttempts: integer("max_attempts").notNull().default(0),
    /** Null for no time limit. */
    timeLimitMinutes: integer("time_limit_minutes"),
    /** How many questions an attempt draws at random; null for all. */
    drawCount: integer("draw_count"),
    shuffle: boolean("shuffle").notNull().default(false),
    reveal: quizReveal("reveal").notNull().default("after_pass"),
    /**
     * After each submitted attempt, mark which questions were right and which wrong (issue 50): the right
     * answers themselves still follow `reveal`.
     */
    markQuestions: boolean("mark_questions").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("quizzes_pass_percent_range", sql`${table.passPercent} between 0 and 100`),
    check("quizzes_max_attempts_range", sql`${table.maxAttempts} >= 0`),
    check(
      "quizzes_time_limit_range",
      sql`${table.timeLimitMinutes} is null or ${table.timeLimitMinutes} > 0`,
    ),
    check("quizzes_draw_count_range", sql`${table.drawCount} is null or ${table.drawCount} > 0`),
  ],
);

/**
 * A question of a quiz's bank. Prompts and explanations are Markdown as typed and HTML rendered once on save.
 * A question removed from a quiz that has attempts is archived, not deleted, so past attempts and the
 * statistics keep their meaning.
 */
export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => quizzes.lessonId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: quizQuestionKind("kind").notNull(),
    prompt: text("prompt").notNull(),
    promptAr: text("prompt_ar"),
    promptHtml: text("prompt_html").notNull(),
    promptArHtml: text("prompt_ar_html"),
    points: integer("points").notNull().default(1),
    /** Multiple choice only: a share of the points for a partly right answer. */
    partialCredit: boolean("partial_credit").notNull().default(false),
    explanation: text("explanation"),
    explanationAr: text("explanation_ar"),
    explanationHtml: text("explanation_html"),
    explanationArHtml: text("explanation_ar_html"),
    /** Short text only: the answers that score, matched after normalising both sides (app/quizzes/normalize.ts). */
    acceptedAnswers: text("accepted_answers").array().notNull().default(sql`'{}'::text[]`),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (table) => [
    index("quiz_questions_lesson_position_idx").on(table.lessonId, table.position),
    check("quiz_questions_points_positive", sql`${table.points} > 0`),
  ],
);

/** A choice question's options, in the trainer's order (true/false has two). */
export const quizOptions = pgTable(
  "quiz_options",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    textAr: text("text_ar"),
    textHtml: text("text_html").notNull(),
    textArHtml: text("text_ar_html"),
    correct: boolean("correct").notNull().default(false),
  },
  (table) => [index("quiz_options_question_position_idx").on(table.questionId, table.position)],
);

/**
 * A learner's attempt at a quiz. `questions` is the snapshot of what it drew (order, option order, points,
 * which options are correct, accepted answers, both languages' texts); grading reads only that. `answers` is
 * replaced by each save while the attempt is open and before its deadline, so every stored answer was saved
 * in time. Submitting sets `submitted_at` once (`where submitted_at is null`).
 */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1 for the learner's first attempt at this quiz, and so on. */
    number: integer("number").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null when the quiz has no time limit. */
    deadline: timestamp("deadline", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** Points in units of 1/2520 (app/quizzes/grading.ts POINT_UNITS), exact. */
    earnedUnits: integer("earned_units"),
    possibleUnits: integer("possible_units"),
    scorePercent: integer("score_percent"),
    passed: boolean("passed"),
    questions: jsonb("questions").$type<AttemptSnapshot>().notNull(),
    answers: jsonb("answers").$type<AttemptAnswers>().notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [
    // The backstop of "no attempt past the limit": starts are serialized on the enrollment row, and two
    // starts that still computed the same number cannot both insert.
    unique("quiz_attempts_lesson_user_number_unique").on(table.lessonId, table.userId, table.number),
    index("quiz_attempts_user_lesson_idx").on(table.userId, table.lessonId),
    index("quiz_attempts_lesson_submitted_idx").on(table.lessonId, table.submittedAt),
    check(
      "quiz_attempts_score_range",
      sql`${table.scorePercent} is null or ${table.scorePercent} between 0 and 100`,
    ),
  ],
);

export type Quiz = typeof quizzes.$inferSelect;
export type QuizQuestion = typeof quizQuestions.$inferSelect;
export type QuizOption = typeof quizOptions.$inferSelect;
export type QuizAttempt = typeof quizAttempts.$inferSelect;
