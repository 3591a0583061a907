// A certificate's PDF file: rendered once (pdf.server.tsx) with its signed Open Badges credential attached,
// stored, downloaded, and rendered again by an admin. Apart from certificates.server.ts because the
// credential's signing (app/credentials/) builds on that module.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Viewer } from "../access/roles";
import { credentialJson } from "../credentials/answers.server";
import { signedCredentialOf } from "../credentials/credentials.server";
import type { Database } from "../db/client.server";
import { type Certificate, certificates } from "../db/schema";
import { certificatePdfKey, downloadableCertificate, verifyUrl } from "./certificates.server";
import { renderCertificatePdf } from "./pdf.server";
import type { CertificateStore } from "./store.server";

/**
 * The stored PDF of certificate `id` for `viewer`: its owner and admins only. Someone else gets
 * "not_found", as for an id that does not exist, so ids cannot be probed.
 */
export async function certificatePdf(
  db: Database,
  store: CertificateStore,
  viewer: NonNullable<Viewer>,
  id: string,
): Promise<{ ok: true; bytes: Uint8Array; code: string } | { ok: false; reason: "not_found" }> {
  const row = await downloadableCertificate(db, viewer, id);
  if (!row?.pdfKey) return { ok: false, reason: "not_found" };
  // Rendered now if its job has not run yet.
  const bytes = await ensureCertificatePdf(db, store, row);
  return { ok: true, bytes, code: row.code };
}

/**
 * The certificate's PDF, with its signed credential attached, rendered and stored if it is not there yet: by the certificate-pdf job, or by a
 * download that came first. Idempotent: the store refuses to overwrite, so of two renders at once (the job
 * and a download, on two servers) the first stored file is the one everybody gets.
 */
export async function ensureCertificatePdf(
  db: Database,
  store: CertificateStore,
  row: Certificate,
): Promise<Uint8Array> {
  const key = row.pdfKey ?? certificatePdfKey(row.code);
  const stored = await store.get(key);
  if (stored) return stored;
  const pdf = await renderCertificatePdf({
    holderName: row.holderName,
    holderNameAr: row.holderNameAr,
    courseTitle: row.courseTitle,
    courseTitleAr: row.courseTitleAr,
    trainerName: row.trainerName,
    trainerNameAr: row.trainerNameAr,
    code: row.code,
    issuedAt: row.issuedAt,
    verifyUrl: verifyUrl(row.code),
    credential: credentialJson(await signedCredentialOf(db, row)),
  });
  try {
    await store.put(key, pdf);
    return pdf;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await store.get(key)) ?? pdf;
  }
}

/**
 * An admin's fix for a PDF made with a wrong origin (before decision 042, or with PUBLIC_URL set wrong): the
 * stored PDF is dropped and rendered again from the row, on today's public origin. The code, names and date
 * stay as issued. A download at the same moment renders the same file; the first one stored is kept.
 */
export async function reissueCertificatePdf(
  db: Database,
  store: CertificateStore,
  id: string,
): Promise<{ ok: true; certificate: Certificate } | { ok: false; reason: "not_found" }> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  if (!row) return { ok: false, reason: "not_found" };
  await store.delete(row.pdfKey ?? certificatePdfKey(row.code));
  await ensureCertificatePdf(db, store, row);
  return { ok: true, certificate: row };
}

/** The certificate-pdf job: the PDF of a certificate issued since; a certificate gone since needs none. */
export async function renderCertificateJob(
  db: Database,
  store: CertificateStore,
  data: unknown,
): Promise<"rendered" | "gone"> {
  const { certificateId } = z.object({ certificateId: z.uuid() }).parse(data);
  const [row] = await db.select().from(certificates).where(eq(certificates.id, certificateId));
  if (!row) return "gone";
  await ensureCertificatePdf(db, store, row);
  return "rendered";
}
