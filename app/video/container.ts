// What an uploaded video really is, judged by its bytes (never its name or declared type), and how long an
// MP4/MOV lasts, read from its `mvhd` box. Pure functions over bytes: unit-tested in
// tests/unit/video-policy.test.ts, and fed hostile headers by the fuzz suite (tests/integration/fuzz.test.ts).
// The bytes are the uploader's: every size, version and count in them is checked before it is believed, and a
// header that makes no sense reads as "duration unknown", never as a number the database cannot hold.
import { plausibleDurationSeconds } from "./policy";

export type VideoContainer = "mp4" | "webm" | "mov";

export const VIDEO_CONTENT_TYPES: Record<VideoContainer, string> = {
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

/** Bytes the sniffer needs from the start of a file. */
export const SNIFF_BYTES = 64;

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

function u32(bytes: Uint8Array, offset: number): number {
  return (
    (bytes[offset] ?? 0) * 2 ** 24 +
    ((bytes[offset + 1] ?? 0) << 16) +
    ((bytes[offset + 2] ?? 0) << 8) +
    (bytes[offset + 3] ?? 0)
  );
}

/**
 * The container of a video from its first bytes, or null for anything else (images, PDFs, text, an AVIF or
 * HEIC still image that shares MP4's `ftyp` box).
 *  - WebM: the EBML header 1A 45 DF A3 with DocType "webm" in it (Matroska files without it are refused).
 *  - MOV: an `ftyp` box whose major brand is `qt  `, or an old QuickTime file starting with a `moov`,
 *    `mdat`, `wide` or `free` atom.
 *  - MP4: an `ftyp` box with a video brand (isom, iso2…iso9, mp41, mp42, avc1, dash, M4V, mmp4, 3gp…).
 */
export function sniffVideo(bytes: Uint8Array): VideoContainer | null {
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return ascii(bytes, 0, Math.min(bytes.length, SNIFF_BYTES)).includes("webm") ? "webm" : null;
  }
  if (bytes.length < 12) return null;
  const type = ascii(bytes, 4, 8);
  if (type === "ftyp") {
    const major = ascii(bytes, 8, 12);
    if (major === "qt  ") return "mov";
    const boxSize = Math.min(bytes.length, u32(bytes, 0));
    const brands = [major];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    // Still-image brands (AVIF, HEIF) are not videos even though they are ISO-BMFF.
    if (brands.some((brand) => /^(avif|avis|heic|heix|mif1|msf1)$/.test(brand)) && !isVideoBrand(major))
      return null;
    return brands.some(isVideoBrand) ? "mp4" : null;
  }
  if (["moov", "mdat", "wide", "free"].includes(type) && u32(bytes, 0) >= 8) return "mov";
  return null;
}

function isVideoBrand(brand: string): boolean {
  return /^(isom|iso[2-9]|mp41|mp42|avc1|dash|M4V |M4VH|M4VP|mmp4|3gp[4-9]|3g2[abc]|f4v |qt {2})$/.test(
    brand,
  );
}

/** Reads `length` bytes at `position` of the file (fewer at its end). */
export type ReadAt = (position: number, length: number) => Promise<Uint8Array>;

/**
 * The duration in whole seconds (rounded) of an MP4/MOV file, from the `mvhd` box inside `moov`, or null when
 * it cannot be found or makes no sense (a WebM, a truncated file, a box size past the end of the file, a zero
 * timescale, a duration beyond `MAX_VIDEO_SECONDS`). Walks the top-level boxes by their sizes, so a `moov` at
 * the end of a large file is found without reading the media data.
 */
export async function readMp4Duration(readAt: ReadAt, fileSize: number): Promise<number | null> {
  if (!Number.isSafeInteger(fileSize) || fileSize < 8) return null;
  let offset = 0;
  for (let boxes = 0; offset + 8 <= fileSize && boxes < 1000; boxes++) {
    const header = await readAt(offset, 16);
    if (header.length < 8) return null;
    let size = u32(header, 0);
    const type = ascii(header, 4, 8);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) return null;
      size = u32(header, 8) * 2 ** 32 + u32(header, 12);
      headerSize = 16;
    } else if (size === 0) {
      size = fileSize - offset;
    }
    // A 64-bit size past 2^53 is not a number we can add exactly; a box cannot be smaller than its header
    // nor reach past the end of the file.
    if (!Number.isSafeInteger(size) || size < headerSize || size > fileSize - offset) return null;
    if (type === "moov") {
      const moov = await readAt(offset + headerSize, Math.min(size - headerSize, 16 * 1024 * 1024));
      return mvhdDuration(moov);
    }
    offset += size;
  }
  return null;
}

/** Bytes of an `mvhd` box up to the end of its duration field: version 0 has 32-bit times, version 1 64-bit. */
const MVHD_LENGTH = { 0: 8 + 4 + 4 + 4 + 4 + 4, 1: 8 + 4 + 8 + 8 + 4 + 8 } as const;

/** Finds `mvhd` among the children of a `moov` box's payload. */
export function mvhdDuration(moov: Uint8Array): number | null {
  let offset = 0;
  while (offset + 8 <= moov.length) {
    const size = u32(moov, offset);
    const type = ascii(moov, offset + 4, offset + 8);
    // Sizes 0 ("to the end") and 1 (64-bit) do not occur for moov's children; anything below a header is garbage.
    if (size < 8) return null;
    if (type === "mvhd") {
      const version = moov[offset + 8];
      if (version !== 0 && version !== 1) return null;
      // The whole of the fields we read must be inside the box, and the box inside what was read.
      if (size < MVHD_LENGTH[version] || offset + MVHD_LENGTH[version] > moov.length) return null;
      const fields = offset + 8 + 4;
      let timescale: number;
      let duration: number;
      if (version === 1) {
        timescale = u32(moov, fields + 16);
        const high = u32(moov, fields + 20);
        const low = u32(moov, fields + 24);
        // All ones means "unknown" (ISO/IEC 14496-12 §8.2.2).
        if (high === 0xffffffff && low === 0xffffffff) return null;
        duration = high * 2 ** 32 + low;
      } else {
        timescale = u32(moov, fields + 8);
        duration = u32(moov, fields + 12);
        if (duration === 0xffffffff) return null;
      }
      if (timescale === 0) return null;
      return plausibleDurationSeconds(duration / timescale);
    }
    offset += size;
  }
  return null;
}
