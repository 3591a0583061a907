// The upload without tus: a plain multipart form (the studio without JavaScript, and the API's upload-video
// endpoints). The body is streamed through busboy straight into a file under DATA_DIR/media/video-incoming
// (this server's spool for the one request; the host then moves it into the object storage), never held
// in memory; the lesson is checked before the first byte is written, the size is capped while
// the bytes arrive, and the container is judged by the first bytes.
import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import busboy from "busboy";
import { isRowId } from "../lib/validation";
import { SNIFF_BYTES, sniffVideo, type VideoContainer } from "./container";

/** Room for the boundaries and the small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export type MultipartVideoFailure =
  | "not_multipart"
  | "too_large"
  | "no_file"
  | "not_a_video"
  | "lesson_required"
  | "refused"
  | "bad_request";

export const MULTIPART_FAILURE_STATUS: Record<MultipartVideoFailure, number> = {
  not_multipart: 415,
  too_large: 413,
  no_file: 400,
  not_a_video: 415,
  lesson_required: 400,
  refused: 403,
  bad_request: 400,
};

export type ReceivedVideo = {
  ok: true;
  filePath: string;
  size: number;
  fileName: string;
  container: VideoContainer;
  lessonId: number;
  fields: Record<string, string>;
};

export type ReceiveFailure<R> = { ok: false; reason: MultipartVideoFailure; refusal?: R };

function parseLessonId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}

/**
 * Reads the multipart field `file` to disk. The lesson comes from `lessonId` (the page's URL) or from a
 * `lessonId` field sent before the file; `authorize` decides before any byte is stored.
 */
export async function receiveVideoUpload<R>(
  request: Request,
  options: {
    maxBytes: number;
    incomingDirectory: string;
    lessonId?: number | null;
    authorize: (lessonId: number) => Promise<R | null>;
  },
): Promise<ReceivedVideo | ReceiveFailure<R>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body)
    return { ok: false, reason: "not_multipart" };
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD)
    return { ok: false, reason: "too_large" };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: options.maxBytes, fields: 20, fieldSize: 10_000, parts: 40 },
    });
  } catch {
    return { ok: false, reason: "bad_request" };
  }

  await mkdir(options.incomingDirectory, { recursive: true });
  const filePath = path.join(options.incomingDirectory, randomUUID());
  const fields: Record<string, string> = {};
  let failure: ReceiveFailure<R> | null = null;
  let received: Omit<ReceivedVideo, "fields"> | null = null;
  let writer: WriteStream | null = null;
  const pending: Promise<void>[] = [];
  const fail = (reason: MultipartVideoFailure, refusal?: R) => {
    failure ??= { ok: false, reason, ...(refusal !== undefined ? { refusal } : {}) };
  };

  parser.on("field", (name, value) => {
    if (name.length < 100) fields[name] = value;
  });
  parser.on("file", (name, file, info) => {
    if (name !== "file" || received || writer || failure) {
      file.resume();
      return;
    }
    const lessonId = options.lessonId ?? parseLessonId(fields.lessonId);
    if (lessonId === null) {
      fail("lesson_required");
      file.resume();
      return;
    }
    // The size cap is watched from the first byte busboy hands over (it may buffer some while we check).
    let limited = false;
    let out: WriteStream | null = null;
    file.on("limit", () => {
      limited = true;
      fail("too_large");
      if (out) {
        file.unpipe(out);
        out.destroy();
      }
      file.resume();
    });
    // busboy holds the stream (and with it the request) while the lesson is checked.
    file.pause();
    pending.push(
      (async () => {
        const refusal = await options.authorize(lessonId);
        if (refusal !== null) {
          fail("refused", refusal);
          file.resume();
          return;
        }
        if (limited) return;
        out = createWriteStream(filePath, { flags: "wx" });
        writer = out;
        const target = out;
        let size = 0;
        let head = new Uint8Array(0);
        let judged = false;
        const judge = () => {
          judged = true;
          if (!sniffVideo(head)) {
            fail("not_a_video");
            file.unpipe(target);
            target.destroy();
            file.resume();
          }
        };
        file.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (!judged) {
            const next = new Uint8Array(head.length + Math.min(chunk.length, SNIFF_BYTES));
            next.set(head);
            next.set(chunk.subarray(0, SNIFF_BYTES), head.length);
            head = next.subarray(0, SNIFF_BYTES);
            if (head.length >= SNIFF_BYTES) judge();
          }
        });
        const written = new Promise<void>((resolve) => {
          target.on("close", resolve);
          target.on("error", () => {
            fail("bad_request");
            resolve();
          });
        });
        const ended = new Promise<void>((resolve) => file.on("end", resolve));
        file.pipe(target);
        await ended;
        if (!judged) judge();
        await written;
        const container = sniffVideo(head);
        if (file.truncated || limited) fail("too_large");
        if (!failure && container && size > 0) {
          received = {
            ok: true,
            filePath,
            size,
            fileName: (info.filename || "video").slice(0, 200),
            container,
            lessonId,
          };
        } else if (!failure) {
          fail(size === 0 ? "no_file" : "not_a_video");
        }
      })(),
    );
  });

  const done = new Promise<void>((resolve) => {
    parser.on("close", resolve);
    parser.on("error", () => {
      fail("bad_request");
      resolve();
    });
  });
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);
  source.on("error", () => {
    fail("bad_request");
    parser.destroy();
  });
  source.pipe(parser);
  await done;
  await Promise.all(pending);
  const result = received as Omit<ReceivedVideo, "fields"> | null;
  if (failure || !result) {
    await rm(filePath, { force: true });
    return failure ?? { ok: false, reason: "no_file" };
  }
  return { ...result, fields };
}
