// The JSON shape of a certificate on the API: one place, so the list and generate answer alike.
import { publicOrigin } from "../config.server";
import { type CertificateSummary, certificatePdfPath, verifyUrl } from "./certificates.server";

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

export function certificateJson(certificate: CertificateSummary): CertificateJson {
  return {
    id: certificate.id,
    code: certificate.code,
    courseId: certificate.courseId,
    courseTitle: certificate.courseTitle,
    issuedAt: certificate.issuedAt.toISOString(),
    revoked: certificate.revoked,
    pdfUrl: publicOrigin() + certificatePdfPath(certificate.id, { api: true }),
    credentialUrl: `${publicOrigin()}/api/certificates/${certificate.id}/credential`,
    verifyUrl: verifyUrl(certificate.code),
  };
}
