// What a signed-in visitor's course page needs to know about them and that course, read in one statement.
//
// The page used to ask each domain in turn (favourite, cart, enrollment, completion, certificate, own
// review: ten statements per view, bench/results/ab-*.md). The facts are still judged by each domain's pure
// rules (hasCourseAccess, certificateStatusOf, reviewRefusal, progressPercent); only the reading is shared.
// tests/integration/course-viewer.test.ts holds these reads equal to the domains' own functions.
import { and, eq, sql } from "drizzle-orm";
import type { CourseStanding } from "../access/policy";
import type { Database } from "../db/client.server";
import {
  cartItems,
  certificates,
  courseReviews,
  courses,
  enrollments,
  favorites,
  lessonProgress,
  lessons,
} from "../db/schema";
import { isRowId } from "../lib/validation";

export type CourseViewerFacts = {
  standing: CourseStanding;
  favorite: boolean;
  inCart: boolean;
  /** Over the course's current lessons, as app/learning/progress.server.ts counts them. */
  completion: {
    totalLessons: number;
    completedLessons: number;
    lastLessonId: number | null;
    /** Which lessons, for the outline's ticks and each section's count (issue 32). */
    completedLessonIds: number[];
  };
  certificate: { id: string; code: string; revokedAt: Date | null } | null;
  ownReview: { id: number; rating: number; comment: string | null; hidden: boolean } | null;
};

/** The facts for `userId` about course `courseId`, or null when there is no such course. */
export async function readCourseViewerFacts(
  db: Database,
  userId: string,
  courseId: number,
): Promise<CourseViewerFacts | null> {
  if (!isRowId(courseId)) return null;
  const ofUser = (column: typeof enrollments.userId | typeof favorites.userId | typeof cartItems.userId) =>
    sql`${column} = ${userId}`;
  const [row] = await db
    .select({
      isPublished: courses.isPublished,
      trainerId: courses.trainerId,
      enrolled: sql<boolean>`exists (select 1 from ${enrollments} where ${ofUser(enrollments.userId)} and ${enrollments.courseId} = ${courses.id})`,
      favorite: sql<boolean>`exists (select 1 from ${favorites} where ${ofUser(favorites.userId)} and ${favorites.courseId} = ${courses.id})`,
      inCart: sql<boolean>`exists (select 1 from ${cartItems} where ${ofUser(cartItems.userId)} and ${cartItems.courseId} = ${courses.id})`,
      totalLessons: sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${courses.id})`,
      completedLessons: sql<number>`(select count(${lessonProgress.completedAt})::int from ${lessons}
        join ${lessonProgress} on ${lessonProgress.lessonId} = ${lessons.id} and ${lessonProgress.userId} = ${userId}
        where ${lessons.courseId} = ${courses.id})`,
      completedLessonIds: sql<
        number[]
      >`coalesce((select array_agg(${lessons.id} order by ${lessons.position}) from ${lessons}
        join ${lessonProgress} on ${lessonProgress.lessonId} = ${lessons.id} and ${lessonProgress.userId} = ${userId}
        where ${lessons.courseId} = ${courses.id} and ${lessonProgress.completedAt} is not null), '{}')`,
      // The lesson touched last (ties: the earlier in the course), as progressByCourse picks it.
      lastLessonId: sql<number | null>`(select ${lessons.id} from ${lessons}
        join ${lessonProgress} on ${lessonProgress.lessonId} = ${lessons.id} and ${lessonProgress.userId} = ${userId}
        where ${lessons.courseId} = ${courses.id}
        order by ${lessonProgress.updatedAt} desc, ${lessons.position} limit 1)`,
      certificateId: certificates.id,
      certificateCode: certificates.code,
      certificateRevokedAt: certificates.revokedAt,
      reviewId: courseReviews.id,
      reviewRating: courseReviews.rating,
      reviewComment: courseReviews.comment,
      reviewHiddenAt: courseReviews.hiddenAt,
    })
    .from(courses)
    // One certificate and one review per learner and course (unique constraints), so neither join repeats a row.
    .leftJoin(certificates, and(eq(certificates.courseId, courses.id), eq(certificates.userId, userId)))
    .leftJoin(courseReviews, and(eq(courseReviews.courseId, courses.id), eq(courseReviews.userId, userId)))
    .where(eq(courses.id, courseId));
  if (!row) return null;
  return {
    standing: { isPublished: row.isPublished, trainerId: row.trainerId, enrolled: Boolean(row.enrolled) },
    favorite: Boolean(row.favorite),
    inCart: Boolean(row.inCart),
    completion: {
      totalLessons: Number(row.totalLessons),
      completedLessons: Number(row.completedLessons),
      lastLessonId: row.lastLessonId == null ? null : Number(row.lastLessonId),
      completedLessonIds: (row.completedLessonIds ?? []).map(Number),
    },
    certificate:
      row.certificateId !== null && row.certificateCode !== null
        ? { id: row.certificateId, code: row.certificateCode, revokedAt: row.certificateRevokedAt }
        : null,
    ownReview:
      row.reviewId !== null && row.reviewRating !== null
        ? {
            id: row.reviewId,
            rating: row.reviewRating,
            comment: row.reviewComment,
            hidden: row.reviewHiddenAt !== null,
          }
        : null,
  };
}
