// What a lesson's player needs: where its video plays from and whether it is ready. Who may watch is
// decided by the caller (the learn page, the play API, the stream route); this only describes the video.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { lessons, type VideoProvider, type VideoStatus, videos } from "../db/schema";
import type { PlaybackQuality } from "./renditions";
import { RENDITION_QUALITIES } from "./renditions";
import { renditionPath, renditionsOf } from "./renditions.server";

/** One way to play a local video: the original ("high") or a light rendition (decision 058). */
export type PlaybackRendition = {
  quality: PlaybackQuality;
  src: string;
  /** "pending" until the rendition job made it; only "ready" ones play. */
  status: "pending" | "ready" | "failed";
};

export type LessonVideo = {
  id: string;
  provider: VideoProvider;
  status: VideoStatus;
  /** Local videos: the auth-checked stream route, for `<video src>`. */
  src: string | null;
  /** Vimeo videos: the embed player URL, for an `<iframe>`. */
  embedUrl: string | null;
  durationSeconds: number | null;
  /** A ready local video's original and light renditions; empty for Vimeo (its player adapts by itself). */
  renditions: PlaybackRendition[];
};

/** The auth-checked route that streams a locally stored video with Range support. */
export function localVideoPath(videoId: string): string {
  return `/media/videos/${videoId}`;
}

/** The lesson's current video, or null when it has none. */
export async function getLessonVideo(db: Database, lessonId: number): Promise<LessonVideo | null> {
  const [row] = await db
    .select({
      id: videos.id,
      provider: videos.provider,
      status: videos.status,
      embedUrl: videos.embedUrl,
      durationSeconds: videos.durationSeconds,
    })
    .from(lessons)
    .innerJoin(videos, eq(videos.id, lessons.videoId))
    .where(eq(lessons.id, lessonId));
  if (!row) return null;
  const ready = row.status === "ready";
  const local = ready && row.provider === "local";
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    src: local ? localVideoPath(row.id) : null,
    embedUrl: ready && row.provider === "vimeo" ? row.embedUrl : null,
    durationSeconds: row.durationSeconds,
    renditions: local ? await localRenditions(db, row.id) : [],
  };
}

async function localRenditions(db: Database, videoId: string): Promise<PlaybackRendition[]> {
  const rows = await renditionsOf(db, videoId);
  return [
    { quality: "high", src: localVideoPath(videoId), status: "ready" },
    // A rendition not asked for yet is as good as pending: the sweep asks for it within a minute.
    ...RENDITION_QUALITIES.map((quality) => ({
      quality,
      src: renditionPath(videoId, quality),
      status: rows.find((row) => row.quality === quality)?.status ?? "pending",
    })),
  ];
}
