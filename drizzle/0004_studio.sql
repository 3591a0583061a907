CREATE TYPE "public"."media_resource_type" AS ENUM('image', 'raw');--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"public_id" text PRIMARY KEY NOT NULL,
	"resource_type" "media_resource_type" NOT NULL,
	"uploader_id" uuid,
	"url" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description_ar_html" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "pdf_public_id" text;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uploads_uploader_idx" ON "media_uploads" USING btree ("uploader_id");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_duration_range" CHECK ("lessons"."duration_minutes" between 0 and 10000);--> statement-breakpoint
-- Courses saved before the studio carry plain-text descriptions: show them as one escaped paragraph each.
UPDATE "courses" SET "description_html" = '<p dir="auto">' || replace(replace(replace(replace("description", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;') || '</p>' WHERE "description_html" = '';--> statement-breakpoint
UPDATE "courses" SET "description_ar_html" = '<p dir="auto">' || replace(replace(replace(replace("description_ar", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;') || '</p>' WHERE "description_ar" IS NOT NULL AND "description_ar_html" IS NULL;
