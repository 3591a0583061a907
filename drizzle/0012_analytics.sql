DROP INDEX "enrollments_course_idx";--> statement-breakpoint
CREATE INDEX "enrollments_course_created_idx" ON "enrollments" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "enrollments_created_idx" ON "enrollments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lesson_progress_course_completed_idx" ON "lesson_progress" USING btree ("course_id","user_id") WHERE "lesson_progress"."completed_at" is not null;