ALTER TABLE "certificates" ADD COLUMN "status_index" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_status_index_unique" UNIQUE("status_index");