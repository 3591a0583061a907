// The JSON shape of a certificate on the API: one place, so the list and generate answer alike.
import { publicOrigin } from "../config.server";
import type { Certificate } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { certificatePdfPath, certificateTitle, verifyUrl } from "./certificates.server";

export type CertificateJson = {
  id: string;
  code: string;
  courseId: number;
  courseTitle: string;
  issuedAt: string;
  revoked: boolean;
  pdfUrl: string;
  /** Its signed Open Badges 3.0 credential (the holder's and admins', like the PDF). */
  credentialUrl: string;
  verifyUrl: string;
};

export function certificateJson(
  certificate: Pick<
    Certificate,
    "id" | "code" | "courseId" | "courseTitle" | "courseTitleAr" | "issuedAt" | "revokedAt"
  >,
  locale: Locale,
): CertificateJson {
  return {
    id: certificate.id,
    code: certificate.code,
    courseId: certificate.courseId,
    courseTitle: certificateTitle(certificate, locale),
    issuedAt: certificate.issuedAt.toISOString(),
    revoked: certificate.revokedAt !== null,
    pdfUrl: publicOrigin() + certificatePdfPath(certificate.id, { api: true }),
    credentialUrl: `${publicOrigin()}/api/certificates/${certificate.id}/credential`,
    verifyUrl: verifyUrl(certificate.code),
  };
}
