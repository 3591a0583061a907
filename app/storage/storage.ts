// The object-storage adapter: every file Manara keeps (images, lesson PDFs and videos, certificates, the
// mail outbox, later captions) goes through this interface, to files under DATA_DIR or to an S3-compatible
// bucket, chosen by configuration (storage.server.ts). Keys are checked by keys.ts before either sees them.
import type { Readable } from "node:stream";

export type ByteRange = { start: number; end: number };

export type StoredObjectInfo = { size: number; contentType: string };

export type StoredObject = StoredObjectInfo & {
  /** The bytes asked for (the whole object, or `range`); the caller must read or destroy it. */
  body: Readable;
  /** The inclusive range the body holds, when one was asked for. */
  range?: ByteRange;
};

export type PutOptions = {
  contentType: string;
  /** Refuse to replace an existing object (rejects with ObjectExists). */
  exclusive?: boolean;
};

export interface ObjectStorage {
  readonly kind: "local" | "s3";
  /** Stores bytes or a stream (streams of unknown length go up in parts, never whole in memory). */
  put(key: string, body: Uint8Array | Readable, options: PutOptions): Promise<void>;
  /** The object (or the inclusive byte range of it), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Deletes an object; one already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Keys under a prefix, in ascending order. */
  list(prefix: string): Promise<string[]>;
}

/** put(…, { exclusive: true }) found an object already there. `code` matches the file system's. */
export class ObjectExists extends Error {
  readonly code = "EEXIST";
  constructor(key: string) {
    super(`object ${key} already exists`);
    this.name = "ObjectExists";
  }
}

/** The content type a local file is served with: the local store keeps no metadata beside the bytes. */
export const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  ".webp": "image/webp",
  ".pdf": "application/pdf",
  ".json": "application/json",
  ".vtt": "text/vtt",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
};

/** Reads `length` bytes from `start` (fewer at the end of the object; none when it is missing). */
export async function readBytes(
  storage: ObjectStorage,
  key: string,
  start: number,
  length: number,
): Promise<Uint8Array> {
  if (length <= 0) return new Uint8Array(0);
  const object = await storage.get(key, { start, end: start + length - 1 });
  if (!object) return new Uint8Array(0);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The whole object in memory (small files only: certificates, outbox messages), or null when missing. */
export async function readAll(storage: ObjectStorage, key: string): Promise<Uint8Array | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}
