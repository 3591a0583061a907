CREATE TYPE "public"."rendition_quality" AS ENUM('low', 'audio');--> statement-breakpoint
CREATE TYPE "public"."rendition_status" AS ENUM('pending', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "video_renditions" (
	"video_id" uuid NOT NULL,
	"quality" "rendition_quality" NOT NULL,
	"status" "rendition_status" DEFAULT 'pending' NOT NULL,
	"size" bigint,
	"duration_ms" integer,
	"bit_rate" integer,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_renditions_video_id_quality_pk" PRIMARY KEY("video_id","quality"),
	CONSTRAINT "video_renditions_ready_measured" CHECK ("video_renditions"."status" <> 'ready' or "video_renditions"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "video_renditions" ADD CONSTRAINT "video_renditions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;