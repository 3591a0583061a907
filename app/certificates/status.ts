// What a course or learn page shows about its certificate: nothing (guests, visitors not enrolled, a course
// without lessons), the learner's progress, the "Get your certificate" form, or the certificate.
import { type CourseProgress, certificateEligibility } from "./eligibility";

export type CertificateStatus =
  | { kind: "progress"; courseId: number; completedLessons: number; totalLessons: number }
  | { kind: "eligible"; courseId: number }
  | { kind: "issued"; courseId: number; id: string; code: string; revoked: boolean };

/**
 * The status from the facts: the certificate the learner holds (revoked or not), else how far they are
 * (`progress` null: no such course). Null when there is nothing to show.
 */
export function certificateStatusOf(
  courseId: number,
  held: { id: string; code: string; revokedAt: Date | null } | null,
  progress: CourseProgress | null,
): CertificateStatus | null {
  if (held)
    return { kind: "issued", courseId, id: held.id, code: held.code, revoked: held.revokedAt !== null };
  if (!progress) return null;
  const eligibility = certificateEligibility(progress);
  if (eligibility.eligible) return { kind: "eligible", courseId };
  if (eligibility.reason !== "incomplete") return null;
  return {
    kind: "progress",
    courseId,
    completedLessons: eligibility.completedLessons,
    totalLessons: eligibility.totalLessons,
  };
}
