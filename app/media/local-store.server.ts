// Our own media store (the default; Cloudinary is the alternative): images resized with sharp to a
// page-size and a card-size WebP (orientation applied, EXIF and every other metadata dropped) under
// media/images/ in the object storage (app/storage/: DATA_DIR/media/images on disk, or a bucket), served by
// /media/images; PDFs under media/private/, reachable only through the access-checked /media/raw route.
import pLimit from "p-limit";
import sharp, { type OutputInfo } from "sharp";
import { createLocalStorage } from "../storage/local.server";
import type { ObjectStorage } from "../storage/storage";
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

/** How many uploads are being decoded now and how many wait their turn (read by the test of the limit). */
export function imageDecodeLoad() {
  return { decoding: imageDecodes.activeCount, waiting: imageDecodes.pendingCount };
}
sharp.concurrency(1);
sharp.cache(false);

/** File names under images/ that /media/images serves: a public id and an optional -card suffix. */
export const LOCAL_IMAGE_FILE = /^(manara_[0-9a-f]{32})(-card)?\.webp$/;

/** Our media under `prefix` in `storage`: images/<id>.webp, images/<id>-card.webp, private/<id>.pdf. */
export function createStorageMediaStore(
  storage: ObjectStorage,
  prefix = "media/",
): MediaStore & { storage: ObjectStorage; prefix: string } {
  const imageKey = (fileName: string) => `${prefix}images/${fileName}`;
  const pdfKey = (publicId: string) => `${prefix}private/${publicId}.pdf`;

  return {
    // "local": ours, as opposed to Cloudinary's, wherever the storage keeps the bytes.
    name: "local",
    storage,
    prefix,
    async upload({ bytes, kind }: { bytes: Uint8Array; kind: SniffedKind }, publicId: string) {
      if (!PUBLIC_ID_PATTERN.test(publicId)) throw new Error(`bad public id ${publicId}`);
      if (!isImageKind(kind)) {
        await storage.put(pdfKey(publicId), bytes, { contentType: CONTENT_TYPES.pdf, exclusive: true });
        return {
          publicId,
          resourceType: "raw",
          url: rawUrl(publicId),
          contentType: CONTENT_TYPES.pdf,
          bytes: bytes.byteLength,
        } satisfies StoredMedia;
      }
      let page: { data: Buffer; info: OutputInfo };
      let card: Buffer;
      try {
        ({ page, card } = await imageDecodes(() => resizeImage(bytes)));
      } catch (error) {
        // The bytes start like an image but do not decode (truncated, corrupt, too many pixels).
        throw new UnreadableMedia(error);
      }
      await storage.put(imageKey(`${publicId}.webp`), page.data, {
        contentType: "image/webp",
        exclusive: true,
      });
      await storage.put(imageKey(`${publicId}-card.webp`), card, {
        contentType: "image/webp",
        exclusive: true,
      });
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
        await storage.delete(pdfKey(publicId));
        return;
      }
      await storage.delete(imageKey(`${publicId}.webp`));
      await storage.delete(imageKey(`${publicId}-card.webp`));
    },
    async deliverRaw(publicId): Promise<RawDelivery> {
      if (!PUBLIC_ID_PATTERN.test(publicId)) return { kind: "missing" };
      return { kind: "stored", storage, key: pdfKey(publicId), contentType: CONTENT_TYPES.pdf };
    },
    async deliverImage(fileName): Promise<RawDelivery> {
      if (!LOCAL_IMAGE_FILE.test(fileName)) return { kind: "missing" };
      return { kind: "stored", storage, key: imageKey(fileName), contentType: "image/webp" };
    },
    cardUrl: cardImageUrl,
  };
}

/** Our media store on files straight under `root` (tests give each run a temporary folder). */
export function createLocalStore(root: string): MediaStore & { root: string } {
  return { ...createStorageMediaStore(createLocalStorage(root), ""), root };
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
