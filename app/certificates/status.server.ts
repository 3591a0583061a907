// What the course and learn pages show about a certificate: nothing (guests, visitors not enrolled, a
// course without lessons), the learner's progress, the "Get your certificate" form, or the certificate.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { certificates, type User } from "../db/schema";
import { courseProgress } from "./certificates.server";
import { certificateEligibility } from "./eligibility";
import type { CertificateStatus } from "./status";

export type { CertificateStatus };

/** For a page loader: null when there is nothing to show. */
export async function certificateStatus(
  db: Database,
  user: Pick<User, "id"> | null,
  courseId: number,
): Promise<CertificateStatus | null> {
  if (!user) return null;
  const [progress, [held]] = await Promise.all([
    courseProgress(db, user.id, courseId),
    db
      .select({ id: certificates.id, code: certificates.code, revokedAt: certificates.revokedAt })
      .from(certificates)
      .where(and(eq(certificates.userId, user.id), eq(certificates.courseId, courseId))),
  ]);
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
