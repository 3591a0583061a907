CREATE TYPE "public"."card_payment_status" AS ENUM('open', 'paid');--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'card_top_up';--> statement-breakpoint
CREATE TABLE "card_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" "card_payment_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"ledger_entry_id" integer,
	CONSTRAINT "card_payments_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "card_payments_amount_positive" CHECK ("card_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_ledger_entry_id_wallet_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."wallet_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_payments_user_created_idx" ON "card_payments" USING btree ("user_id","created_at");