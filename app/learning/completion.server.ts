// How much of a course a learner has completed: the certificates' count (app/certificates), apart from
// recordProgress so that the certificates can be issued from a completion (issue 50) without the two modules
// importing each other.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { lessonProgress, lessons } from "../db/schema";
import { isRowId } from "../lib/validation";

export type CourseCompletion = { completedLessons: number; totalLessons: number };

/**
 * How much of a course a learner has completed, for the certificates: one aggregate query over the
 * course's current lessons (progress on a lesson since deleted does not count).
 */
export async function courseCompletion(
  db: Database,
  userId: string,
  courseId: number,
): Promise<CourseCompletion> {
  if (!isRowId(courseId)) return { completedLessons: 0, totalLessons: 0 };
  const [row] = await db
    .select({
      totalLessons: sql<number>`count(*)::int`,
      completedLessons: sql<number>`count(${lessonProgress.completedAt})::int`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(eq(lessons.courseId, courseId));
  return {
    completedLessons: Number(row?.completedLessons ?? 0),
    totalLessons: Number(row?.totalLessons ?? 0),
  };
}
