// What an uploaded file really is, judged from its first bytes and never from its name or declared type.
export type SniffedKind = "jpeg" | "png" | "webp" | "avif" | "pdf";

export const IMAGE_KINDS = ["jpeg", "png", "webp", "avif"] as const satisfies readonly SniffedKind[];

export const CONTENT_TYPES: Record<SniffedKind, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  pdf: "application/pdf",
};

/** 5 MB for images, 20 MB for lesson PDFs. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PDF_BYTES = 20 * 1024 * 1024;

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The kind of file, or null for anything else (SVG, GIF, HTML, executables, a renamed text file…). */
export function sniffKind(bytes: Uint8Array): SniffedKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: the major brand and the compatible brands that follow must name AVIF (not HEIC or MP4).
    const boxSize = Math.min(
      bytes.length,
      (bytes[0] ?? 0) * 2 ** 24 + ((bytes[1] ?? 0) << 16) + ((bytes[2] ?? 0) << 8) + (bytes[3] ?? 0),
    );
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // minor version, not a brand
      const brand = ascii(bytes, offset, offset + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
    return null;
  }
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  return null;
}

export function isImageKind(kind: SniffedKind): kind is (typeof IMAGE_KINDS)[number] {
  return kind !== "pdf";
}
