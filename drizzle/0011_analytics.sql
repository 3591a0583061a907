DROP INDEX "enrollments_course_idx";--> statement-breakpoint
CREATE INDEX "enrollments_course_created_idx" ON "enrollments" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "enrollments_created_idx" ON "enrollments" USING btree ("created_at");