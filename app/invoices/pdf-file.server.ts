// Where an issued document's PDF is kept (issue 47): the object storage (app/storage/) under invoices/, one
// file per document number, never served directly (downloads go through access-checked routes). Rendered
// once, by the first that needs it (the mail with the PDF attached, a download); the store refuses to
// overwrite, so of two renders at once, on two servers, the first stored file is the one everybody gets.
import type { ObjectStorage } from "../storage/storage";
import { readAll } from "../storage/storage";
import type { IssuedDocument } from "./document";
import { renderIssuedDocumentPdf } from "./pdf.server";

/** A document number as printed (INV-2026-000001, CN-…, RCT-…); nothing else reaches a key. */
const DOCUMENT_NUMBER = /^[A-Z]{2,4}-\d{4}-\d{6,10}$/;

/** The document's PDF in the object storage: `invoices/<number>.pdf`. */
export function issuedDocumentPdfKey(number: string): string {
  if (!DOCUMENT_NUMBER.test(number)) throw new RangeError(`not a document number: ${number}`);
  return `invoices/${number}.pdf`;
}

/** The file a buyer downloads or gets attached: `<number>.pdf`. */
export const issuedDocumentFilename = (number: string) => `${number}.pdf`;

/**
 * The document's PDF, rendered and stored if it is not there yet. Idempotent: an issued document never
 * changes, so whichever render is stored first is the document's file for good.
 */
export async function ensureIssuedDocumentPdf(
  storage: ObjectStorage,
  doc: IssuedDocument,
): Promise<{ key: string; bytes: Uint8Array }> {
  const key = issuedDocumentPdfKey(doc.number);
  const stored = await readAll(storage, key);
  if (stored) return { key, bytes: stored };
  const bytes = await renderIssuedDocumentPdf(doc);
  try {
    await storage.put(key, bytes, { contentType: "application/pdf", exclusive: true });
    return { key, bytes };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { key, bytes: (await readAll(storage, key)) ?? bytes };
  }
}

/** A download of the document's PDF: private, never cached, named by its number. */
export function issuedDocumentPdfResponse(bytes: Uint8Array, number: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${issuedDocumentFilename(number)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
