CREATE TABLE "bank_transfer_account" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"bank_name" text NOT NULL,
	"account_holder" text NOT NULL,
	"iban" text NOT NULL,
	"swift" text,
	"instructions" text,
	"instructions_ar" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid,
	CONSTRAINT "bank_transfer_account_single_row" CHECK ("bank_transfer_account"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "bank_transfer_account" ADD CONSTRAINT "bank_transfer_account_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;