CREATE TYPE "public"."caption_lang" AS ENUM('en', 'ar');--> statement-breakpoint
CREATE TABLE "lesson_captions" (
	"lesson_id" integer NOT NULL,
	"lang" "caption_lang" NOT NULL,
	"vtt" text NOT NULL,
	"cue_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vimeo_text_track_id" text,
	CONSTRAINT "lesson_captions_lesson_id_lang_pk" PRIMARY KEY("lesson_id","lang"),
	CONSTRAINT "lesson_captions_cue_count_positive" CHECK ("lesson_captions"."cue_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "lesson_captions" ADD CONSTRAINT "lesson_captions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;