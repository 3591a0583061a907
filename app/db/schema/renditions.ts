// Light renditions of a local video (issue 36; decision 058): a ~360p low-bitrate MP4 and an audio-only
// M4A, made by the video-renditions job with ffmpeg from the original in the object storage, one row per
// video and quality. The original itself is the "high" quality and has no row.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { videos } from "./courses";

export const renditionQuality = pgEnum("rendition_quality", ["low", "audio"]);
export type RenditionQuality = (typeof renditionQuality.enumValues)[number];

/** pending: queued or being made; ready: stored and playable; failed: ffmpeg could not make it. */
export const renditionStatus = pgEnum("rendition_status", ["pending", "ready", "failed"]);
export type RenditionStatus = (typeof renditionStatus.enumValues)[number];

export const videoRenditions = pgTable(
  "video_renditions",
  {
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    quality: renditionQuality("quality").notNull(),
    status: renditionStatus("status").notNull().default("pending"),
    /** Bytes stored, once ready. */
    size: bigint("size", { mode: "number" }),
    /** Measured by ffprobe on the made file, once ready. */
    durationMs: integer("duration_ms"),
    bitRate: integer("bit_rate"),
    /** Why it failed, for admins (ffmpeg's last line of error output, or "ffmpeg_missing"). */
    error: text("error"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.videoId, table.quality] }),
    check("video_renditions_ready_measured", sql`${table.status} <> 'ready' or ${table.size} > 0`),
  ],
);

export type VideoRendition = typeof videoRenditions.$inferSelect;
