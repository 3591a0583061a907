// Who may watch a video: enrolled learners of its lesson's course, the course's trainer and admins; the
// uploader before it is attached; anyone when the lesson is a free preview of a published course.
import { and, asc, eq } from "drizzle-orm";
import { canAccessCourse } from "../commerce/enrollment.server";
import type { Database } from "../db/client.server";
import { courses, lessons, type User, type Video } from "../db/schema";
import { getLessonVideo, type LessonVideo } from "./playback.server";
import { canWriteVideo } from "./policy";
import { findVideo } from "./videos.server";

export type WatchAccess =
  | { answer: "ok"; video: Video }
  | { answer: "not_found" }
  | { answer: "sign_in" }
  | { answer: "forbidden" };

export async function mayWatchVideo(db: Database, user: User | null, videoId: string): Promise<WatchAccess> {
  const video = await findVideo(db, videoId);
  if (video?.provider !== "local" || video.status !== "ready") return { answer: "not_found" };
  const [lesson] = await db
    .select({
      courseId: lessons.courseId,
      isFreePreview: lessons.isFreePreview,
      isPublished: courses.isPublished,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.videoId, video.id));
  if (!lesson) {
    // Not (or no longer) any lesson's video: only its uploader or an admin may look at it.
    if (canWriteVideo(user, video)) return { answer: "ok", video };
    return user ? { answer: "not_found" } : { answer: "sign_in" };
  }
  if (lesson.isFreePreview && lesson.isPublished) return { answer: "ok", video };
  if (!user) return { answer: "sign_in" };
  if (await canAccessCourse(db, user, lesson.courseId)) return { answer: "ok", video };
  // A draft course's lesson does not exist for strangers.
  return lesson.isPublished ? { answer: "forbidden" } : { answer: "not_found" };
}

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
