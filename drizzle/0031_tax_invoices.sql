CREATE TYPE "public"."issued_document_kind" AS ENUM('standard', 'simplified', 'credit_note', 'receipt');--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issued_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "issued_document_kind" NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" integer,
	"user_id" uuid,
	"invoice_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "issued_documents_number_key" UNIQUE("number"),
	CONSTRAINT "issued_documents_amounts_valid" CHECK ("issued_documents"."subtotal" >= 0 and "issued_documents"."tax" >= 0 and "issued_documents"."total" = "issued_documents"."subtotal" + "issued_documents"."tax" and "issued_documents"."sequence" >= 1)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_series_sequence_key" ON "issued_documents" USING btree ("series","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_one_invoice_per_order" ON "issued_documents" USING btree ("order_id") WHERE "issued_documents"."kind" in ('standard', 'simplified');--> statement-breakpoint
CREATE INDEX "issued_documents_user_idx" ON "issued_documents" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "issued_documents_issued_idx" ON "issued_documents" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "issued_documents_invoice_idx" ON "issued_documents" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_rate_valid" CHECK ("orders"."tax_rate_basis_points" >= 0 and "orders"."tax_rate_basis_points" <= 10000);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_valid" CHECK ("orders"."subtotal" >= 0 and "orders"."discount" >= 0 and "orders"."tax" >= 0 and "orders"."total" = "orders"."subtotal" - "orders"."discount" + (case when "orders"."tax_included" then 0 else "orders"."tax" end) and "orders"."total" >= 0 and "orders"."tax" <= "orders"."total");--> statement-breakpoint
CREATE FUNCTION "issued_documents_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An issued invoice or credit note is never changed or removed (issue 47): a correction is a credit note.
  RAISE EXCEPTION 'issued document % cannot be changed or deleted', OLD."number" USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "issued_documents_immutable" BEFORE UPDATE OR DELETE ON "issued_documents"
  FOR EACH ROW EXECUTE FUNCTION "issued_documents_immutable"();
