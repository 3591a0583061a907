CREATE TABLE "catalog_counts" (
	"category" "course_category" PRIMARY KEY NOT NULL,
	"published" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_search" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"category" "course_category" NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "courses_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "course_search" ADD CONSTRAINT "course_search_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_search_trgm_idx" ON "course_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "course_search_category_idx" ON "course_search" USING btree ("category");--> statement-breakpoint
-- Hand-written from here (drizzle-kit cannot express triggers). The two catalog tables are derived from courses
-- and written only by these statement triggers, in the transaction that changes courses (decision 025).
-- Statement triggers with transition tables, not row triggers: seeding 100,000 courses is one insert into each
-- table, and ten counter updates instead of 100,000 updates of the same ten rows.
INSERT INTO "course_search" ("course_id", "category", "price", "created_at", "search_text")
SELECT "id", "category", "price", "created_at", "search_text" FROM "courses" WHERE "is_published";--> statement-breakpoint
INSERT INTO "catalog_counts" ("category", "published")
SELECT "category", count(*)::int FROM "courses" WHERE "is_published" GROUP BY "category";--> statement-breakpoint
-- Adds signed changes to the counts; categories whose changes cancel out are not written (nor locked). One
-- statement in category order, so two transactions lock the rows they share in the same order.
CREATE FUNCTION "catalog_counts_add"("categories" "course_category"[], "changes" integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "catalog_counts" AS "counts" ("category", "published")
  SELECT "change"."category", sum("change"."delta")::int
  FROM unnest("categories", "changes") AS "change"("category", "delta")
  GROUP BY "change"."category"
  HAVING sum("change"."delta") <> 0
  ORDER BY "change"."category"
  ON CONFLICT ("category") DO UPDATE SET "published" = "counts"."published" + excluded."published"
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_courses_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "course_search" ("course_id", "category", "price", "created_at", "search_text")
  SELECT "id", "category", "price", "created_at", "search_text" FROM "inserted" WHERE "is_published";
  PERFORM "catalog_counts_add"(array_agg("category"), array_agg(1)) FROM "inserted" WHERE "is_published";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_courses_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose listing changed: a review's rating totals or an edit of a draft leave both tables alone.
  DELETE FROM "course_search" WHERE "course_id" IN (
    SELECT "was"."id" FROM "old_rows" AS "was" JOIN "new_rows" AS "now" ON "now"."id" = "was"."id"
    WHERE "was"."is_published" AND NOT "now"."is_published"
  );
  INSERT INTO "course_search" AS "search" ("course_id", "category", "price", "created_at", "search_text")
  SELECT "now"."id", "now"."category", "now"."price", "now"."created_at", "now"."search_text"
  FROM "old_rows" AS "was" JOIN "new_rows" AS "now" ON "now"."id" = "was"."id"
  WHERE "now"."is_published"
    AND ("was"."is_published", "was"."category", "was"."price", "was"."created_at", "was"."search_text")
      IS DISTINCT FROM ("now"."is_published", "now"."category", "now"."price", "now"."created_at", "now"."search_text")
  ON CONFLICT ("course_id") DO UPDATE SET
    "category" = excluded."category",
    "price" = excluded."price",
    "created_at" = excluded."created_at",
    "search_text" = excluded."search_text";
  PERFORM "catalog_counts_add"(array_agg("change"."category"), array_agg("change"."delta")) FROM (
    SELECT "category", -1 AS "delta" FROM "old_rows" WHERE "is_published"
    UNION ALL
    SELECT "category", 1 FROM "new_rows" WHERE "is_published"
  ) AS "change";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- course_search rows go with their course through the foreign key's ON DELETE CASCADE.
CREATE FUNCTION "catalog_courses_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalog_counts_add"(array_agg("category"), array_agg(-1)) FROM "deleted" WHERE "is_published";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- TRUNCATE courses … CASCADE empties course_search too; the counts go with it.
CREATE FUNCTION "catalog_courses_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "catalog_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "courses_catalog_inserted" AFTER INSERT ON "courses"
REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_courses_inserted"();--> statement-breakpoint
CREATE TRIGGER "courses_catalog_updated" AFTER UPDATE ON "courses"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_courses_updated"();--> statement-breakpoint
CREATE TRIGGER "courses_catalog_deleted" AFTER DELETE ON "courses"
REFERENCING OLD TABLE AS "deleted" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_courses_deleted"();--> statement-breakpoint
CREATE TRIGGER "courses_catalog_truncated" AFTER TRUNCATE ON "courses"
FOR EACH STATEMENT EXECUTE FUNCTION "catalog_courses_truncated"();
