// An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph) through @aws-sdk/client-s3. Streams of
// unknown length go up with @aws-sdk/lib-storage's Upload (multipart, a few parts in memory at a time).

import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Config } from "../config.server";
import { checkKey, checkPrefix } from "./keys";
import { ObjectExists, type ObjectStorage, type StoredObject } from "./storage";

/**
 * The client settings, shared with tus's S3 store. Checksums only when an operation requires one: since
 * client-s3 3.729 the SDK adds CRC32 checksums to every upload by default (a streamed body then goes out
 * aws-chunked with a trailing checksum), which several S3-compatible servers refuse or, worse, store with
 * the chunk framing inside the object (tests/integration/storage-s3.test.ts shows it).
 */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

function status(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

export type S3Storage = ObjectStorage & {
  readonly kind: "s3";
  client: S3Client;
  bucket: string;
  /** What the client was made with, for tus's S3 store to make its own. */
  clientConfig: S3ClientConfig;
};

export function createS3Storage(
  config: S3Config,
  clientConfig: S3ClientConfig = s3ClientConfig(config),
): S3Storage {
  const client = new S3Client(clientConfig);
  const Bucket = config.bucket;

  async function head(key: string) {
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (status(error) === 404) return null;
      throw error;
    }
  }

  return {
    kind: "s3",
    client,
    bucket: Bucket,
    clientConfig,
    async put(key, body, { contentType, exclusive = false }) {
      checkKey(key);
      // A conditional write (AWS S3 since 2024, R2, MinIO) refuses to replace an object atomically. Servers
      // that ignore If-None-Match (s3rver) still get the head check first, which is not atomic; callers
      // that need it atomic (certificates) also hold a unique row in PostgreSQL.
      if (exclusive && (await head(key))) throw new ObjectExists(key);
      const conditional = exclusive ? { IfNoneMatch: "*" } : {};
      try {
        if (body instanceof Uint8Array) {
          await client.send(
            new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ...conditional }),
          );
        } else {
          await new Upload({
            client,
            params: { Bucket, Key: key, Body: body, ContentType: contentType, ...conditional },
            queueSize: 2,
          }).done();
        }
      } catch (error) {
        if (exclusive && (status(error) === 412 || status(error) === 409)) throw new ObjectExists(key);
        throw error;
      }
    },
    async get(key, range): Promise<StoredObject | null> {
      checkKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const body = out.Body as Readable;
        const contentType = out.ContentType ?? "application/octet-stream";
        if (!range) return { body, size: out.ContentLength ?? 0, contentType };
        // "bytes 0-99/1234": the object's size is after the slash.
        const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? "");
        if (!match) {
          // The server sent the whole object (a range it chose to ignore): the range is all of it.
          const size = out.ContentLength ?? 0;
          return { body, size, contentType, range: { start: 0, end: size - 1 } };
        }
        return {
          body,
          size: Number(match[3]),
          contentType,
          range: { start: Number(match[1]), end: Number(match[2]) },
        };
      } catch (error) {
        if (status(error) === 404) return null;
        if (range && status(error) === 416) {
          const info = await head(key);
          if (!info) return null;
          return { ...info, body: Readable.from([]), range: { start: range.start, end: range.start - 1 } };
        }
        throw error;
      }
    },
    head,
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      } catch (error) {
        if (status(error) !== 404) throw error;
      }
    },
    async list(prefix) {
      checkPrefix(prefix);
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const out = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const item of out.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
  };
}
