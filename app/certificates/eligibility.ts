// Who may be given a certificate for a course: the one rule every path (page, API, seed) asks.

export type CourseProgress = {
  /** The learner holds an enrollment for the course (trainers and admins who merely can open it do not). */
  enrolled: boolean;
  totalLessons: number;
  completedLessons: number;
};

export type Eligibility =
  | { eligible: true; completedLessons: number; totalLessons: number }
  | {
      eligible: false;
      reason: "not_enrolled" | "no_lessons" | "incomplete";
      completedLessons: number;
      totalLessons: number;
    };

/**
 * Enrolled, the course has at least one lesson, and every lesson is completed. A course with no lessons
 * certifies nothing. Completed counts above the total (a lesson removed after it was completed is not
 * counted by the query, but a caller could pass stale numbers) still need every current lesson done.
 */
export function certificateEligibility(progress: CourseProgress): Eligibility {
  const totalLessons = Math.max(0, Math.trunc(progress.totalLessons));
  const completedLessons = Math.min(totalLessons, Math.max(0, Math.trunc(progress.completedLessons)));
  const counts = { completedLessons, totalLessons };
  if (!progress.enrolled) return { eligible: false, reason: "not_enrolled", ...counts };
  if (totalLessons === 0) return { eligible: false, reason: "no_lessons", ...counts };
  if (completedLessons < totalLessons) return { eligible: false, reason: "incomplete", ...counts };
  return { eligible: true, ...counts };
}
