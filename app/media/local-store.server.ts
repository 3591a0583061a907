// The embedded media store: images resized with sharp to a page-size and a card-size WebP (orientation
// applied, EXIF and every other metadata dropped) under DATA_DIR/media/images, served by /media/images;
// PDFs under DATA_DIR/media/private, reachable only through the access-checked /media/raw route.
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import sharp, { type OutputInfo } from "sharp";
import { CONTENT_TYPES, isImageKind, type SniffedKind } from "./sniff";
import {
  type MediaStore,
  PUBLIC_ID_PATTERN,
  type RawDelivery,
  rawUrl,
  type StoredMedia,
  UnreadableMedia,
} from "./store.server";
import { cardImageUrl } from "./urls";

export const PAGE_WIDTH = 1280;
export const CARD_SIZE = { width: 480, height: 270 } as const;

/**
 * Decoding is where an image costs memory: about 4 bytes a pixel, whatever the size of the file (a 5 MB PNG
 * can hold 40 megapixels, 160 MB decoded). So uploads are decoded at most `IMAGE_DECODES` at a time (the
 * rest wait their turn, holding only their compressed bytes), each with libvips on one thread and no
 * operation cache, and an image over `MAX_INPUT_PIXELS` is refused before it is decoded (decision 044).
 */
export const IMAGE_DECODES = 2;
export const MAX_INPUT_PIXELS = 40_000_000;
const imageDecodes = pLimit(IMAGE_DECODES);
sharp.concurrency(1);
sharp.cache(false);

/** File names under images/ that /media/images serves: a public id and an optional -card suffix. */
export const LOCAL_IMAGE_FILE = /^(manara_[0-9a-f]{32})(-card)?\.webp$/;

export function createLocalStore(root: string): MediaStore & { root: string } {
  const imagesDir = path.join(root, "images");
  const privateDir = path.join(root, "private");

  return {
    name: "local",
    root,
    async upload({ bytes, kind }: { bytes: Uint8Array; kind: SniffedKind }, publicId: string) {
      if (!PUBLIC_ID_PATTERN.test(publicId)) throw new Error(`bad public id ${publicId}`);
      if (!isImageKind(kind)) {
        await mkdir(privateDir, { recursive: true });
        await writeFile(path.join(privateDir, `${publicId}.pdf`), bytes, { flag: "wx" });
        return {
          publicId,
          resourceType: "raw",
          url: rawUrl(publicId),
          contentType: CONTENT_TYPES.pdf,
          bytes: bytes.byteLength,
        } satisfies StoredMedia;
      }
      await mkdir(imagesDir, { recursive: true });
      let page: { data: Buffer; info: OutputInfo };
      let card: Buffer;
      try {
        ({ page, card } = await imageDecodes(() => resizeImage(bytes)));
      } catch (error) {
        // The bytes start like an image but do not decode (truncated, corrupt, too many pixels).
        throw new UnreadableMedia(error);
      }
      await writeFile(path.join(imagesDir, `${publicId}.webp`), page.data, { flag: "wx" });
      await writeFile(path.join(imagesDir, `${publicId}-card.webp`), card, { flag: "wx" });
      return {
        publicId,
        resourceType: "image",
        url: `/media/images/${publicId}.webp`,
        contentType: "image/webp",
        bytes: page.info.size,
        width: page.info.width,
        height: page.info.height,
      } satisfies StoredMedia;
    },
    async destroy(publicId, resourceType) {
      if (!PUBLIC_ID_PATTERN.test(publicId)) return;
      if (resourceType === "raw") {
        await rm(path.join(privateDir, `${publicId}.pdf`), { force: true });
        return;
      }
      await rm(path.join(imagesDir, `${publicId}.webp`), { force: true });
      await rm(path.join(imagesDir, `${publicId}-card.webp`), { force: true });
    },
    async deliverRaw(publicId): Promise<RawDelivery> {
      if (!PUBLIC_ID_PATTERN.test(publicId)) return { kind: "missing" };
      const file = path.join(privateDir, `${publicId}.pdf`);
      try {
        const info = await stat(file);
        return { kind: "file", path: file, size: info.size, contentType: CONTENT_TYPES.pdf };
      } catch {
        return { kind: "missing" };
      }
    },
    cardUrl: cardImageUrl,
  };
}

/**
 * The page-size WebP, and the card cut from it (so the upload is decoded once). rotate() applies the EXIF
 * orientation; sharp writes no metadata unless asked to (withMetadata).
 */
async function resizeImage(
  bytes: Uint8Array,
): Promise<{ page: { data: Buffer; info: OutputInfo }; card: Buffer }> {
  const page = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: PAGE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const card = await sharp(page.data)
    .resize({ ...CARD_SIZE, fit: "cover" })
    .webp({ quality: 78 })
    .toBuffer();
  return { page, card };
}

/** The path of an image file /media/images may serve, or null for any other name. */
export function localImagePath(root: string, fileName: string): string | null {
  return LOCAL_IMAGE_FILE.test(fileName) ? path.join(root, "images", fileName) : null;
}
