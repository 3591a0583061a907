ALTER TABLE "lesson_progress" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "watched_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Progress saved before this rule keeps what it recorded: its furthest point is its position, begun that long before it was saved.
UPDATE "lesson_progress" SET "watched_seconds" = "position_seconds", "started_at" = "updated_at" - make_interval(secs => "position_seconds");
