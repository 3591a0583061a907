CREATE TYPE "public"."ledger_kind" AS ENUM('credit', 'purchase', 'refund', 'top_up');--> statement-breakpoint
CREATE TYPE "public"."top_up_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "top_up_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "top_up_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reference" text,
	"status" "top_up_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" uuid,
	"reject_reason" text,
	"ledger_entry_id" integer,
	CONSTRAINT "top_up_requests_amount_positive" CHECK ("top_up_requests"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "kind" "ledger_kind" DEFAULT 'credit' NOT NULL;--> statement-breakpoint
ALTER TABLE "top_up_requests" ADD CONSTRAINT "top_up_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_requests" ADD CONSTRAINT "top_up_requests_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_requests" ADD CONSTRAINT "top_up_requests_ledger_entry_id_wallet_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."wallet_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "top_up_requests_status_created_idx" ON "top_up_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "top_up_requests_user_created_idx" ON "top_up_requests" USING btree ("user_id","created_at");--> statement-breakpoint
-- Rows written before kinds existed: debits were purchases, everything else an admin credit.
UPDATE "wallet_ledger" SET "kind" = 'purchase' WHERE "amount" < 0;
