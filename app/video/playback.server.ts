// What a lesson's player needs: where its video plays from and whether it is ready. Who may watch is
// decided by the caller (the learn page, the play API, the stream route); this only describes the video.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { lessons, type VideoProvider, type VideoStatus, videos } from "../db/schema";

export type LessonVideo = {
  id: string;
  provider: VideoProvider;
  status: VideoStatus;
  /** Local videos: the auth-checked stream route, for `<video src>`. */
  src: string | null;
  /** Vimeo videos: the embed player URL, for an `<iframe>`. */
  embedUrl: string | null;
  durationSeconds: number | null;
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
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    src: ready && row.provider === "local" ? localVideoPath(row.id) : null,
    embedUrl: ready && row.provider === "vimeo" ? row.embedUrl : null,
    durationSeconds: row.durationSeconds,
  };
}
