// The media adapter: one interface, two implementations chosen by configuration at start. With
// CLOUDINARY_URL set, files go to Cloudinary through its SDK; otherwise to our own object storage under
// media/ (app/storage/: DATA_DIR or an S3 bucket; sharp-resized WebP images, private PDFs). Callers check
// bytes and sizes before this.
import type { MediaResourceType } from "../db/schema";
import type { ObjectStorage } from "../storage/storage";
import type { SniffedKind } from "./sniff";

export type StoredMedia = {
  publicId: string;
  resourceType: MediaResourceType;
  /** Where the file is shown from: a /media path, a Cloudinary URL, or for PDFs our access-checked route. */
  url: string;
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
};

/** What a download route does with a file: stream it from our storage, or send the browser to a signed URL. */
export type RawDelivery =
  | { kind: "stored"; storage: ObjectStorage; key: string; contentType: string }
  | { kind: "redirect"; url: string }
  | { kind: "missing" };

export interface MediaStore {
  readonly name: "local" | "cloudinary";
  upload(file: { bytes: Uint8Array; kind: SniffedKind }, publicId: string): Promise<StoredMedia>;
  /** Deletes a file; a file already gone is not an error. */
  destroy(publicId: string, resourceType: MediaResourceType): Promise<void>;
  deliverRaw(publicId: string): Promise<RawDelivery>;
  /** An image file /media/images serves (our storage only; Cloudinary serves its own). */
  deliverImage(fileName: string): Promise<RawDelivery>;
  /** The smaller card-size variant of an image URL this store produced (the URL itself otherwise). */
  cardUrl(url: string): string;
}

/** Public ids are one URL segment (the delete API takes one), random and unguessable. */
export function newPublicId(): string {
  return `manara_${crypto.randomUUID().replaceAll("-", "")}`;
}

export const PUBLIC_ID_PATTERN = /^manara_[0-9a-f]{32}$/;

/** The URL a lesson PDF is downloaded from, whichever store holds it: access is checked there. */
export function rawUrl(publicId: string): string {
  return `/media/raw/${publicId}`;
}

/** The store could not read the file (an image that does not decode, a file Cloudinary refused as invalid). */
export class UnreadableMedia extends Error {
  constructor(cause: unknown) {
    super("unreadable media", { cause });
    this.name = "UnreadableMedia";
  }
}
