// The free-preview videos a course page shows. Who may watch a video is the access module's answer
// (app/access/access.server.ts, accessToVideo).
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { lessons } from "../db/schema";
import { getLessonVideo, type LessonVideo } from "./playback.server";

export type PreviewVideo = { lessonId: number; title: string; titleAr: string | null; video: LessonVideo };

/** The free-preview lessons of a course that have a playable video, in curriculum order, for the course page. */
export async function freePreviewVideos(db: Database, courseId: number): Promise<PreviewVideo[]> {
  const rows = await db
    .select({ id: lessons.id, title: lessons.title, titleAr: lessons.titleAr })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.isFreePreview, true)))
    .orderBy(asc(lessons.position));
  const previews: PreviewVideo[] = [];
  for (const row of rows) {
    const video = await getLessonVideo(db, row.id);
    if (video && (video.src || video.embedUrl))
      previews.push({ lessonId: row.id, title: row.title, titleAr: row.titleAr, video });
  }
  return previews;
}
