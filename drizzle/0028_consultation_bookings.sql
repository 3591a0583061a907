CREATE TABLE "consultation_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consultation_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"topic" text NOT NULL,
	"message" text,
	"locale" text NOT NULL,
	"lead_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "consultation_bookings_uid_unique" UNIQUE("uid"),
	CONSTRAINT "consultation_bookings_status_known" CHECK ("consultation_bookings"."status" in ('confirmed', 'cancelled')),
	CONSTRAINT "consultation_bookings_order" CHECK ("consultation_bookings"."ends_at" > "consultation_bookings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_bookings_start_taken" ON "consultation_bookings" USING btree ("starts_at") WHERE "consultation_bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "consultation_bookings_range_idx" ON "consultation_bookings" USING btree ("starts_at","ends_at");