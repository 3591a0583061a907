// Certificates of completion: issuing (idempotent, one per learner and course), listing, verifying,
// downloading and revoking. Pages, the JSON API and the seed all go through these functions.
import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { mayDownloadCertificate } from "../access/policy";
import { isAdmin, type Viewer } from "../access/roles";
import { publicOrigin } from "../config.server";
import type { Database, Queryable } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import { type Certificate, certificates, courses, enrollments, users } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { localizePath } from "../i18n/languages";
import { enqueueJob } from "../jobs/queue.server";
import { courseCompletion } from "../learning/completion.server";
import { pick } from "../lib/localized";
import { isRowId } from "../lib/validation";
import { notify } from "../notifications/notify.server";
import { generateCertificateCode, normalizeCertificateCode } from "./code";
import { type CourseProgress, certificateEligibility, type Eligibility } from "./eligibility";

/** courses.id is an int4 column. */
export const REVOKE_REASON_MAX = 500;

/**
 * How far `userId` is through `courseId`: enrolled or not, the course's lessons and how many of them the
 * learner completed (lesson_progress rows with completed_at, joined to the course's current lessons, so a
 * lesson removed after it was completed no longer counts). Null when the course does not exist.
 */
export async function certificateProgress(
  db: Database,
  userId: string,
  courseId: number,
): Promise<CourseProgress | null> {
  if (!isRowId(courseId)) return null;
  // Completion is the learning side's own count (app/learning/progress.server.ts); enrollment is ours.
  const [[course], [enrollment], completion] = await Promise.all([
    db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)),
    db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))),
    courseCompletion(db, userId, courseId),
  ]);
  if (!course) return null;
  return { enrolled: enrollment !== undefined, ...completion };
}

export type IssueOutcome =
  | { ok: true; created: boolean; certificate: Certificate }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_eligible"; completedLessons: number; totalLessons: number };

export function certificatePdfKey(code: string): string {
  return `${code}.pdf`;
}

/** The public verification page of a code, on the public origin, in English (the PDF's link and QR code). */
export function verifyUrl(code: string): string {
  return `${publicOrigin()}/certificates/verify/${code}`;
}

async function findCertificate(db: Database, userId: string, courseId: number) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  return row ?? null;
}

/**
 * Issues the certificate of `courseId` to `userId` once they are eligible, or returns the one they hold.
 *
 * The names and titles are copied now, and the row is inserted with ON CONFLICT DO NOTHING: of parallel
 * requests exactly one inserts; the others return the winner's row. The PDF is not rendered in the request
 * (a render takes ~0.1 s, ~0.7 s for a process's first, which loads the fonts): the insert queues a
 * certificate-pdf job in its transaction, and a download that comes before the job renders it itself
 * (`ensureCertificatePdf` in pdf-file.server.ts, idempotent: the first stored file wins). A revoked certificate is returned as it
 * is; it is not issued again.
 */
export async function issueCertificate(
  db: Database,
  {
    userId,
    courseId,
    now = new Date(),
    code: fixedCode,
  }: {
    userId: string;
    courseId: number;
    now?: Date;
    /** The demo seed only: a known code, so the demo's verification page has a stable address. */
    code?: string;
  },
): Promise<IssueOutcome> {
  const progress = await certificateProgress(db, userId, courseId);
  // A course the caller is not enrolled in is not theirs to be certified in: the same answer as no course.
  if (!progress?.enrolled) return { ok: false, reason: "not_found" };
  const existing = await findCertificate(db, userId, courseId);
  if (existing) return { ok: true, created: false, certificate: existing };
  const eligibility: Eligibility = certificateEligibility(progress);
  if (!eligibility.eligible) {
    return {
      ok: false,
      reason: "not_eligible",
      completedLessons: eligibility.completedLessons,
      totalLessons: eligibility.totalLessons,
    };
  }

  const trainer = alias(users, "trainer");
  const [names] = await db
    .select({
      holderName: users.name,
      holderNameAr: users.nameAr,
      courseTitle: courses.title,
      courseTitleAr: courses.titleAr,
      trainerName: trainer.name,
      trainerNameAr: trainer.nameAr,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, userId))
    .innerJoin(trainer, eq(trainer.id, courses.trainerId))
    .where(eq(courses.id, courseId));
  if (!names) return { ok: false, reason: "not_found" };

  // A code collision (50 random bits) is all but impossible; if one happens the row's unique code is
  // taken (the insert does nothing and no certificate of this learner and course exists), and we try
  // another code.
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = fixedCode ?? generateCertificateCode();
    const pdfKey = certificatePdfKey(code);
    const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const inserted = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(certificates)
        .values({ ...names, code, userId, courseId, issuedAt, pdfKey })
        .onConflictDoNothing()
        .returning();
      // The PDF is the job's (queued with the row: both or neither), or the first download's.
      if (row) {
        await enqueueJob(db, tx, "certificate-pdf", { certificateId: row.id }, { key: row.id });
        // The holder is told with the row (issue 35): once per certificate, whoever issued it.
        await notify(tx, [
          {
            userId,
            type: "certificate_issued",
            eventKey: `certificate:${row.id}`,
            data: {
              path: "/certificates",
              courseId,
              courseTitle: names.courseTitle,
              courseTitleAr: names.courseTitleAr,
            },
          },
        ]);
      }
      return row;
    });
    if (inserted) return { ok: true, created: true, certificate: inserted };
    // Another request won (the insert waited for its commit), or the code is taken.
    const held = await findCertificate(db, userId, courseId);
    if (held) return { ok: true, created: false, certificate: held };
  }
  throw new Error("issueCertificate: could not find a free certificate code");
}

/**
 * Issues the certificate when a completion (a lesson marked or watched through, a quiz passed) finished the
 * course (issue 50): called after that completion committed, so the count sees it. Null when the course is
 * not complete yet, or the certificate was issued before (by another tab, or by hand).
 */
export async function issueCertificateOnCompletion(
  db: Database,
  userId: string,
  courseId: number,
): Promise<{ id: string; code: string } | null> {
  const outcome = await issueCertificate(db, { userId, courseId });
  return outcome.ok && outcome.created
    ? { id: outcome.certificate.id, code: outcome.certificate.code }
    : null;
}

export type CertificateSummary = {
  id: string;
  code: string;
  courseId: number;
  courseTitle: string;
  /** The title as issued in English (LinkedIn's one name field). */
  courseTitleEn: string;
  issuedAt: Date;
  revoked: boolean;
};

/** A certificate's title in the page's language, from the copies made at issue time. */
export function certificateTitle(
  certificate: Pick<Certificate, "courseTitle" | "courseTitleAr">,
  locale: Locale,
) {
  return pick(locale, certificate.courseTitle, certificate.courseTitleAr);
}

/** The learner's certificates, newest first. */
export async function listCertificates(
  db: Database,
  userId: string,
  locale: Locale,
): Promise<CertificateSummary[]> {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return rows.map((row) => certificateSummary(row, locale));
}

/** A certificate as its holder's list shows it, the title in `locale` (the page and the API alike). */
export function certificateSummary(
  row: Pick<
    Certificate,
    "id" | "code" | "courseId" | "courseTitle" | "courseTitleAr" | "issuedAt" | "revokedAt"
  >,
  locale: Locale,
): CertificateSummary {
  return {
    id: row.id,
    code: row.code,
    courseId: row.courseId,
    courseTitle: certificateTitle(row, locale),
    courseTitleEn: row.courseTitle,
    issuedAt: row.issuedAt,
    revoked: row.revokedAt !== null,
  };
}

export type Verification = {
  code: string;
  valid: boolean;
  revoked: boolean;
  revokedAt: Date | null;
  holderName: string;
  courseTitle: string;
  trainerName: string;
  issuedAt: Date;
};

/**
 * What the public may know about a code: valid or revoked, the holder's name, the course, the trainer and
 * the date, in the asked language. Nothing else about the learner (no email, no other courses, no reason
 * for a revocation, which may concern them). Null for a code that names no certificate.
 */
export async function verifyCertificate(
  db: Database,
  input: string,
  locale: Locale,
): Promise<Verification | null> {
  const code = normalizeCertificateCode(input);
  if (!code) return null;
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
  if (!row) return null;
  const revoked = row.revokedAt !== null;
  return {
    code: row.code,
    valid: !revoked,
    revoked,
    revokedAt: row.revokedAt,
    holderName: pick(locale, row.holderName, row.holderNameAr),
    courseTitle: certificateTitle(row, locale),
    trainerName: pick(locale, row.trainerName, row.trainerNameAr),
    issuedAt: row.issuedAt,
  };
}

/**
 * Certificate `id` if `viewer` may download it — its PDF or its Open Badges credential: its owner while it
 * is not revoked, and admins. Null otherwise, as for an id that does not exist, so ids cannot be probed.
 */
export async function downloadableCertificate(
  db: Database,
  viewer: NonNullable<Viewer>,
  id: string,
): Promise<Certificate | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  if (!row || !mayDownloadCertificate(viewer, row)) return null;
  // A revoked certificate is no longer the holder's to show (admins keep the record).
  if (row.revokedAt && !isAdmin(viewer)) return null;
  return row;
}

/** The PDF as a download response (private: never cached by shared caches). */
export function pdfResponse(bytes: Uint8Array, code: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="manara-certificate-${code}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Where a certificate's PDF downloads on the site (session cookie) and on the API (Bearer token). */
export function certificatePdfPath(id: string, { api }: { api: boolean }): string {
  return api ? `/api/certificates/${id}/pdf` : `/certificates/${id}/pdf`;
}

/** Where the owner downloads a certificate's Open Badges credential on the site (session cookie). */
export function certificateCredentialPath(id: string): string {
  return `/certificates/${id}/credential.json`;
}

export function localizedVerifyPath(code: string, locale: Locale): string {
  return localizePath(`/certificates/verify/${code}`, locale);
}

export type AdminCertificateRow = Certificate;

/** The admin list: newest first, searched by code (any spacing or case) or holder name. */
export async function searchCertificates(
  db: Database,
  { q, limit, offset }: { q: string; limit: number; offset: number },
): Promise<{ items: Certificate[]; total: number }> {
  const query = q.trim().slice(0, 100);
  const code = normalizeCertificateCode(query);
  const escaped = query.replace(/[\\%_]/g, (char) => `\\${char}`);
  const where = query
    ? or(
        code ? eq(certificates.code, code) : undefined,
        ilike(certificates.holderName, `%${escaped}%`),
        ilike(certificates.holderNameAr, `%${escaped}%`),
        ilike(certificates.courseTitle, `%${escaped}%`),
      )
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(certificates)
      .where(where)
      .orderBy(desc(certificates.issuedAt), desc(certificates.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(certificates).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export type RevokeOutcome =
  | { ok: true; certificate: Certificate; changed: boolean }
  | { ok: false; reason: "not_found" };

/** Revokes certificate `id` with a reason; revoking a revoked certificate keeps the first reason. */
/**
 * A refund takes back the certificate the enrollment earned: the holder's certificate of the course, if any
 * and not yet revoked, is revoked with `reason` inside the refund's transaction. Its verification page says
 * so at once, and its PDF no longer downloads for the holder.
 */
export async function revokeCertificateOfCourse(
  tx: Queryable,
  {
    userId,
    courseId,
    revokedById,
    reason,
    now = new Date(),
  }: {
    userId: string;
    courseId: number;
    revokedById: string;
    reason: string;
    now?: Date;
  },
): Promise<boolean> {
  const revoked = await tx
    .update(certificates)
    .set({ revokedAt: now, revokedReason: reason, revokedById })
    .where(
      and(
        eq(certificates.userId, userId),
        eq(certificates.courseId, courseId),
        isNull(certificates.revokedAt),
      ),
    )
    .returning({ id: certificates.id });
  if (revoked.length === 0) return false;
  await announcePublicChange(tx, "certificates");
  return true;
}

export async function revokeCertificate(
  db: Database,
  { id, reason, adminId, now = new Date() }: { id: string; reason: string; adminId: string; now?: Date },
): Promise<RevokeOutcome> {
  const [updated] = await db
    .update(certificates)
    .set({ revokedAt: now, revokedReason: reason, revokedById: adminId })
    .where(and(eq(certificates.id, id), sql`${certificates.revokedAt} is null`))
    .returning();
  if (updated) {
    // Its verification page is public.
    await announcePublicChange(db, "certificates");
    return { ok: true, certificate: updated, changed: true };
  }
  const [existing] = await db.select().from(certificates).where(eq(certificates.id, id));
  return existing ? { ok: true, certificate: existing, changed: false } : { ok: false, reason: "not_found" };
}
