// Courses and their ordered lessons (SPEC §3). Arabic columns are optional: a missing one falls back to English.
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";
import { COURSE_CATEGORIES } from "./values";

export const courseCategory = pgEnum("course_category", COURSE_CATEGORIES);

export const courses = pgTable(
  "courses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Stable key for idempotent seeding and readable references; not used in URLs. */
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    description: text("description").notNull(),
    descriptionAr: text("description_ar"),
    /** The Markdown descriptions rendered and sanitized once, when saved (app/lib/markdown.server.ts). */
    descriptionHtml: text("description_html").notNull().default(""),
    descriptionArHtml: text("description_ar_html"),
    category: courseCategory("category").notNull(),
    /** Integer minor units of CURRENCY; 0 is free. */
    price: integer("price").notNull().default(0),
    imageUrl: text("image_url"),
    imagePublicId: text("image_public_id"),
    isPublished: boolean("is_published").notNull().default(false),
    trainerId: uuid("trainer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Visible reviews' star total and count, changed in the same transaction as the review (app/reviews), so
     * cards and lists read the average from the row and never aggregate reviews per request.
     */
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /**
     * What a buyer decides on (issue 50, item 2): what the course teaches, what it asks of a learner first and
     * whom it is for, each a short list, in English and in Arabic (an empty Arabic list falls back to the
     * English one); and the languages it is taught in.
     */
    outcomes: text("outcomes").array().notNull().default(sql`'{}'::text[]`),
    outcomesAr: text("outcomes_ar").array().notNull().default(sql`'{}'::text[]`),
    requirements: text("requirements").array().notNull().default(sql`'{}'::text[]`),
    requirementsAr: text("requirements_ar").array().notNull().default(sql`'{}'::text[]`),
    audience: text("audience").array().notNull().default(sql`'{}'::text[]`),
    audienceAr: text("audience_ar").array().notNull().default(sql`'{}'::text[]`),
    languages: text("languages").array().notNull().default(sql`'{en}'::text[]`),
    /**
     * Both languages' title and description, lower-cased, without Arabic diacritics or tatweel, and with
     * the letter variants people type interchangeably folded (أ إ آ ٱ → ا, ى → ي, ة → ه). The catalog's
     * search applies the same folding to the query (app/courses/search.ts). Published courses' copy of it, in
     * course_search, is what the search reads (its trigram index).
     */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL =>
        sql`lower(translate(regexp_replace(title || ' ' || coalesce(title_ar, '') || ' ' || description || ' ' || coalesce(description_ar, ''), '[\u064B-\u0652\u0640]', '', 'g'), 'أإآٱىة', 'اااايه'))`,
    ),
  },
  (table) => [
    check("courses_price_non_negative", sql`${table.price} >= 0`),
    check(
      "courses_languages_known",
      sql`cardinality(${table.languages}) > 0 and ${table.languages} <@ array['en', 'ar']::text[]`,
    ),
    check(
      "courses_rating_totals_valid",
      sql`${table.ratingCount} >= 0 and ${table.ratingSum} >= ${table.ratingCount}`,
    ),
    index("courses_published_created_idx").on(table.isPublished, table.createdAt),
    // The catalog's hot paths at 100,000 courses (bench/catalog-scale.ts): published courses only, in the
    // listing's exact order, so a page is an index walk and a count an index-only scan.
    index("courses_listed_newest_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isPublished}`),
    index("courses_listed_category_newest_idx")
      .on(table.category, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isPublished}`),
    index("courses_listed_price_idx")
      .on(table.price, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isPublished}`),
    index("courses_listed_category_price_idx")
      .on(table.category, table.price, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isPublished}`),
    index("courses_trainer_idx").on(table.trainerId),
  ],
);

/**
 * A course's curriculum is an ordered list of sections (issue 32). A section's lessons are a contiguous run
 * of the course-wide lesson order, in section order (decision 051): every reader that orders lessons by
 * `lessons.position` stays right without a join. The studio module keeps that invariant.
 */
export const courseSections = pgTable(
  "course_sections",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** 1-based order inside the course, dense; rewritten like lesson positions (parked negative first). */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
  },
  (table) => [unique("course_sections_course_position_unique").on(table.courseId, table.position)],
);

/** `video` is what every lesson was before issue 32; an article is Markdown; a quiz has a `quizzes` row. */
export const lessonKind = pgEnum("lesson_kind", ["video", "article", "quiz"]);

export const lessons = pgTable(
  "lessons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** The section it belongs to; a section with lessons is never deleted (the studio refuses). */
    sectionId: integer("section_id")
      .notNull()
      .references((): AnyPgColumn => courseSections.id, { onDelete: "cascade" }),
    /** 1-based order inside the course; a section's lessons are a contiguous run of it. */
    position: integer("position").notNull(),
    kind: lessonKind("kind").notNull().default("video"),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    /** An article's Markdown as typed, and rendered and sanitized once on save (app/lib/markdown.server.ts). */
    body: text("body"),
    bodyAr: text("body_ar"),
    bodyHtml: text("body_html"),
    bodyArHtml: text("body_ar_html"),
    durationMinutes: integer("duration_minutes"),
    vimeoVideoId: text("vimeo_video_id"),
    embedUrl: text("embed_url"),
    pdfUrl: text("pdf_url"),
    /** The media adapter's id of the uploaded PDF, so replacing or removing it deletes the file. */
    pdfPublicId: text("pdf_public_id"),
    /** The lesson's current video (app/video); replacing it removes the old one from its host. */
    videoId: uuid("video_id").references((): AnyPgColumn => videos.id, { onDelete: "set null" }),
    /** A free preview plays for anyone from the course page. */
    isFreePreview: boolean("is_free_preview").notNull().default(false),
  },
  (table) => [
    // Positions are dense (1..n) and unique. The studio rewrites them in one locked transaction, parking
    // rows at negative positions first (a non-deferrable unique index is checked row by row), so no
    // sign check here.
    unique("lessons_course_position_unique").on(table.courseId, table.position),
    check("lessons_duration_range", sql`${table.durationMinutes} between 0 and 10000`),
    // Only a video lesson plays a video; an article or a quiz that kept one would show it nowhere.
    check("lessons_video_only_for_video_kind", sql`${table.kind} = 'video' or ${table.videoId} is null`),
    index("lessons_section_idx").on(table.sectionId),
  ],
);

/**
 * The catalog's search side of published courses: the columns a search filters and sorts on, and nothing else,
 * so counting 10,000 matches rechecks a table less than half the width of courses (decision 025). Written only
 * by statement triggers on courses (migration 0013), in the same transaction as the change; never by the app.
 */
export const courseSearch = pgTable(
  "course_search",
  {
    courseId: integer("course_id")
      .primaryKey()
      .references(() => courses.id, { onDelete: "cascade" }),
    category: courseCategory("category").notNull(),
    price: integer("price").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** courses.search_text, copied. */
    searchText: text("search_text").notNull(),
  },
  (table) => [
    index("course_search_trgm_idx").using("gin", table.searchText.op("gin_trgm_ops")),
    index("course_search_category_idx").on(table.category),
    // Every one- and two-character substring of the text (search_short_grams, migration 0014): a search term
    // shorter than a trigram is looked up here, exactly (decision 034).
    index("course_search_short_grams_idx").using("gin", sql`search_short_grams(${table.searchText})`),
    // A search's page in each of the listing's orders, for a search that matches enough courses that walking in
    // order and testing each row finds the page sooner than collecting and sorting every match (decision 036).
    index("course_search_newest_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.courseId.desc().nullsFirst(),
    ),
    index("course_search_price_asc_idx").on(
      table.price,
      table.createdAt.desc().nullsFirst(),
      table.courseId.desc().nullsFirst(),
    ),
    index("course_search_price_desc_idx").on(
      table.price.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.courseId.desc().nullsFirst(),
    ),
  ],
);

/**
 * How many published courses each category has, kept exact by the same triggers, so a listing's total is a
 * read of ten rows rather than a count of every published course on each page view (decision 025).
 */
export const catalogCounts = pgTable("catalog_counts", {
  category: courseCategory("category").primaryKey(),
  published: integer("published").notNull().default(0),
});

export type Course = typeof courses.$inferSelect;
export type Lesson = typeof lessons.$inferSelect;
export type CourseSection = typeof courseSections.$inferSelect;
export type LessonKind = (typeof lessonKind.enumValues)[number];

// A lesson points at its current video and a video at the lesson it is for: the two tables reference each
// other, so they live in one module (modules that import each other load in an order nobody chose).

/** Where a video's bytes live: "local" is our own tus store (the object storage, DATA_DIR or S3), or Vimeo. */
export const videoProvider = pgEnum("video_provider", ["local", "vimeo"]);
export const videoStatus = pgEnum("video_status", ["uploading", "processing", "ready", "error"]);

/**
 * One uploaded (or uploading) video. A lesson shows the video its `video_id` points at; a video row is
 * created by create-upload-link before any byte arrives, for the lesson it is meant for.
 */
export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: videoProvider("provider").notNull(),
    /** Vimeo's numeric id, or the local tus upload id. Null until the host has created it. */
    providerId: text("provider_id"),
    /** Where the browser sends its tus PATCHes (Vimeo's upload_link or our own /api/videos/tus/…). */
    uploadLink: text("upload_link"),
    /** The trainer who asked for the upload link; only they (or an admin) may write to it. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The lesson this upload is for. */
    lessonId: integer("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** video/mp4, video/webm or video/quicktime, as judged from the bytes. */
    contentType: text("content_type"),
    size: bigint("size", { mode: "number" }).notNull(),
    bytesReceived: bigint("bytes_received", { mode: "number" }).notNull().default(0),
    status: videoStatus("status").notNull().default("uploading"),
    /** Why processing failed, for the trainer. */
    error: text("error"),
    durationSeconds: integer("duration_seconds"),
    /** Vimeo's player URL once the video is ready. */
    embedUrl: text("embed_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** An upload still unfinished at this time is abandoned and its bytes removed. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [
    index("videos_lesson_idx").on(table.lessonId),
    index("videos_owner_idx").on(table.ownerId),
    index("videos_status_expires_idx").on(table.status, table.expiresAt),
    check("videos_size_positive", sql`${table.size} > 0`),
    check("videos_bytes_received_range", sql`${table.bytesReceived} between 0 and ${table.size}`),
  ],
);

export type Video = typeof videos.$inferSelect;
export type VideoStatus = (typeof videoStatus.enumValues)[number];
export type VideoProvider = (typeof videoProvider.enumValues)[number];
