// The studio's caption form (multipart): the uploaded file and which format it is in. The file is read as
// bytes (the pure module decodes them strictly); the format is the name's extension, else the content's
// signature: WebVTT starts with "WEBVTT", anything else is read as SRT.
import type { CaptionFormat } from "./captions";

/** Leaves room for the form's other fields and the multipart boundaries around a full-size file. */
export const CAPTION_FORM_OVERHEAD = 64 * 1024;

export async function captionFileOf(
  form: FormData,
  field = "file",
): Promise<{ bytes: Uint8Array; format: CaptionFormat } | null> {
  const file = form.get(field);
  if (!(file instanceof File) || file.size === 0) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const name = file.name.toLowerCase();
  if (name.endsWith(".srt")) return { bytes, format: "srt" };
  if (name.endsWith(".vtt")) return { bytes, format: "vtt" };
  const head = new TextDecoder().decode(bytes.subarray(0, 16)).replace(/^\ufeff/, "");
  return { bytes, format: head.startsWith("WEBVTT") ? "vtt" : "srt" };
}
