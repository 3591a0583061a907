// Reads one uploaded file from a multipart request without ever holding more than the limit in memory,
// and judges it by its bytes. Answers are reasons, not Responses: pages and the API word them differently.
import { BodyError, readBodyBytes } from "../lib/request-body.server";
import { pdfActiveContent } from "./pdf-active-content";
import { isImageKind, MAX_IMAGE_BYTES, MAX_PDF_BYTES, type SniffedKind, sniffKind } from "./sniff";

/** Room for the multipart boundaries and the other small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export type UploadReadFailure =
  | "not_multipart"
  | "too_large"
  | "no_file"
  | "unsupported_type"
  /** A PDF with JavaScript, event or launch actions, or XFA (decision 044). */
  | "pdf_active_content"
  /** A PDF whose object streams could not be read to check for those (encrypted, unusual filters). */
  | "pdf_unchecked";

export type UploadRead =
  | { ok: true; bytes: Uint8Array; kind: SniffedKind; fields: Record<string, string> }
  | { ok: false; reason: UploadReadFailure };

export const UPLOAD_FAILURE_STATUS: Record<UploadReadFailure, number> = {
  not_multipart: 415,
  too_large: 413,
  no_file: 400,
  unsupported_type: 415,
  pdf_active_content: 422,
  pdf_unchecked: 422,
};

/** Is this a multipart body (an upload form) rather than a plain form? */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * The `file` field of a multipart form. `accept` limits the kinds (images only for a cover); each kind has
 * its own size limit (5 MB for images, 20 MB for PDFs).
 */
export async function readUpload(request: Request, accept: "image" | "pdf" | "any"): Promise<UploadRead> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data"))
    return { ok: false, reason: "not_multipart" };
  const maxFile = accept === "image" ? MAX_IMAGE_BYTES : MAX_PDF_BYTES;
  const maxBody = maxFile + MULTIPART_OVERHEAD;
  let form: FormData;
  try {
    // Bounded before anything is buffered (app/lib/request-body.server.ts), then parsed as multipart.
    const bytes = await readBodyBytes(request, maxBody);
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    if (error instanceof BodyError && error.problem === "too_large")
      return { ok: false, reason: "too_large" };
    return { ok: false, reason: "no_file" };
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { ok: false, reason: "no_file" };
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;

  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffKind(bytes);
  if (!kind) return { ok: false, reason: "unsupported_type" };
  if (accept === "image" && !isImageKind(kind)) return { ok: false, reason: "unsupported_type" };
  if (accept === "pdf" && kind !== "pdf") return { ok: false, reason: "unsupported_type" };
  if (bytes.byteLength > (isImageKind(kind) ? MAX_IMAGE_BYTES : MAX_PDF_BYTES)) {
    return { ok: false, reason: "too_large" };
  }
  if (kind === "pdf") {
    const verdict = pdfActiveContent(bytes);
    if (!verdict.ok)
      return {
        ok: false,
        reason: verdict.reason === "active_content" ? "pdf_active_content" : "pdf_unchecked",
      };
  }
  return { ok: true, bytes, kind, fields };
}

export type UploadsRead =
  | {
      ok: true;
      files: { bytes: Uint8Array; kind: SniffedKind }[];
      /** The form's text fields, for the caller to validate like any form. */
      form: FormData;
    }
  | { ok: false; reason: UploadReadFailure | "too_many_files" };

/**
 * Several images in the multipart field `field` (a gallery), at most `maxFiles`, each judged by its bytes
 * and held to the image limit; the whole body is bounded before it is buffered. No file at all is fine
 * (the caller decides whether it needs one): `files` is then empty.
 */
export async function readImageUploads(
  request: Request,
  { field, maxFiles }: { field: string; maxFiles: number },
): Promise<UploadsRead> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data"))
    return { ok: false, reason: "not_multipart" };
  let form: FormData;
  try {
    const bytes = await readBodyBytes(request, maxFiles * MAX_IMAGE_BYTES + MULTIPART_OVERHEAD);
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    if (error instanceof BodyError && error.problem === "too_large")
      return { ok: false, reason: "too_large" };
    return { ok: false, reason: "no_file" };
  }
  const entries = form
    .getAll(field)
    .filter((value): value is File => value instanceof File && value.size > 0);
  if (entries.length > maxFiles) return { ok: false, reason: "too_many_files" };
  const files: { bytes: Uint8Array; kind: SniffedKind }[] = [];
  for (const file of entries) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = sniffKind(bytes);
    if (!kind || !isImageKind(kind)) return { ok: false, reason: "unsupported_type" };
    if (bytes.byteLength > MAX_IMAGE_BYTES) return { ok: false, reason: "too_large" };
    files.push({ bytes, kind });
  }
  const fields = new FormData();
  for (const [key, value] of form) if (typeof value === "string") fields.append(key, value);
  return { ok: true, files, form: fields };
}
