// Lesson captions (issue 36; decision 057): per video lesson and language, the normalised WebVTT that is
// served (app/captions/captions.ts wrote it), its cue count, when it last changed, and the id of the text
// track on Vimeo once pushed there.
import { sql } from "drizzle-orm";
import { check, integer, pgEnum, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { lessons } from "./courses";

export const captionLang = pgEnum("caption_lang", ["en", "ar"]);
export type CaptionLang = (typeof captionLang.enumValues)[number];

export const lessonCaptions = pgTable(
  "lesson_captions",
  {
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    lang: captionLang("lang").notNull(),
    /** Normalised WebVTT (serializeWebVtt): no styles, no settings, text escaped. */
    vtt: text("vtt").notNull(),
    cueCount: integer("cue_count").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Vimeo's text-track id (its uri's last segment) once the captions were pushed there. */
    vimeoTextTrackId: text("vimeo_text_track_id"),
  },
  (table) => [
    primaryKey({ columns: [table.lessonId, table.lang] }),
    check("lesson_captions_cue_count_positive", sql`${table.cueCount} > 0`),
  ],
);

export type LessonCaption = typeof lessonCaptions.$inferSelect;
