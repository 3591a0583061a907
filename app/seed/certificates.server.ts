// Demo certificate: the demo learner has completed one free course (every lesson marked complete) and holds
// its certificate, issued through the same domain function as a real one. Idempotent.
import { and, eq } from "drizzle-orm";
import { certificatePdfKey, issueCertificate } from "../certificates/certificates.server";
import { ensureCertificatePdf } from "../certificates/pdf-file.server";
import { type CertificateStore, certificateStore } from "../certificates/store.server";
import type { Database } from "../db/client.server";
import { certificates, courses, enrollments, lessonProgress, lessons, users } from "../db/schema";

export const DEMO_CERTIFICATE = {
  learnerEmail: "learner@manara.local",
  courseSlug: "cloud-computing-fundamentals",
  /** Fixed so the demo's verification page has a stable address; real codes are random. */
  code: "MNRA-DEMQ-26",
} as const;

export async function seedDemoCertificate(db: Database, store: CertificateStore = certificateStore()) {
  const [learner] = await db.select().from(users).where(eq(users.email, DEMO_CERTIFICATE.learnerEmail));
  const [course] = await db.select().from(courses).where(eq(courses.slug, DEMO_CERTIFICATE.courseSlug));
  if (!learner || !course) return;
  const [held] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, learner.id), eq(certificates.courseId, course.id)));
  if (held) return;
  await db
    .insert(enrollments)
    .values({ userId: learner.id, courseId: course.id, pricePaid: 0 })
    .onConflictDoNothing();
  const courseLessons = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, course.id));
  const finishedAt = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  if (courseLessons.length > 0) {
    await db
      .insert(lessonProgress)
      .values(
        courseLessons.map((lesson) => ({
          userId: learner.id,
          lessonId: lesson.id,
          courseId: course.id,
          completedAt: finishedAt,
          updatedAt: finishedAt,
        })),
      )
      .onConflictDoNothing();
  }
  // A PDF left by an earlier database in the same storage would block the new one.
  await store.delete(certificatePdfKey(DEMO_CERTIFICATE.code));
  const outcome = await issueCertificate(db, {
    userId: learner.id,
    courseId: course.id,
    code: DEMO_CERTIFICATE.code,
  });
  if (!outcome.ok) throw new Error(`seedDemoCertificate: ${outcome.reason}`);
  // The seed is no request: it renders the demo's PDF now into its store, rather than leave it to a worker
  // (whose job then finds it there).
  await ensureCertificatePdf(db, store, outcome.certificate);
}
