// A course's learners as its editor sees them (issue 32, item 7): each enrolled learner with the date they
// enrolled, the lessons they completed, and their best score in each quiz lesson. Only for who may edit the
// course (canEditCourse): a learner's progress is not another trainer's to read.
import { and, asc, count, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { type Actor, canEditCourse } from "../access/editing";
import type { Database } from "../db/client.server";
import { courses, enrollments, lessonProgress, lessons, users } from "../db/schema";
import { bestScoresByLearner } from "../quizzes/quizzes.server";

export type CourseLearner = {
  userId: string;
  name: string;
  nameAr: string | null;
  enrolledAt: Date;
  completedLessons: number;
  /** Best submitted score and whether any attempt passed, by quiz lesson id; absent when never submitted. */
  quizzes: Record<number, { best: number; passed: boolean }>;
};

export type CourseLearners = {
  total: number;
  lessonCount: number;
  quizLessons: { id: number; title: string; titleAr: string | null }[];
  learners: CourseLearner[];
};

/** One page of a course's learners, newest enrollment first, or a refusal for who may not edit it. */
export async function courseLearners(
  db: Database,
  actor: Actor,
  courseId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ ok: true; list: CourseLearners } | { ok: false; reason: "not_found" }> {
  const [course] = await db
    .select({ trainerId: courses.trainerId, isPublished: courses.isPublished })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course || !canEditCourse(actor, course)) return { ok: false, reason: "not_found" };
  const [courseLessons, [totals], rows] = await Promise.all([
    db
      .select({ id: lessons.id, kind: lessons.kind, title: lessons.title, titleAr: lessons.titleAr })
      .from(lessons)
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(lessons.position)),
    db.select({ total: count() }).from(enrollments).where(eq(enrollments.courseId, courseId)),
    db
      .select({
        userId: users.id,
        name: users.name,
        nameAr: users.nameAr,
        enrolledAt: enrollments.createdAt,
      })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(eq(enrollments.courseId, courseId))
      .orderBy(desc(enrollments.createdAt), asc(users.id))
      .limit(limit)
      .offset(offset),
  ]);
  const userIds = rows.map((row) => row.userId);
  const [completed, best] = await Promise.all([
    userIds.length
      ? db
          .select({ userId: lessonProgress.userId, done: count() })
          .from(lessonProgress)
          .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
          .where(
            and(
              eq(lessonProgress.courseId, courseId),
              inArray(lessonProgress.userId, userIds),
              isNotNull(lessonProgress.completedAt),
            ),
          )
          .groupBy(lessonProgress.userId)
      : Promise.resolve([]),
    bestScoresByLearner(db, courseId),
  ]);
  const done = new Map(completed.map((row) => [row.userId, Number(row.done)]));
  return {
    ok: true,
    list: {
      total: Number(totals?.total ?? 0),
      lessonCount: courseLessons.length,
      quizLessons: courseLessons
        .filter((lesson) => lesson.kind === "quiz")
        .map(({ id, title, titleAr }) => ({ id, title, titleAr })),
      learners: rows.map((row) => ({
        userId: row.userId,
        name: row.name,
        nameAr: row.nameAr,
        enrolledAt: row.enrolledAt,
        completedLessons: done.get(row.userId) ?? 0,
        quizzes: Object.fromEntries(best.get(row.userId) ?? []),
      })),
    },
  };
}
