CREATE TABLE "lead_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"body" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"source" text NOT NULL,
	"service_key" text,
	"course_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"owner_id" uuid,
	"follow_up_at" timestamp with time zone,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"referrer" text,
	"landing_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_status_known" CHECK ("leads"."status" in ('new', 'contacted', 'qualified', 'won', 'lost', 'spam')),
	CONSTRAINT "leads_source_known" CHECK ("leads"."source" in ('contact', 'service', 'course', 'consultation', 'newsletter'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_known";--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email"),"last_message_at");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_follow_up_idx" ON "leads" USING btree ("follow_up_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_known" CHECK ("notifications"."type" in ('question_reply', 'question_answered', 'new_question', 'announcement', 'certificate_issued', 'topup_decided', 'refund', 'new_lead'));
--> statement-breakpoint
-- hand-written: every contact_messages row moves into leads (issue 48): one lead per address, named and dated by its first message, with each message in its history; the table is emptied (nothing writes it any more) and can be dropped by a later migration.
INSERT INTO "leads" ("name", "email", "message", "locale", "source", "created_at", "last_message_at", "updated_at")
SELECT DISTINCT ON (lower("email")) "name", "email", "message", "locale", 'contact', "first_at", "last_at", "last_at"
FROM (
	SELECT *, min("created_at") OVER w AS "first_at", max("created_at") OVER w AS "last_at"
	FROM "contact_messages" WINDOW w AS (PARTITION BY lower("email"))
) AS "m"
ORDER BY lower("email"), "created_at", "id";--> statement-breakpoint
INSERT INTO "lead_events" ("lead_id", "kind", "body", "data", "created_at")
SELECT "l"."id", 'message', "m"."message", jsonb_build_object('subject', "m"."subject"), "m"."created_at"
FROM "contact_messages" AS "m" JOIN "leads" AS "l" ON lower("l"."email") = lower("m"."email")
ORDER BY "m"."created_at", "m"."id";--> statement-breakpoint
DELETE FROM "contact_messages";
