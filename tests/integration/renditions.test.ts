// Light renditions of local videos (issue 36; decision 058) against a real database and the real ffmpeg: the
// video-renditions job, drained here as a worker would, makes a ~360p low MP4 and an audio-only M4A of a
// ready video in the object storage (a temporary folder), and the files it stores are measured with ffprobe
// — their durations match the original's, their streams and bitrates are the promised ones — and a heavy
// source really comes out light. Then what must not break: repeats change nothing, a silent video has no
// audio rendition, a file ffmpeg cannot read or an ffmpeg that is not installed marks them failed without
// throwing, the sweep asks only for what is missing, and removing a video leaves no rendition behind.
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  lessons,
  type User,
  type Video,
  type VideoRendition,
  videoRenditions,
  videos,
} from "../../app/db/schema";
import { jobIdForKey } from "../../app/jobs/policy";
import { drainJobs } from "../../app/jobs/worker.server";
import { createLocalStorage, type LocalStorage } from "../../app/storage/local.server";
import { createLocalVideoHost, type LocalVideoHost, replaceVideoHost } from "../../app/video/host.server";
import { AUDIO_RENDITION, LOW_RENDITION } from "../../app/video/renditions";
import {
  ffmpegBinaries,
  makeRenditions,
  probeMedia,
  removeRenditionFiles,
  renditionKey,
  renditionsOf,
  requestMissingRenditions,
  requestRenditions,
} from "../../app/video/renditions.server";
import { finishLocalVideo, removeVideo } from "../../app/video/videos.server";
import { createUser } from "./auth-helpers";
import { createCourseFor, sharedTestMailer } from "./studio-factories";
import { createTestDatabase, type TestDatabaseHandle } from "./test-database";

const execFileAsync = promisify(execFile);
const { ffmpeg, ffprobe } = ffmpegBinaries();

const DEMO_PATH = path.resolve("app/seed/data/videos/manara-demo-1.mp4");
const SMALL_DEMO_PATH = path.resolve("app/seed/data/videos/manara-demo-2.mp4");

/**
 * ffmpeg runs a second or two on these clips, but a test runs it several times (four videos in one) beside
 * the other files' tests on two cores: a loaded machine took over a minute once, so it gets two.
 */
const FFMPEG_TEST_MS = 120_000;
/** How far a rendition's duration may be from the original's (AAC priming, the last frame's length). */
const DURATION_SLACK_S = 0.5;
/**
 * The low rendition's overall bitrate: the target is 300 kbps video + 48 kbps audio = 348 kbps; 20 % above
 * it covers the container and ABR's overshoot on a few seconds (measured: 344–352 kbps).
 */
const LOW_MAX_BPS = (LOW_RENDITION.videoKbps + LOW_RENDITION.audioKbps) * 1.2 * 1000;
/** Its video stream alone: -maxrate is 330 kbps; measured 270–300 kbps. */
const LOW_VIDEO_MAX_BPS = 360_000;
/** The audio rendition: 48 kbps AAC plus the container (measured ~50 kbps). */
const AUDIO_MAX_BPS = 64_000;

let handle: TestDatabaseHandle;
let storage: LocalStorage;
let host: LocalVideoHost;
/** Clips generated with ffmpeg, and scripts. */
let work: string;
let trainer: User;
let courseId = 0;

beforeAll(async () => {
  storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), "manara-renditions-")));
  host = createLocalVideoHost(storage);
  replaceVideoHost(host);
  work = mkdtempSync(path.join(tmpdir(), "manara-rendition-clips-"));
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  courseId = (await createCourseFor(handle.db, trainer, { lessons: 2 })).id;
});

afterAll(async () => {
  replaceVideoHost(undefined);
  await handle?.close();
  if (work) rmSync(work, { recursive: true, force: true });
  if (storage) rmSync(storage.root, { recursive: true, force: true });
});

type ProbedStream = {
  codec_type: string;
  codec_name?: string;
  width?: number;
  height?: number;
  bit_rate?: string;
  channels?: number;
  avg_frame_rate?: string;
};
type Probed = { streams: ProbedStream[]; format: { duration?: string; bit_rate?: string } };

/** Our own look at a file, independent of `probeMedia`. */
async function inspect(file: string) {
  const { stdout } = await execFileAsync(ffprobe, [
    "-v",
    "error",
    "-show_entries",
    "stream=codec_type,codec_name,width,height,bit_rate,channels,avg_frame_rate:format=duration,bit_rate",
    "-of",
    "json",
    file,
  ]);
  const probed = JSON.parse(stdout) as Probed;
  const of = (type: string) => probed.streams.filter((stream) => stream.codec_type === type);
  const fps = (rate = "0/1") => {
    const [num = 0, den = 1] = rate.split("/").map(Number);
    return den ? num / den : 0;
  };
  return {
    video: of("video"),
    audio: of("audio"),
    durationS: Number(probed.format.duration),
    bitRate: Number(probed.format.bit_rate),
    fps: (stream: ProbedStream) => fps(stream.avg_frame_rate),
  };
}

/** Writes a clip with ffmpeg into the work folder; its path. */
async function generate(name: string, args: string[]): Promise<string> {
  const file = path.join(work, name);
  await execFileAsync(ffmpeg, ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args, file]);
  return file;
}

/** A video row with its bytes in the store (status ready unless told). */
async function storedVideo(
  bytes: Uint8Array,
  {
    status = "ready",
    provider = "local",
    lessonId = null,
  }: { status?: Video["status"]; provider?: Video["provider"]; lessonId?: number | null } = {},
): Promise<string> {
  const [video] = await handle.db
    .insert(videos)
    .values({
      provider,
      providerId: provider === "vimeo" ? "123456" : null,
      ownerId: trainer.id,
      lessonId,
      fileName: "clip.mp4",
      contentType: "video/mp4",
      size: bytes.length,
      bytesReceived: status === "uploading" ? 0 : bytes.length,
      status,
    })
    .returning({ id: videos.id });
  if (!video) throw new Error("video not created");
  if (provider === "local") await host.storage.put(host.key(video.id), bytes, { contentType: "video/mp4" });
  return video.id;
}

const drain = () =>
  drainJobs({ db: handle.db, mailer: sharedTestMailer() }, { queues: ["video-renditions"] });

async function rows(videoId: string): Promise<Record<string, VideoRendition>> {
  const found = await renditionsOf(handle.db, videoId);
  return Object.fromEntries(found.map((row) => [row.quality, row]));
}

/** The state pg-boss keeps of a video's rendition job (completed means the handler did not throw). */
async function jobState(videoId: string): Promise<string | undefined> {
  const { rows: found } = await handle.db.execute<{ state: string }>(
    sql`select state::text as state from pgboss.job where id = ${jobIdForKey("video-renditions", videoId)}`,
  );
  return found[0]?.state;
}

const fileOf = (videoId: string, quality: "low" | "audio") => storage.pathOf(renditionKey(videoId, quality));

/** Numbers measured along the way, printed once at the end for the report. */
const measured: Record<string, unknown> = {};
afterAll(() => {
  console.info("rendition measurements", JSON.stringify(measured, null, 1));
});

describe("the demo clip", () => {
  let demoId = "";

  it(
    "gets a low and an audio rendition of the original's duration, within their bitrates",
    async () => {
      const original = await inspect(DEMO_PATH);
      expect(original.durationS).toBeGreaterThan(23);
      expect(original.video[0]).toMatchObject({ width: 480, height: 270 });
      demoId = await storedVideo(readFileSync(DEMO_PATH));

      await requestRenditions(handle.db, demoId);
      const asked = await rows(demoId);
      expect(Object.keys(asked).sort()).toEqual(["audio", "low"]);
      expect(asked.low?.status).toBe("pending");
      expect(asked.audio?.status).toBe("pending");
      expect(await jobState(demoId)).toBe("created");

      expect(await drain()).toBe(1);
      expect(await jobState(demoId)).toBe("completed");
      const made = await rows(demoId);

      // Low: one H.264 stream of at most 360 lines (this source has 270: never upscaled), AAC mono.
      const low = made.low;
      expect(low).toMatchObject({ status: "ready", error: null });
      const lowFile = fileOf(demoId, "low");
      expect(low?.size).toBe(statSync(lowFile).size);
      const lowProbe = await probeMedia(lowFile);
      expect(lowProbe).toMatchObject({ hasVideo: true, hasAudio: true });
      expect(low?.durationMs).toBe(lowProbe.durationMs);
      expect(low?.bitRate).toBe(lowProbe.bitRate);
      const lowInspected = await inspect(lowFile);
      expect(lowInspected.video).toHaveLength(1);
      expect(lowInspected.video[0]?.codec_name).toBe("h264");
      expect(lowInspected.video[0]?.height).toBeLessThanOrEqual(LOW_RENDITION.maxHeight);
      expect(lowInspected.video[0]).toMatchObject({ width: 480, height: 270 });
      expect(lowInspected.audio).toHaveLength(1);
      expect(lowInspected.audio[0]).toMatchObject({ codec_name: "aac", channels: 1 });
      expect(Math.abs(lowInspected.durationS - original.durationS)).toBeLessThanOrEqual(DURATION_SLACK_S);
      expect(Math.abs((low?.durationMs ?? 0) / 1000 - original.durationS)).toBeLessThanOrEqual(
        DURATION_SLACK_S,
      );
      expect(lowInspected.bitRate).toBeLessThanOrEqual(LOW_MAX_BPS);
      expect(Number(lowInspected.video[0]?.bit_rate)).toBeLessThanOrEqual(LOW_VIDEO_MAX_BPS);

      // Audio: no picture at all, AAC mono at 48 kbps.
      const audio = made.audio;
      expect(audio).toMatchObject({ status: "ready", error: null });
      const audioFile = fileOf(demoId, "audio");
      expect(audio?.size).toBe(statSync(audioFile).size);
      const audioProbe = await probeMedia(audioFile);
      expect(audioProbe).toMatchObject({ hasVideo: false, hasAudio: true });
      expect(audio?.durationMs).toBe(audioProbe.durationMs);
      expect(audio?.bitRate).toBe(audioProbe.bitRate);
      const audioInspected = await inspect(audioFile);
      expect(audioInspected.video).toHaveLength(0);
      expect(audioInspected.audio).toHaveLength(1);
      expect(audioInspected.audio[0]).toMatchObject({ codec_name: "aac", channels: 1 });
      expect(Math.abs(audioInspected.durationS - original.durationS)).toBeLessThanOrEqual(DURATION_SLACK_S);
      expect(audioInspected.bitRate).toBeLessThanOrEqual(AUDIO_MAX_BPS);
      expect(Number(audioInspected.audio[0]?.bit_rate)).toBeLessThanOrEqual(AUDIO_RENDITION.audioKbps * 1100);

      measured.demo = {
        original: {
          durationS: original.durationS,
          bitRate: original.bitRate,
          size: statSync(DEMO_PATH).size,
        },
        low: {
          durationS: lowInspected.durationS,
          bitRate: lowInspected.bitRate,
          videoBitRate: Number(lowInspected.video[0]?.bit_rate),
          audioBitRate: Number(lowInspected.audio[0]?.bit_rate),
          size: low?.size,
          row: { durationMs: low?.durationMs, bitRate: low?.bitRate },
        },
        audio: {
          durationS: audioInspected.durationS,
          bitRate: audioInspected.bitRate,
          size: audio?.size,
          row: { durationMs: audio?.durationMs, bitRate: audio?.bitRate },
        },
      };
    },
    FFMPEG_TEST_MS,
  );

  // The demo clip's original is 126 kbps (80 kbps video): at the fixed 300 kbps target its low rendition
  // came out 2.8 times heavier (1,057,224 vs 378,417 bytes), and "auto" plays it on slow connections; the
  // target is now capped by the source's bitrate (lowVideoKbps).
  it("makes a low rendition no heavier than a source already lighter than its target", async () => {
    const low = (await rows(demoId)).low;
    expect(low?.status).toBe("ready");
    expect(low?.size ?? 0).toBeLessThanOrEqual(statSync(DEMO_PATH).size);
  });

  it(
    "changes nothing when asked again, drained again or run again",
    async () => {
      const before = await rows(demoId);
      const bytesBefore = {
        low: readFileSync(fileOf(demoId, "low")),
        audio: readFileSync(fileOf(demoId, "audio")),
      };
      const mtimes = {
        low: statSync(fileOf(demoId, "low")).mtimeMs,
        audio: statSync(fileOf(demoId, "audio")).mtimeMs,
      };

      await requestRenditions(handle.db, demoId);
      // The job's key: one job per video, and it is done.
      expect(await drain()).toBe(0);
      expect(await makeRenditions(handle.db, { videoId: demoId }, { host })).toBe("done");

      expect(await rows(demoId)).toEqual(before);
      expect(readFileSync(fileOf(demoId, "low")).equals(bytesBefore.low)).toBe(true);
      expect(readFileSync(fileOf(demoId, "audio")).equals(bytesBefore.audio)).toBe(true);
      expect(statSync(fileOf(demoId, "low")).mtimeMs).toBe(mtimes.low);
      expect(statSync(fileOf(demoId, "audio")).mtimeMs).toBe(mtimes.audio);
    },
    FFMPEG_TEST_MS,
  );

  it(
    "makes again only what is still pending (a worker lost halfway)",
    async () => {
      const before = await rows(demoId);
      await handle.db
        .update(videoRenditions)
        .set({ status: "pending", size: null, durationMs: null, bitRate: null })
        .where(and(eq(videoRenditions.videoId, demoId), eq(videoRenditions.quality, "audio")));
      expect(await makeRenditions(handle.db, { videoId: demoId }, { host })).toBe("done");
      const after = await rows(demoId);
      expect(after.low).toEqual(before.low);
      expect(after.audio).toMatchObject({ status: "ready", error: null, size: before.audio?.size });
      expect(after.audio?.updatedAt.getTime()).toBeGreaterThanOrEqual(before.audio?.updatedAt.getTime() ?? 0);
    },
    FFMPEG_TEST_MS,
  );

  it("deletes the files with removeRenditionFiles, and the rows with the video's row", async () => {
    expect(existsSync(fileOf(demoId, "low"))).toBe(true);
    expect(existsSync(fileOf(demoId, "audio"))).toBe(true);
    await removeRenditionFiles(demoId, host.storage);
    expect(existsSync(fileOf(demoId, "low"))).toBe(false);
    expect(existsSync(fileOf(demoId, "audio"))).toBe(false);
    // Files already gone: nothing thrown.
    await expect(removeRenditionFiles(demoId, host.storage)).resolves.toBeUndefined();

    expect(Object.keys(await rows(demoId))).toHaveLength(2);
    await handle.db.delete(videos).where(eq(videos.id, demoId));
    expect(await renditionsOf(handle.db, demoId)).toEqual([]);
  });
});

describe("a heavy source", () => {
  it(
    "comes out as a 640x360 low rendition of about 350 kbps and a 48 kbps audio one, same duration",
    async () => {
      const source = await generate("heavy.mp4", [
        ...["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30"],
        ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
        ...["-t", "6", "-c:v", "libx264", "-preset", "veryfast", "-b:v", "3M"],
        ...["-c:a", "aac", "-b:a", "192k", "-movflags", "+faststart"],
      ]);
      const original = await inspect(source);
      expect(original.video[0]).toMatchObject({ width: 1280, height: 720 });
      expect(original.bitRate).toBeGreaterThan(2_000_000);
      const id = await storedVideo(readFileSync(source));
      await requestRenditions(handle.db, id);
      expect(await drain()).toBe(1);
      const made = await rows(id);
      expect(made.low?.status).toBe("ready");
      expect(made.audio?.status).toBe("ready");

      const low = await inspect(fileOf(id, "low"));
      expect(low.video).toHaveLength(1);
      expect(low.video[0]).toMatchObject({ codec_name: "h264", width: 640, height: 360 });
      expect(low.fps(low.video[0] as ProbedStream)).toBeLessThanOrEqual(LOW_RENDITION.maxFps);
      expect(low.audio[0]).toMatchObject({ codec_name: "aac", channels: 1 });
      expect(Math.abs(low.durationS - original.durationS)).toBeLessThanOrEqual(DURATION_SLACK_S);
      expect(low.bitRate).toBeLessThanOrEqual(LOW_MAX_BPS);
      expect(Number(low.video[0]?.bit_rate)).toBeLessThanOrEqual(LOW_VIDEO_MAX_BPS);
      // Not starved either: the target is 300 kbps of video.
      expect(Number(low.video[0]?.bit_rate)).toBeGreaterThan(150_000);
      // Really lighter: at least five times smaller than the 3 Mbit/s original.
      expect(made.low?.size ?? Number.POSITIVE_INFINITY).toBeLessThan(statSync(source).size / 5);
      expect(made.low?.size).toBe(statSync(fileOf(id, "low")).size);

      const audio = await inspect(fileOf(id, "audio"));
      expect(audio.video).toHaveLength(0);
      expect(audio.audio[0]).toMatchObject({ codec_name: "aac", channels: 1 });
      expect(Math.abs(audio.durationS - original.durationS)).toBeLessThanOrEqual(DURATION_SLACK_S);
      expect(audio.bitRate).toBeLessThanOrEqual(AUDIO_MAX_BPS);
      expect(made.audio?.size).toBe(statSync(fileOf(id, "audio")).size);

      measured.heavy = {
        original: { durationS: original.durationS, bitRate: original.bitRate, size: statSync(source).size },
        low: {
          durationS: low.durationS,
          bitRate: low.bitRate,
          videoBitRate: Number(low.video[0]?.bit_rate),
          audioBitRate: Number(low.audio[0]?.bit_rate),
          size: made.low?.size,
        },
        audio: { durationS: audio.durationS, bitRate: audio.bitRate, size: made.audio?.size },
      };
    },
    FFMPEG_TEST_MS,
  );
});

describe("what ffmpeg cannot make", () => {
  it(
    "gives a silent 60 fps video a 30 fps low rendition without sound, and fails its audio one",
    async () => {
      const source = await generate("silent.mp4", [
        ...["-f", "lavfi", "-i", "testsrc2=size=640x480:rate=60"],
        ...["-t", "3", "-an", "-c:v", "libx264", "-preset", "ultrafast"],
      ]);
      const id = await storedVideo(readFileSync(source));
      await requestRenditions(handle.db, id);
      expect(await drain()).toBe(1);
      expect(await jobState(id)).toBe("completed");
      const made = await rows(id);
      expect(made.low).toMatchObject({ status: "ready", error: null });
      expect(made.audio).toMatchObject({ status: "failed", error: "no_audio_stream", size: null });
      expect(existsSync(fileOf(id, "audio"))).toBe(false);

      const low = await inspect(fileOf(id, "low"));
      expect(low.video[0]).toMatchObject({ codec_name: "h264", width: 480, height: 360 });
      expect(low.fps(low.video[0] as ProbedStream)).toBeLessThanOrEqual(LOW_RENDITION.maxFps);
      expect(low.audio).toHaveLength(0);
      expect(Math.abs(low.durationS - 3)).toBeLessThanOrEqual(DURATION_SLACK_S);
      measured.silent = {
        low: { durationS: low.durationS, bitRate: low.bitRate, fps: low.fps(low.video[0] as ProbedStream) },
      };
    },
    FFMPEG_TEST_MS,
  );

  it(
    "marks both failed for bytes that are no media, without throwing",
    async () => {
      // Pseudo-random but the same every run (truly random bytes are now and then taken for MP3 frames).
      const garbage = new Uint8Array(64 * 1024);
      for (let at = 0, seed = 0x5eed; at < garbage.length; at++) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        garbage[at] = seed >>> 24;
      }
      const id = await storedVideo(garbage);
      await requestRenditions(handle.db, id);
      expect(await drain()).toBe(1);
      // The handler returned: the job is complete, not failed for a retry.
      expect(await jobState(id)).toBe("completed");
      const made = await rows(id);
      expect(made.low?.status).toBe("failed");
      expect(made.audio?.status).toBe("failed");
      expect(made.low?.error).toEqual(expect.any(String));
      expect(made.low?.error?.length ?? 0).toBeGreaterThan(0);
      expect(made.low?.error?.length ?? 0).toBeLessThanOrEqual(300);
      expect(existsSync(fileOf(id, "low"))).toBe(false);
      expect(existsSync(fileOf(id, "audio"))).toBe(false);
      measured.garbageError = made.low?.error;

      // Called directly on pending rows, it answers rather than throws.
      await handle.db
        .update(videoRenditions)
        .set({ status: "pending", error: null })
        .where(eq(videoRenditions.videoId, id));
      await expect(makeRenditions(handle.db, { videoId: id }, { host })).resolves.toBe("failed");
      expect((await rows(id)).audio?.status).toBe("failed");
    },
    FFMPEG_TEST_MS,
  );

  it(
    "marks them failed with ffmpeg_missing when ffmpeg or ffprobe is not installed, without throwing",
    async () => {
      const id = await storedVideo(readFileSync(SMALL_DEMO_PATH));
      await requestRenditions(handle.db, id);
      const missing = { ffmpeg: "/nonexistent/ffmpeg", ffprobe: "/nonexistent/ffprobe" };
      await expect(makeRenditions(handle.db, { videoId: id }, { host, binaries: missing })).resolves.toBe(
        "failed",
      );
      let made = await rows(id);
      expect(made.low).toMatchObject({ status: "failed", error: "ffmpeg_missing" });
      expect(made.audio).toMatchObject({ status: "failed", error: "ffmpeg_missing" });

      // ffprobe there, ffmpeg not: each rendition fails on its own.
      await handle.db
        .update(videoRenditions)
        .set({ status: "pending", error: null })
        .where(eq(videoRenditions.videoId, id));
      await expect(
        makeRenditions(handle.db, { videoId: id }, { host, binaries: { ffmpeg: missing.ffmpeg, ffprobe } }),
      ).resolves.toBe("done");
      made = await rows(id);
      expect(made.low).toMatchObject({ status: "failed", error: "ffmpeg_missing" });
      expect(made.audio).toMatchObject({ status: "failed", error: "ffmpeg_missing" });
      expect(existsSync(fileOf(id, "low"))).toBe(false);

      // The queued job then finds nothing pending and changes nothing.
      expect(await drain()).toBe(1);
      expect(await jobState(id)).toBe("completed");
      expect(await rows(id)).toEqual(made);
    },
    FFMPEG_TEST_MS,
  );

  it(
    "leaves nothing behind for a video removed before or while ffmpeg runs",
    async () => {
      // Removed before the job ran: its rows went with it, and the job finds it gone.
      const before = await storedVideo(readFileSync(SMALL_DEMO_PATH));
      await requestRenditions(handle.db, before);
      await handle.db.delete(videos).where(eq(videos.id, before));
      expect(await drain()).toBe(1);
      expect(await jobState(before)).toBe("completed");
      expect(existsSync(path.dirname(fileOf(before, "low")))).toBe(false);

      // Removed while ffmpeg runs: an ffmpeg that waits for a go, the row deleted meanwhile.
      const during = await storedVideo(readFileSync(SMALL_DEMO_PATH));
      await requestRenditions(handle.db, during);
      const started = path.join(work, "started");
      const go = path.join(work, "go");
      const slowFfmpeg = path.join(work, "slow-ffmpeg.sh");
      writeFileSync(
        slowFfmpeg,
        `#!/bin/sh\ntouch '${started}'\nwhile [ ! -e '${go}' ]; do sleep 0.05; done\nexec '${ffmpeg}' "$@"\n`,
      );
      chmodSync(slowFfmpeg, 0o755);
      const running = makeRenditions(
        handle.db,
        { videoId: during },
        { host, binaries: { ffmpeg: slowFfmpeg, ffprobe } },
      );
      for (let waited = 0; !existsSync(started); waited += 50) {
        if (waited > 20_000) throw new Error("the ffmpeg stand-in never started");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await handle.db.delete(videos).where(eq(videos.id, during));
      writeFileSync(go, "");
      await expect(running).resolves.toBe("done");
      expect(await renditionsOf(handle.db, during)).toEqual([]);
      expect(existsSync(fileOf(during, "low"))).toBe(false);
      expect(existsSync(fileOf(during, "audio"))).toBe(false);
      // Its queued job: the video is gone.
      expect(await drain()).toBe(1);
    },
    FFMPEG_TEST_MS,
  );
});

describe("sharing the machine", () => {
  it(
    "runs ffmpeg at the lowest CPU priority, so pages do not wait behind an encode",
    async () => {
      const id = await storedVideo(readFileSync(SMALL_DEMO_PATH));
      await requestRenditions(handle.db, id);
      // An ffmpeg that notes its niceness (nice without arguments prints it), then does the real work. The
      // priority is lowered just after the spawn, so the note waits a moment for it.
      const noted = path.join(work, "niceness");
      const notingFfmpeg = path.join(work, "noting-ffmpeg.sh");
      const script = ["#!/bin/sh", "sleep 0.3", `nice >> '${noted}'`, `exec '${ffmpeg}' "$@"`, ""];
      writeFileSync(notingFfmpeg, script.join("\n"));
      chmodSync(notingFfmpeg, 0o755);
      await expect(
        makeRenditions(handle.db, { videoId: id }, { host, binaries: { ffmpeg: notingFfmpeg, ffprobe } }),
      ).resolves.toBe("done");
      expect(readFileSync(noted, "utf8").trim().split("\n")).toEqual(["19", "19"]);
      expect((await renditionsOf(handle.db, id)).map((row) => row.status)).toEqual(["ready", "ready"]);
      // Its queued job finds them made.
      expect(await drain()).toBe(1);
    },
    FFMPEG_TEST_MS,
  );
});

describe("asking for renditions", () => {
  it(
    "asks for the ready local videos that have none, and not for others",
    async () => {
      // Every video of the tests above has its rows (or is gone); these four are new.
      const lonely = await storedVideo(readFileSync(SMALL_DEMO_PATH));
      const processing = await storedVideo(readFileSync(SMALL_DEMO_PATH), { status: "processing" });
      const vimeo = await storedVideo(readFileSync(SMALL_DEMO_PATH), { provider: "vimeo" });
      const withRows = await storedVideo(readFileSync(SMALL_DEMO_PATH));
      await handle.db
        .insert(videoRenditions)
        .values({ videoId: withRows, quality: "audio", status: "failed", error: "x" });

      expect(await requestMissingRenditions(handle.db)).toBe(1);
      const asked = await rows(lonely);
      expect(asked.low?.status).toBe("pending");
      expect(asked.audio?.status).toBe("pending");
      expect(await jobState(lonely)).toBe("created");
      expect(await renditionsOf(handle.db, processing)).toEqual([]);
      expect(await jobState(processing)).toBeUndefined();
      expect(await renditionsOf(handle.db, vimeo)).toEqual([]);
      expect(await jobState(vimeo)).toBeUndefined();
      const kept = await renditionsOf(handle.db, withRows);
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ quality: "audio", status: "failed", error: "x" });
      expect(await jobState(withRows)).toBeUndefined();

      // Asked once: the next sweep finds nothing missing.
      expect(await requestMissingRenditions(handle.db)).toBe(0);
      expect(await drain()).toBe(1);
      expect((await rows(lonely)).low?.status).toBe("ready");
      expect((await rows(lonely)).audio?.status).toBe("ready");
    },
    FFMPEG_TEST_MS,
  );

  it("honours the sweep's limit", async () => {
    const ids = [
      await storedVideo(readFileSync(SMALL_DEMO_PATH)),
      await storedVideo(readFileSync(SMALL_DEMO_PATH)),
      await storedVideo(readFileSync(SMALL_DEMO_PATH)),
    ];
    expect(await requestMissingRenditions(handle.db, 2)).toBe(2);
    expect(await requestMissingRenditions(handle.db, 2)).toBe(1);
    for (const id of ids) expect(Object.keys(await rows(id)).sort()).toEqual(["audio", "low"]);
    // Not made here: removed with their rows.
    await handle.db.delete(videos).where(eq(videos.id, ids[0] ?? ""));
    await handle.db.delete(videos).where(eq(videos.id, ids[1] ?? ""));
    await handle.db.delete(videos).where(eq(videos.id, ids[2] ?? ""));
    expect(await drain()).toBe(3);
  });

  it(
    "is asked by finishLocalVideo when a processed upload becomes ready",
    async () => {
      const [lesson] = await handle.db
        .select({ id: lessons.id })
        .from(lessons)
        .where(and(eq(lessons.courseId, courseId), eq(lessons.position, 1)));
      const id = await storedVideo(readFileSync(SMALL_DEMO_PATH), {
        status: "processing",
        lessonId: lesson?.id,
      });
      const ready = await finishLocalVideo(handle.db, id, host);
      expect(ready?.status).toBe("ready");
      const asked = await rows(id);
      expect(asked.low?.status).toBe("pending");
      expect(asked.audio?.status).toBe("pending");
      expect(await jobState(id)).toBe("created");
      expect(await drain()).toBe(1);
      expect((await rows(id)).low?.status).toBe("ready");

      // Removing the video (as replacing or deleting it does) takes its renditions along: rows and files.
      const video = (await handle.db.select().from(videos).where(eq(videos.id, id)))[0];
      if (!video) throw new Error("video gone");
      expect(existsSync(fileOf(id, "low"))).toBe(true);
      await removeVideo(handle.db, video);
      expect(await renditionsOf(handle.db, id)).toEqual([]);
      expect(existsSync(fileOf(id, "low"))).toBe(false);
      expect(existsSync(fileOf(id, "audio"))).toBe(false);
      expect(existsSync(storage.pathOf(host.key(id)))).toBe(false);
    },
    FFMPEG_TEST_MS,
  );

  // finishLocalVideo's attachToLesson removes a video whose lesson is gone; asking for its renditions then
  // broke video_renditions' foreign key and failed the video-check job (requestRenditions now checks).
  it("finishes a processed upload whose lesson is gone without throwing", async () => {
    const id = await storedVideo(readFileSync(SMALL_DEMO_PATH), { status: "processing", lessonId: null });
    await expect(finishLocalVideo(handle.db, id, host)).resolves.toBeDefined();
    expect(await renditionsOf(handle.db, id)).toEqual([]);
  });
});
