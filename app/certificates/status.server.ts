// The certificate status of one learner and course, read for the learn page (the rules: ./status.ts).
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { certificates, type User } from "../db/schema";
import { certificateProgress } from "./certificates.server";
import { type CertificateStatus, certificateStatusOf } from "./status";

export type { CertificateStatus };

/** For a page loader: null when there is nothing to show. */
export async function certificateStatus(
  db: Database,
  user: Pick<User, "id"> | null,
  courseId: number,
): Promise<CertificateStatus | null> {
  if (!user) return null;
  const [progress, [held]] = await Promise.all([
    certificateProgress(db, user.id, courseId),
    db
      .select({ id: certificates.id, code: certificates.code, revokedAt: certificates.revokedAt })
      .from(certificates)
      .where(and(eq(certificates.userId, user.id), eq(certificates.courseId, courseId))),
  ]);
  return certificateStatusOf(courseId, held ?? null, progress);
}
