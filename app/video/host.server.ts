// The video-host adapter: one interface, two implementations chosen by configuration. With
// VIMEO_ACCESS_TOKEN set, videos go to Vimeo through the @vimeo/vimeo SDK (created with the tus approach; the
// browser PATCHes the bytes straight to Vimeo's upload_link). Otherwise our own: a tus server (@tus/server)
// mounted at /api/videos/tus/:id that writes into the object storage under media/videos/ — @tus/file-store
// on DATA_DIR, @tus/s3-store (multipart uploads) on an S3 bucket — with its locks in PostgreSQL when there is
// one (tus-locker.server.ts), so an upload begun on one server resumes on another. Either way the browser
// gets an upload link and speaks tus to it, so the client code is the same.
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { type DataStore, type Locker, MemoryLocker, Server, Upload } from "@tus/server";
import { type Environment, environment, readConfig } from "../config.server";
import type { VideoProvider } from "../db/schema";
import type { LocalStorage } from "../storage/local.server";
import type { S3Storage } from "../storage/s3.server";
import { readBytes } from "../storage/storage";
import { objectStorage } from "../storage/storage.server";
import { mapVimeoStatus, plausibleDurationSeconds, type RemoteVideoState } from "./policy";
import { sharedTusLocker } from "./tus-locker.server";

/** The errors the tus server answered 5xx, by request (set by its onResponseError). */
const tusFailures = new WeakMap<Request, unknown>();

/** Why the tus server answered `request` with a 5xx, if it did. */
export function tusFailureOf(request: Request): unknown {
  return tusFailures.get(request);
}

export const TUS_PATH = "/api/videos/tus";
/** Unfinished uploads are abandoned (and their bytes removed) after this long. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_MAX_VIDEO_BYTES = 2 * 1024 ** 3;

/** MAX_VIDEO_BYTES (bytes, default 2 GiB): the per-file cap, answered with 413 before any byte is stored. */
export function maxVideoBytes(env: Environment = environment()): number {
  const value = Number(env.MAX_VIDEO_BYTES);
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_MAX_VIDEO_BYTES;
}

export type CreatedUpload = { providerId: string; uploadLink: string };

export interface VideoHost {
  readonly provider: VideoProvider;
  /** Prepares a tus upload of exactly `size` bytes; the browser PATCHes to `uploadLink`. */
  createUpload(input: {
    videoId: string;
    size: number;
    fileName: string;
    description: string;
  }): Promise<CreatedUpload>;
  /** Stores a whole file the server itself received (the multipart upload), moving or sending it. */
  ingestFile(input: {
    videoId: string;
    filePath: string;
    size: number;
    fileName: string;
    description: string;
  }): Promise<{ providerId: string; uploadLink: string | null }>;
  /** Vimeo only: what Vimeo says about the video now. The local host knows by itself. */
  remoteState(video: {
    providerId: string | null;
    uploadLink: string | null;
    size: number;
  }): Promise<RemoteVideoState>;
  /** Deletes the video's bytes; a video already gone is not an error. */
  remove(video: { id: string; providerId: string | null }): Promise<void>;
  /**
   * Vimeo only: the video's caption text tracks (issue 36, decision 057). The local host has none: its
   * captions are served by the app beside the video.
   */
  textTracks?: VimeoTextTracks;
}

export type VimeoTextTracks = {
  /** Creates a caption track in `language`, uploads the WebVTT to its link, activates it; its id. */
  upload(input: { providerId: string; language: string; name: string; vtt: string }): Promise<string>;
  /** Deletes a text track; one already gone (or its video) is not an error. */
  remove(input: { providerId: string; textTrackId: string }): Promise<void>;
};

// ── Ours: tus into the object storage ──────────────────────────────────────────────────────────────────

export type LocalVideoHost = VideoHost & {
  readonly provider: "local";
  readonly storage: LocalStorage | S3Storage;
  readonly tus: Server;
  readonly datastore: DataStore;
  /** The storage key of a video's bytes (complete once the upload finished). */
  key(videoId: string): string;
  /** Bytes received so far: the tus store's offset, or the stored object's size for a multipart upload. */
  bytesReceived(videoId: string): Promise<number>;
  /**
   * Up to `length` of the first bytes received so far, when they can be read: always on disk; on S3 from
   * the object once complete, or while every byte so far is still in the store's incomplete part (before
   * the first 8 MiB part went up, after which they are judged when the last byte arrives).
   */
  firstBytes(videoId: string, length: number): Promise<Uint8Array>;
  /** Where multipart uploads are spooled while they arrive, before they are judged: this server's disk. */
  incomingDirectory: string;
};

/** 8 MiB parts for S3 (the minimum is 5 MiB); the store grows them for files beyond 10,000 parts. */
const S3_PART_BYTES = 8 * 1024 ** 2;

export function createLocalVideoHost(
  storage: LocalStorage | S3Storage,
  {
    maxBytes = maxVideoBytes(),
    locker = new MemoryLocker(),
    incomingDirectory = path.join(readConfig().dataDir, "media", "video-incoming"),
  }: { maxBytes?: number; locker?: Locker; incomingDirectory?: string } = {},
): LocalVideoHost {
  const prefix = "media/videos/";
  const key = (videoId: string) => `${prefix}${videoId}`;
  // The tus upload id is the storage key on S3 (so the object lands under media/videos/); the file store
  // names files after the id inside its own folder, which is already media/videos under DATA_DIR.
  const uploadId = storage.kind === "s3" ? key : (videoId: string) => videoId;
  const datastore: DataStore =
    storage.kind === "s3"
      ? new S3Store({
          partSize: S3_PART_BYTES,
          expirationPeriodInMilliseconds: UPLOAD_LIFETIME_MS,
          s3ClientConfig: { ...storage.clientConfig, bucket: storage.bucket },
        })
      : new FileStore({
          directory: storage.pathOf(prefix.slice(0, -1)),
          expirationPeriodInMilliseconds: UPLOAD_LIFETIME_MS,
        });
  const tus = new Server({
    path: TUS_PATH,
    datastore,
    locker,
    // The Location of a created upload would otherwise be absolute, built from Host/X-Forwarded-*.
    relativeLocation: true,
    // Same origin only: no CORS headers for other sites (the route also checks Origin on cookies).
    allowedOrigins: [],
    maxSize: maxBytes,
    // Uploads are created by create-upload-link (server side); the video id is the last path segment.
    getFileIdFromRequest: (_req, lastPath) => (lastPath ? uploadId(lastPath) : lastPath),
    disableTerminationForFinishedUploads: true,
    // The tus server answers a failure of its store (an S3 without ListParts…) 500 by itself, logging
    // nothing: the error is kept for the route, which logs it with the request's id (issue 43, item 8).
    onResponseError: (request, error) => {
      const status = (error as { status_code?: number }).status_code;
      if (status === undefined || status >= 500) tusFailures.set(request, error);
      return undefined;
    },
  });
  return {
    provider: "local",
    storage,
    tus,
    datastore,
    key,
    incomingDirectory,
    async bytesReceived(videoId) {
      const stored = await storage.head(key(videoId));
      if (stored) return stored.size;
      try {
        return (await datastore.getUpload(uploadId(videoId))).offset;
      } catch {
        return 0;
      }
    },
    async firstBytes(videoId, length) {
      if (storage.kind === "local" || (await storage.head(key(videoId))))
        return readBytes(storage, key(videoId), 0, length);
      const incomplete = await storage.head(`${key(videoId)}.part`);
      if (!incomplete) return new Uint8Array(0);
      let offset: number;
      try {
        offset = (await datastore.getUpload(uploadId(videoId))).offset;
      } catch {
        return new Uint8Array(0);
      }
      // The incomplete part starts at byte 0 only while no whole part was uploaded.
      return offset === incomplete.size
        ? readBytes(storage, `${key(videoId)}.part`, 0, length)
        : new Uint8Array(0);
    },
    async createUpload({ videoId, size, fileName }) {
      await datastore.create(
        new Upload({
          id: uploadId(videoId),
          size,
          offset: 0,
          metadata: { filename: fileName },
          creation_date: new Date().toISOString(),
        }),
      );
      return { providerId: videoId, uploadLink: `${TUS_PATH}/${videoId}` };
    },
    async ingestFile({ videoId, filePath: from }) {
      // On disk the spool and the store share DATA_DIR: a rename, not a copy of up to MAX_VIDEO_BYTES.
      if (storage.kind === "local") await storage.moveIn(key(videoId), from);
      else
        await storage.put(key(videoId), createReadStream(from), { contentType: "application/octet-stream" });
      await rm(from, { force: true });
      return { providerId: videoId, uploadLink: null };
    },
    async remoteState() {
      throw new Error("The local video host has no remote state.");
    },
    async remove({ id }) {
      // The tus store's own leftovers too: the file store's .json; on S3 the multipart upload and .info
      // (the store's remove), and an incomplete .part it leaves.
      try {
        await datastore.remove(uploadId(id));
      } catch {
        // Not a tus upload (a multipart one), or already removed.
      }
      // (The S3 store's remove gives up before deleting .info when the multipart upload is already
      // complete, so it is deleted here too.)
      const leftovers = storage.kind === "s3" ? [".info", ".part"] : [".json"];
      for (const name of ["", ...leftovers]) await storage.delete(`${key(id)}${name}`);
    },
  };
}

// ── Vimeo ──────────────────────────────────────────────────────────────────────────────────────────────

type VimeoClient = {
  request(options: { method: string; path: string; query?: object }): Promise<{
    statusCode?: number;
    body: Record<string, unknown>;
  }>;
};

/** The SDK, loaded with Node's require so tests and the app share one module (its request_defaults). */
function vimeoSdk(): {
  Vimeo: new (id: string | null, secret: string | null, token?: string) => VimeoClient;
} {
  return createRequire(import.meta.url)("@vimeo/vimeo");
}

/** Vimeo's embed player. VIMEO_PLAYER_ORIGIN (tests only) points it at a local fake player page. */
export function vimeoPlayerOrigin(env: Environment = environment()): string {
  return env.VIMEO_PLAYER_ORIGIN || "https://player.vimeo.com";
}

export function vimeoEmbedUrl(vimeoId: string): string {
  return `${vimeoPlayerOrigin()}/video/${encodeURIComponent(vimeoId)}`;
}

/**
 * VIMEO_API_URL (tests only): send the SDK's API calls to a local fake of Vimeo's API. The SDK keeps its host
 * in module-wide defaults (RESEARCH.md), so this is set once, before the first call.
 */
function pointSdkAt(apiUrl: string | undefined): void {
  if (!apiUrl) return;
  const url = new URL(apiUrl);
  const sdk = createRequire(import.meta.url)("@vimeo/vimeo") as {
    vimeo_module: { request_defaults: { protocol: string; hostname: string; port: number } };
  };
  Object.assign(sdk.vimeo_module.request_defaults, {
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port) || (url.protocol === "https:" ? 443 : 80),
  });
}

export function createVimeoHost(accessToken: string): VideoHost {
  const { Vimeo } = vimeoSdk();
  const client = new Vimeo(null, null, accessToken);

  async function create(size: number, fileName: string, description: string): Promise<CreatedUpload> {
    const { body } = await client.request({
      method: "POST",
      path: "/me/videos",
      query: {
        upload: { approach: "tus", size },
        name: fileName.slice(0, 128),
        description: description.slice(0, 5000),
        // Not listed on vimeo.com; playable through the embed player.
        privacy: { view: "disable", embed: "public" },
      },
    });
    const uri = String(body.uri ?? "");
    const upload = (body.upload ?? {}) as { upload_link?: string; approach?: string };
    const providerId = uri.split("/").pop() ?? "";
    if (!providerId || !upload.upload_link) throw new Error("Vimeo did not return an upload link.");
    return { providerId, uploadLink: upload.upload_link };
  }

  return {
    provider: "vimeo",
    createUpload: ({ size, fileName, description }) => create(size, fileName, description),
    async ingestFile({ filePath, size, fileName, description }) {
      const created = await create(size, fileName, description);
      // One tus PATCH with the whole file, streamed from disk.
      const response = await fetch(created.uploadLink, {
        method: "PATCH",
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": "0",
          "Content-Type": "application/offset+octet-stream",
          "Content-Length": String(size),
        },
        body: Readable.toWeb(createReadStream(filePath)) as ReadableStream,
        duplex: "half",
      } as RequestInit);
      if (response.status !== 204) throw new Error(`Vimeo refused the upload (${response.status}).`);
      await rm(filePath, { force: true });
      return created;
    },
    async remoteState(video) {
      if (!video.providerId) return { status: "error", error: "vimeo_missing" };
      const { body } = await client.request({
        method: "GET",
        path: `/videos/${encodeURIComponent(video.providerId)}`,
        query: { fields: "uri,duration,player_embed_url,upload.status,transcode.status" },
      });
      const state = mapVimeoStatus({
        upload: (body.upload as { status?: string } | undefined)?.status,
        transcode: (body.transcode as { status?: string } | undefined)?.status,
      });
      const duration = plausibleDurationSeconds(body.duration);
      const embedUrl =
        typeof body.player_embed_url === "string" &&
        body.player_embed_url.startsWith(`${vimeoPlayerOrigin()}/`)
          ? body.player_embed_url
          : vimeoEmbedUrl(video.providerId);
      let bytesReceived: number | undefined;
      if (state.status === "uploading" && video.uploadLink) bytesReceived = await tusOffset(video.uploadLink);
      if (state.status !== "uploading") bytesReceived = video.size;
      return { ...state, durationSeconds: duration, embedUrl, bytesReceived };
    },
    async remove({ providerId }) {
      if (!providerId) return;
      try {
        await client.request({ method: "DELETE", path: `/videos/${encodeURIComponent(providerId)}` });
      } catch (error) {
        // Already deleted on Vimeo: nothing left to do.
        if (error instanceof Error && /not found|"error_code":\s*5000|404/i.test(error.message)) return;
        throw error;
      }
    },
    textTracks: {
      // Vimeo's documented three steps (developer.vimeo.com/api/upload/texttracks): create the track, PUT
      // the file to the link it answers with, then make it active.
      async upload({ providerId, language, name, vtt }) {
        const video = `/videos/${encodeURIComponent(providerId)}`;
        const { body } = await client.request({
          method: "POST",
          path: `${video}/texttracks`,
          query: { type: "captions", language, name },
        });
        const uri = String(body.uri ?? "");
        const textTrackId = uri.split("/").pop() ?? "";
        if (!textTrackId || typeof body.link !== "string")
          throw new Error("Vimeo did not return a text track's upload link.");
        const put = await fetch(body.link, {
          method: "PUT",
          headers: {
            "Content-Type": "text/vtt; charset=utf-8",
            Accept: "application/vnd.vimeo.*+json;version=3.4",
          },
          body: vtt,
        });
        if (!put.ok) throw new Error(`Vimeo refused the caption file (${put.status}).`);
        await client.request({
          method: "PATCH",
          path: `${video}/texttracks/${encodeURIComponent(textTrackId)}`,
          query: { active: true },
        });
        return textTrackId;
      },
      async remove({ providerId, textTrackId }) {
        try {
          await client.request({
            method: "DELETE",
            path: `/videos/${encodeURIComponent(providerId)}/texttracks/${encodeURIComponent(textTrackId)}`,
          });
        } catch (error) {
          if (error instanceof Error && /not found|"error_code":\s*5000|404/i.test(error.message)) return;
          throw error;
        }
      },
    },
  };
}

/** Where a tus upload stands (HEAD → Upload-Offset); undefined when the host does not say. */
async function tusOffset(uploadLink: string): Promise<number | undefined> {
  try {
    const response = await fetch(uploadLink, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" } });
    const offset = Number(response.headers.get("upload-offset"));
    return response.ok && Number.isSafeInteger(offset) ? offset : undefined;
  } catch {
    return undefined;
  }
}

// ── The configured host ────────────────────────────────────────────────────────────────────────────────

const HOST_KEY = Symbol.for("manara.videoHost");
const LOCAL_KEY = Symbol.for("manara.localVideoHost");
type WithHost = typeof globalThis & { [HOST_KEY]?: VideoHost; [LOCAL_KEY]?: LocalVideoHost };

/** Our own host: always there, since seeded and earlier videos may be ours whatever is configured. */
export function localVideoHost(): LocalVideoHost {
  const holder = globalThis as WithHost;
  holder[LOCAL_KEY] ??= createLocalVideoHost(objectStorage(), { locker: sharedTusLocker() });
  return holder[LOCAL_KEY];
}

/** The host new uploads go to, chosen from the configuration once per process (tests swap it with `replaceVideoHost`). */
export function getVideoHost(env: Environment = environment()): VideoHost {
  const holder = globalThis as WithHost;
  if (!holder[HOST_KEY] && env.VIMEO_ACCESS_TOKEN) pointSdkAt(env.VIMEO_API_URL);
  holder[HOST_KEY] ??= env.VIMEO_ACCESS_TOKEN ? createVimeoHost(env.VIMEO_ACCESS_TOKEN) : localVideoHost();
  return holder[HOST_KEY];
}

/** The host that holds a video of this provider (null: Vimeo video while Vimeo is not configured). */
export function hostFor(provider: VideoProvider): VideoHost | null {
  if (provider === "local") return localVideoHost();
  const host = getVideoHost();
  return host.provider === "vimeo" ? host : null;
}

/** For tests: the host every route uses from now on (undefined: back to the configured one). */
export function replaceVideoHost(host: VideoHost | undefined, local?: LocalVideoHost): void {
  const holder = globalThis as WithHost;
  if (host) holder[HOST_KEY] = host;
  else delete holder[HOST_KEY];
  if (local) holder[LOCAL_KEY] = local;
  else if (host && isLocalHost(host)) holder[LOCAL_KEY] = host;
}

export function isLocalHost(host: VideoHost): host is LocalVideoHost {
  return host.provider === "local";
}

/** Whether Vimeo is configured (the CSP then allows its player frame). */
export function vimeoConfigured(env: Environment = environment()): boolean {
  return Boolean(env.VIMEO_ACCESS_TOKEN);
}
