CREATE TYPE "public"."lesson_kind" AS ENUM('video', 'article', 'quiz');--> statement-breakpoint
CREATE TYPE "public"."quiz_question_kind" AS ENUM('single', 'multiple', 'true_false', 'short_text');--> statement-breakpoint
CREATE TYPE "public"."quiz_reveal" AS ENUM('never', 'after_pass', 'always');--> statement-breakpoint
CREATE TABLE "course_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"title_ar" text,
	CONSTRAINT "course_sections_course_position_unique" UNIQUE("course_id","position")
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"earned_units" integer,
	"possible_units" integer,
	"score_percent" integer,
	"passed" boolean,
	"questions" jsonb NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "quiz_attempts_lesson_user_number_unique" UNIQUE("lesson_id","user_id","number"),
	CONSTRAINT "quiz_attempts_score_range" CHECK ("quiz_attempts"."score_percent" is null or "quiz_attempts"."score_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "quiz_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"text_ar" text,
	"text_html" text NOT NULL,
	"text_ar_html" text,
	"correct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lesson_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" "quiz_question_kind" NOT NULL,
	"prompt" text NOT NULL,
	"prompt_ar" text,
	"prompt_html" text NOT NULL,
	"prompt_ar_html" text,
	"points" integer DEFAULT 1 NOT NULL,
	"partial_credit" boolean DEFAULT false NOT NULL,
	"explanation" text,
	"explanation_ar" text,
	"explanation_html" text,
	"explanation_ar_html" text,
	"accepted_answers" text[] DEFAULT '{}'::text[] NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "quiz_questions_points_positive" CHECK ("quiz_questions"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"pass_percent" integer DEFAULT 70 NOT NULL,
	"max_attempts" integer DEFAULT 0 NOT NULL,
	"time_limit_minutes" integer,
	"draw_count" integer,
	"shuffle" boolean DEFAULT false NOT NULL,
	"reveal" "quiz_reveal" DEFAULT 'after_pass' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_pass_percent_range" CHECK ("quizzes"."pass_percent" between 0 and 100),
	CONSTRAINT "quizzes_max_attempts_range" CHECK ("quizzes"."max_attempts" >= 0),
	CONSTRAINT "quizzes_time_limit_range" CHECK ("quizzes"."time_limit_minutes" is null or "quizzes"."time_limit_minutes" > 0),
	CONSTRAINT "quizzes_draw_count_range" CHECK ("quizzes"."draw_count" is null or "quizzes"."draw_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "section_id" integer;--> statement-breakpoint
-- Every existing course gets one section holding its lessons in their order (decision 051), before the
-- column becomes NOT NULL.
INSERT INTO "course_sections" ("course_id", "position", "title", "title_ar") SELECT "id", 1, 'Course content', 'محتوى الدورة' FROM "courses";--> statement-breakpoint
UPDATE "lessons" SET "section_id" = "course_sections"."id" FROM "course_sections" WHERE "course_sections"."course_id" = "lessons"."course_id";--> statement-breakpoint
ALTER TABLE "lessons" ALTER COLUMN "section_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "kind" "lesson_kind" DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "body_ar" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "body_ar_html" text;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_options" ADD CONSTRAINT "quiz_options_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_lesson_id_quizzes_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."quizzes"("lesson_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_lesson_idx" ON "quiz_attempts" USING btree ("user_id","lesson_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_lesson_submitted_idx" ON "quiz_attempts" USING btree ("lesson_id","submitted_at");--> statement-breakpoint
CREATE INDEX "quiz_options_question_position_idx" ON "quiz_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "quiz_questions_lesson_position_idx" ON "quiz_questions" USING btree ("lesson_id","position");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_section_idx" ON "lessons" USING btree ("section_id");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_video_only_for_video_kind" CHECK ("lessons"."kind" = 'video' or "lessons"."video_id" is null);