// Light renditions of our own videos (issue 36; decision 058): the video-renditions job makes them with
// ffmpeg from the original in the object storage and stores them beside it; players and the offline
// downloads read which are ready. Vimeo videos have none: Vimeo's player adapts its quality by itself.
//
// In a job, never in a request: ffmpeg takes seconds for a demo clip and minutes for a long lecture, and a
// server that dies halfway leaves the job to be retried by another.

import { execFile } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { constants, setPriority, tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { and, eq, ne, notExists, sql } from "drizzle-orm";
import { z } from "zod";
import { type Environment, environment } from "../config.server";
import type { Database } from "../db/client.server";
import { type RenditionQuality, type VideoRendition, videoRenditions, videos } from "../db/schema";
import { enqueueJob } from "../jobs/queue.server";
import { logger } from "../lib/logger.server";
import type { ObjectStorage } from "../storage/storage";
import { type LocalVideoHost, localVideoHost } from "./host.server";
import {
  ffmpegArguments,
  RENDITION_CONTENT_TYPES,
  RENDITION_EXTENSIONS,
  RENDITION_QUALITIES,
} from "./renditions";

const execFileAsync = promisify(execFile);

/** FFMPEG_PATH / FFPROBE_PATH: the binaries (default: `ffmpeg` and `ffprobe` on the PATH). */
export function ffmpegBinaries(env: Environment = environment()) {
  return { ffmpeg: env.FFMPEG_PATH || "ffmpeg", ffprobe: env.FFPROBE_PATH || "ffprobe" };
}

/** Where a rendition's bytes are kept: beside the originals' folder, one folder per video. */
export function renditionKey(videoId: string, quality: RenditionQuality): string {
  return `media/renditions/${videoId}/${quality}.${RENDITION_EXTENSIONS[quality]}`;
}

/** The auth-checked route that streams a rendition (routes/media-video.ts), like `localVideoPath`. */
export function renditionPath(videoId: string, quality: RenditionQuality): string {
  return `/media/videos/${videoId}/${quality}`;
}

/** A video's renditions as rows (missing ones have not been asked for yet). */
export async function renditionsOf(db: Database, videoId: string): Promise<VideoRendition[]> {
  return db.select().from(videoRenditions).where(eq(videoRenditions.videoId, videoId));
}

/** A video's rendition of `quality` when it is ready to stream, else null. */
export async function readyRendition(
  db: Database,
  videoId: string,
  quality: RenditionQuality,
): Promise<VideoRendition | null> {
  const [row] = await db
    .select()
    .from(videoRenditions)
    .where(
      and(
        eq(videoRenditions.videoId, videoId),
        eq(videoRenditions.quality, quality),
        eq(videoRenditions.status, "ready"),
      ),
    );
  return row ?? null;
}

/**
 * Asks for a ready local video's renditions: pending rows and the job, in one transaction (the job exists
 * if and only if the rows do). Asking again changes nothing: rows that exist stay, and the job's key makes
 * one job per video.
 */
export async function requestRenditions(db: Database, videoId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The video may be gone (its lesson was deleted while it was checked): then there is nothing to make.
    // FOR SHARE keeps it from going before the rows that point at it are in.
    const [video] = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.id, videoId), eq(videos.status, "ready")))
      .for("share");
    if (!video) return;
    await tx
      .insert(videoRenditions)
      .values(RENDITION_QUALITIES.map((quality) => ({ videoId, quality })))
      .onConflictDoNothing();
    await enqueueJob(db, tx, "video-renditions", { videoId }, { key: videoId });
  });
}

/**
 * For the sweep: ready local videos that never had renditions asked for (the demo clips after a seed,
 * videos uploaded before renditions existed) get them, a few per run.
 */
export async function requestMissingRenditions(db: Database, limit = 20): Promise<number> {
  const missing = await db
    .select({ id: videos.id })
    .from(videos)
    .where(
      and(
        eq(videos.provider, "local"),
        eq(videos.status, "ready"),
        notExists(
          db.select({ one: sql`1` }).from(videoRenditions).where(eq(videoRenditions.videoId, videos.id)),
        ),
      ),
    )
    .limit(limit);
  for (const video of missing) await requestRenditions(db, video.id);
  return missing.length;
}

/** Deletes a video's rendition files (its rows go with the video's row). Never throws. */
export async function removeRenditionFiles(
  videoId: string,
  storage: ObjectStorage = localVideoHost().storage,
) {
  for (const quality of RENDITION_QUALITIES) {
    try {
      await storage.delete(renditionKey(videoId, quality));
    } catch (error) {
      logger("video").error({ err: error, videoId, quality }, "Could not delete a rendition");
    }
  }
}

const ProbeAnswer = z.object({
  streams: z.array(z.object({ codec_type: z.string() })).default([]),
  format: z.object({ duration: z.string().optional(), bit_rate: z.string().optional() }).default({}),
});

export type ProbedMedia = {
  durationMs: number | null;
  bitRate: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
};

/** What ffprobe reads of a media file: its duration, overall bitrate and which kinds of stream it has. */
export async function probeMedia(file: string, ffprobe = ffmpegBinaries().ffprobe): Promise<ProbedMedia> {
  const { stdout } = await execFileAsync(
    ffprobe,
    ["-v", "error", "-show_entries", "format=duration,bit_rate:stream=codec_type", "-of", "json", file],
    { maxBuffer: 1024 * 1024 },
  );
  const answer = ProbeAnswer.parse(JSON.parse(stdout));
  const number = (value: string | undefined) => {
    const parsed = Number(value);
    return value !== undefined && Number.isFinite(parsed) && parsed > 0 ? parsed : null;
  };
  const seconds = number(answer.format.duration);
  const bitRate = number(answer.format.bit_rate);
  return {
    durationMs: seconds === null ? null : Math.round(seconds * 1000),
    bitRate: bitRate === null ? null : Math.round(bitRate),
    hasVideo: answer.streams.some((stream) => stream.codec_type === "video"),
    hasAudio: answer.streams.some((stream) => stream.codec_type === "audio"),
  };
}

const RenditionJob = z.object({ videoId: z.uuid() });

/**
 * The longest ffmpeg may run for one rendition (a three-hour lecture takes about a quarter of an hour at
 * 360p on two cores); both together stay inside the queue's expiry (QUEUE_POLICIES["video-renditions"]).
 */
const FFMPEG_TIMEOUT_MS = 25 * 60 * 1000;

/**
 * Runs ffmpeg at the lowest CPU priority: the worker usually shares its machine with a web server
 * (server/app.ts starts one in each), and a page must not wait behind an encode, which takes both cores of
 * a small server for as long as it is allowed to.
 */
function runInBackground(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      binary,
      args,
      { timeout: FFMPEG_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
      (error) => (error ? reject(error) : resolve()),
    );
    if (child.pid === undefined) return;
    try {
      setPriority(child.pid, constants.priority.PRIORITY_LOW);
    } catch {
      // Not allowed here (some containers): it runs at the normal priority.
    }
  });
}

/**
 * ffmpeg's own words for a failure, short enough for a row (its last line is the reason), without the
 * server's paths.
 */
function ffmpegError(error: unknown, paths: string[] = []): string {
  const failure = error as NodeJS.ErrnoException & { stderr?: unknown; killed?: boolean };
  if (failure.code === "ENOENT") return "ffmpeg_missing";
  if (failure.killed) return "ffmpeg_timeout";
  let words = String(failure.stderr || failure.message || "");
  for (const path of paths) words = words.replaceAll(path, "file");
  return words.trim().split("\n").pop()?.slice(0, 300) || "ffmpeg_failed";
}

async function markFailed(db: Database, videoId: string, quality: RenditionQuality, error: string) {
  await db
    .update(videoRenditions)
    .set({ status: "failed", error, updatedAt: new Date() })
    .where(and(eq(videoRenditions.videoId, videoId), eq(videoRenditions.quality, quality)));
}

/**
 * The video-renditions job: makes each pending rendition of a ready local video. A rendition ffmpeg cannot
 * make (no audio to extract, a file it cannot read, ffmpeg not installed) is marked failed and the original
 * keeps playing; a storage error throws, and the job is retried. Renditions already ready or failed are left
 * alone, so a repeat changes nothing; a video removed meanwhile leaves nothing behind.
 */
export async function makeRenditions(
  db: Database,
  data: unknown,
  {
    host = localVideoHost(),
    binaries = ffmpegBinaries(),
  }: { host?: LocalVideoHost; binaries?: { ffmpeg: string; ffprobe: string } } = {},
): Promise<string> {
  const { videoId } = RenditionJob.parse(data);
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (video?.provider !== "local" || video.status !== "ready") return "gone";
  const pending = (await renditionsOf(db, videoId)).filter((row) => row.status === "pending");
  if (pending.length === 0) return "done";
  const work = await mkdtemp(path.join(tmpdir(), "manara-rendition-"));
  try {
    const input = await originalOnDisk(host, videoId, work);
    let probed: ProbedMedia;
    try {
      probed = await probeMedia(input, binaries.ffprobe);
    } catch (error) {
      for (const row of pending) await markFailed(db, videoId, row.quality, ffmpegError(error, [input]));
      return "failed";
    }
    for (const { quality } of pending) {
      if (quality === "audio" && !probed.hasAudio) {
        await markFailed(db, videoId, quality, "no_audio_stream");
        continue;
      }
      if (quality === "low" && !probed.hasVideo) {
        await markFailed(db, videoId, quality, "no_video_stream");
        continue;
      }
      const output = path.join(work, `${quality}.${RENDITION_EXTENSIONS[quality]}`);
      try {
        await runInBackground(binaries.ffmpeg, ffmpegArguments(quality, input, output, probed.bitRate));
      } catch (error) {
        await markFailed(db, videoId, quality, ffmpegError(error, [input, output]));
        continue;
      }
      const made = await probeMedia(output, binaries.ffprobe);
      const size = (await stat(output)).size;
      const key = renditionKey(videoId, quality);
      await host.storage.put(key, createReadStream(output), {
        contentType: RENDITION_CONTENT_TYPES[quality],
      });
      const [ready] = await db
        .update(videoRenditions)
        .set({
          status: "ready",
          size,
          durationMs: made.durationMs,
          bitRate: made.bitRate,
          error: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(videoRenditions.videoId, videoId),
            eq(videoRenditions.quality, quality),
            ne(videoRenditions.status, "ready"),
          ),
        )
        .returning({ quality: videoRenditions.quality });
      // The video was removed while ffmpeg ran (its rows went with it): the file has nobody to serve.
      if (!ready && !(await stillThere(db, videoId))) await host.storage.delete(key);
    }
    return "done";
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function stillThere(db: Database, videoId: string): Promise<boolean> {
  const rows = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId));
  return rows.length > 0;
}

/** The original as a file ffmpeg can seek in: the stored file itself on disk, a copy from a bucket. */
async function originalOnDisk(host: LocalVideoHost, videoId: string, work: string): Promise<string> {
  const key = host.key(videoId);
  if (host.storage.kind === "local") return host.storage.pathOf(key);
  const object = await host.storage.get(key);
  if (!object) throw new Error(`The original of video ${videoId} is not in the bucket.`);
  const file = path.join(work, "original");
  await pipeline(object.body, createWriteStream(file));
  return file;
}
