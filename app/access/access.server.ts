// Access to a course's material, as every entry point asks it: the course and learn pages, the JSON API,
// the video stream and the PDF route. Each function reads the facts for one viewer and hands them to the
// pure rules in ./policy.ts, so the answer to "may this viewer open this?" has one home.
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { courses, enrollments, lessons, type MediaUpload, type Video } from "../db/schema";
import { isRowId } from "../lib/validation";
import {
  type CourseStanding,
  hasCourseAccess,
  type LessonAccess,
  lessonAccess,
  unattachedFileAccess,
} from "./policy";
import type { Viewer } from "./roles";

/** The course's standing for `viewer`, or null when there is no such course. */
export async function loadCourseStanding(
  db: Queryable,
  viewer: Viewer,
  courseId: number,
): Promise<CourseStanding | null> {
  if (!isRowId(courseId)) return null;
  if (!viewer) {
    const [course] = await db
      .select({ isPublished: courses.isPublished, trainerId: courses.trainerId })
      .from(courses)
      .where(eq(courses.id, courseId));
    return course ? { ...course, enrolled: false } : null;
  }
  // A join rather than a subquery in the select list: drizzle leaves a one-table select's columns
  // unqualified, and inside a subquery those would resolve to the wrong table.
  const [row] = await db
    .select({ isPublished: courses.isPublished, trainerId: courses.trainerId, enrollmentId: enrollments.id })
    .from(courses)
    .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, viewer.id)))
    .where(eq(courses.id, courseId));
  if (!row) return null;
  return { isPublished: row.isPublished, trainerId: row.trainerId, enrolled: row.enrollmentId !== null };
}

/** Whether `viewer` has full access to a course's lessons (enrolled, its trainer, or an admin). */
export async function canOpenCourse(db: Queryable, viewer: Viewer, courseId: number): Promise<boolean> {
  if (!viewer) return false;
  const course = await loadCourseStanding(db, viewer, courseId);
  return course !== null && hasCourseAccess(viewer, course);
}

/**
 * How `viewer` may open lesson `lessonId` of course `courseId` (see lessonAccess); `lessonId` null asks for
 * the course's lessons as a whole, which only full access opens. A lesson of another course is not found.
 */
export async function accessToLesson(
  db: Queryable,
  viewer: Viewer,
  courseId: number,
  lessonId: number | null,
): Promise<LessonAccess> {
  if (lessonId !== null && !isRowId(lessonId)) return { ok: false, reason: "not_found" };
  const course = await loadCourseStanding(db, viewer, courseId);
  if (lessonId === null) return lessonAccess(viewer, course, null);
  const [lesson] = course
    ? await db
        .select({ isFreePreview: lessons.isFreePreview })
        .from(lessons)
        .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
    : [];
  const access = lessonAccess(viewer, course, lesson ?? null);
  // Whoever may see the course learns that the lesson does not exist; others learn nothing more.
  if (access.ok && !lesson) return { ok: false, reason: "not_found" };
  return access;
}

/** How `viewer` may watch `video`: as its lesson allows, or, not attached to a lesson, as its uploader. */
export async function accessToVideo(db: Queryable, viewer: Viewer, video: Video): Promise<LessonAccess> {
  const [lesson] = await db
    .select({ id: lessons.id, courseId: lessons.courseId })
    .from(lessons)
    .where(eq(lessons.videoId, video.id));
  if (!lesson) return unattachedFileAccess(viewer, { ownerId: video.ownerId });
  return accessToLesson(db, viewer, lesson.courseId, lesson.id);
}

/** How `viewer` may open an uploaded PDF: as the lesson that uses it allows, else as its uploader. */
export async function accessToLessonPdf(
  db: Queryable,
  viewer: Viewer,
  upload: MediaUpload,
): Promise<LessonAccess> {
  const [lesson] = await db
    .select({ id: lessons.id, courseId: lessons.courseId })
    .from(lessons)
    .where(eq(lessons.pdfPublicId, upload.publicId))
    .limit(1);
  const uploader = unattachedFileAccess(viewer, { ownerId: upload.uploaderId });
  if (!lesson) return uploader;
  const access = await accessToLesson(db, viewer, lesson.courseId, lesson.id);
  // The uploader keeps their file even when it sits in a course they no longer edit.
  return access.ok ? access : uploader.ok ? uploader : access;
}
