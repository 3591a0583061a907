ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio_ar" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_public_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_links" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_bounded" CHECK (coalesce(length("users"."bio"), 0) <= 1500 and coalesce(length("users"."bio_ar"), 0) <= 1500 and cardinality("users"."profile_links") <= 4);