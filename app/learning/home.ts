// A learner's home, /my-enrollments and GET /api/me/learning (issue 50, item 1): how the learner's enrolled
// courses, read in one query by app/learning/home.server.ts, are arranged into "continue", "in progress" and
// "completed". Pure; unit-tested in tests/unit/learner-home.test.ts.

export type HomeCourseRow = {
  courseId: number;
  courseTitle: string;
  completedLessons: number;
  totalLessons: number;
  percent: number;
  enrolledAt: Date;
  /** The lesson the learner touched last in this course (opened and reported, or marked), or null. */
  lastLesson: { id: number; title: string; at: Date } | null;
  certificate: { id: string; code: string; issuedAt: Date; revoked: boolean } | null;
};

export type ContinueCard = {
  courseId: number;
  courseTitle: string;
  lessonId: number;
  lessonTitle: string;
  progressPercent: number;
};

export type LearnerHomeShape<T extends HomeCourseRow> = {
  continue: ContinueCard | null;
  inProgress: T[];
  completed: T[];
};

/** A course counts as completed once it has lessons and every one of them is complete. */
export function isCourseComplete(row: Pick<HomeCourseRow, "completedLessons" | "totalLessons">): boolean {
  return row.totalLessons > 0 && row.completedLessons >= row.totalLessons;
}

/**
 * Splits the learner's courses:
 *  - "continue" is the lesson touched last among the courses not yet completed (a finished course has
 *    nothing to continue), with that course's progress; null when no unfinished course was begun;
 *  - in progress: every unfinished course (begun or not), the one touched last first, then the newest
 *    enrollment;
 *  - completed: the finished courses, the one finished (touched) last first.
 */
export function arrangeLearnerHome<T extends HomeCourseRow>(rows: readonly T[]): LearnerHomeShape<T> {
  const touched = (row: HomeCourseRow) => row.lastLesson?.at.getTime() ?? Number.NEGATIVE_INFINITY;
  // Ties keep the given order (the query's: newest enrollment first); Array.prototype.sort is stable.
  const byRecent = (a: T, b: T) => touched(b) - touched(a) || b.enrolledAt.getTime() - a.enrolledAt.getTime();
  const inProgress = rows.filter((row) => !isCourseComplete(row)).sort(byRecent);
  const completed = rows.filter(isCourseComplete).sort(byRecent);
  const next = inProgress.find((row) => row.lastLesson !== null);
  return {
    continue:
      next?.lastLesson != null
        ? {
            courseId: next.courseId,
            courseTitle: next.courseTitle,
            lessonId: next.lastLesson.id,
            lessonTitle: next.lastLesson.title,
            progressPercent: next.percent,
          }
        : null,
    inProgress,
    completed,
  };
}

/** Attempts left at a quiz after `used` of them, or null when the quiz has no limit (maxAttempts 0). */
export function attemptsLeft(maxAttempts: number, used: number): number | null {
  if (maxAttempts <= 0) return null;
  return Math.max(0, maxAttempts - used);
}
