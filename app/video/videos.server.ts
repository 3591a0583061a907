// Lesson videos as the studio and the API see them: asking for an upload link, finishing an upload (judged
// by its bytes, in the video-check job for our own store), reading a video's state, attaching it to its
// lesson (which removes the video it replaces), removing videos nothing uses, and expiring abandoned
// uploads. Routes stay thin and call these.
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { type Actor, canUseStudio, courseEditorAccess } from "../access/editing";
import type { Database } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import { courses, lessons, type Video, videos } from "../db/schema";
import { enqueueJob } from "../jobs/queue.server";
import { logger } from "../lib/logger.server";
import { readBytes } from "../storage/storage";
import { readMp4Duration, SNIFF_BYTES, sniffVideo, VIDEO_CONTENT_TYPES } from "./container";
import {
  getVideoHost,
  hostFor,
  isLocalHost,
  type LocalVideoHost,
  localVideoHost,
  maxVideoBytes,
  UPLOAD_LIFETIME_MS,
  type VideoHost,
} from "./host.server";
import { canWriteVideo, type VideoErrorCode } from "./policy";
import { removeRenditionFiles, requestRenditions } from "./renditions.server";
import { scheduleVimeoPoll } from "./vimeo-schedule.server";

export type VideoRefusal = {
  ok: false;
  reason: "not_found" | "forbidden" | "lesson_not_found" | "too_large" | "not_video_lesson";
};

/**
 * The lesson an upload is for, if `actor` may edit its course. Another trainer's draft is "not found". With
 * `forVideo`, only a video lesson: an article or a quiz never plays one (issue 32).
 */
export async function editableLesson(
  db: Database,
  actor: Actor,
  lessonId: number,
  courseId?: number,
  { forVideo = false }: { forVideo?: boolean } = {},
): Promise<{ ok: true; lesson: { id: number; courseId: number; videoId: string | null } } | VideoRefusal> {
  if (!canUseStudio(actor)) return { ok: false, reason: "forbidden" };
  const [row] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      videoId: lessons.videoId,
      kind: lessons.kind,
      trainerId: courses.trainerId,
      isPublished: courses.isPublished,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId));
  if (!row || (courseId !== undefined && row.courseId !== courseId))
    return { ok: false, reason: "lesson_not_found" };
  const access = courseEditorAccess(actor, row);
  if (access === "forbidden") return { ok: false, reason: "forbidden" };
  if (access !== "edit") return { ok: false, reason: "lesson_not_found" };
  if (forVideo && row.kind !== "video") return { ok: false, reason: "not_video_lesson" };
  return { ok: true, lesson: { id: row.id, courseId: row.courseId, videoId: row.videoId } };
}

export type UploadLinkInput = { fileSize: number; fileName: string; description: string; lessonId: number };

/** POST /api/instructor/create-upload-link and the studio's upload button: a video row and a tus link. */
export async function createUploadLink(
  db: Database,
  actor: Actor,
  input: UploadLinkInput,
  host: VideoHost = getVideoHost(),
): Promise<{ ok: true; video: Video } | VideoRefusal> {
  if (input.fileSize > maxVideoBytes()) return { ok: false, reason: "too_large" };
  const lesson = await editableLesson(db, actor, input.lessonId, undefined, { forVideo: true });
  if (!lesson.ok) return lesson;
  const [row] = await db
    .insert(videos)
    .values({
      provider: host.provider,
      ownerId: actor.id,
      lessonId: input.lessonId,
      fileName: input.fileName,
      size: input.fileSize,
      expiresAt: new Date(Date.now() + UPLOAD_LIFETIME_MS),
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  try {
    const created = await host.createUpload({
      videoId: row.id,
      size: input.fileSize,
      fileName: input.fileName,
      description: input.description,
    });
    const [video] = await db
      .update(videos)
      .set({ providerId: created.providerId, uploadLink: created.uploadLink, updatedAt: new Date() })
      .where(eq(videos.id, row.id))
      .returning();
    // The browser uploads to Vimeo directly: a job follows Vimeo's side from now on.
    if (host.provider === "vimeo") await scheduleVimeoPoll(db, row.id);
    return { ok: true, video: video ?? row };
  } catch (error) {
    await db.delete(videos).where(eq(videos.id, row.id));
    throw error;
  }
}

/**
 * The multipart upload, once the file is on disk (see multipart.server.ts): a video row, the bytes moved into
 * the store (or sent to Vimeo), then judged and attached like a finished tus upload.
 */
export async function storeReceivedVideo(
  db: Database,
  actor: Actor,
  received: { filePath: string; size: number; fileName: string; lessonId: number; description?: string },
  host: VideoHost = getVideoHost(),
): Promise<Video> {
  const [row] = await db
    .insert(videos)
    .values({
      provider: host.provider,
      ownerId: actor.id,
      lessonId: received.lessonId,
      fileName: received.fileName,
      size: received.size,
      expiresAt: new Date(Date.now() + UPLOAD_LIFETIME_MS),
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  let stored: { providerId: string; uploadLink: string | null };
  try {
    stored = await host.ingestFile({
      videoId: row.id,
      filePath: received.filePath,
      size: received.size,
      fileName: received.fileName,
      description: received.description ?? "",
    });
  } catch (error) {
    logger("video").error({ err: error, videoId: row.id }, "Could not store a video");
    return (await failVideo(db, row, "storage_failed")) ?? row;
  }
  const [updated] = await db
    .update(videos)
    .set({ providerId: stored.providerId, uploadLink: stored.uploadLink, updatedAt: new Date() })
    .where(eq(videos.id, row.id))
    .returning();
  if (isLocalHost(host)) return (await completeLocalUpload(db, row.id, host)) ?? row;
  const refreshed = await refreshVideo(db, updated ?? row);
  if (refreshed.status === "uploading" || refreshed.status === "processing")
    await scheduleVimeoPoll(db, row.id);
  return refreshed;
}

export async function findVideo(db: Database, id: string): Promise<Video | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(videos).where(eq(videos.id, id));
  return row ?? null;
}

/**
 * Whether the bytes of our upload that already arrived look like a video (true while too few to tell, or
 * when they cannot be read yet: see `firstBytes`).
 */
export async function localHeadLooksLikeVideo(host: LocalVideoHost, videoId: string): Promise<boolean> {
  const head = await host.firstBytes(videoId, SNIFF_BYTES);
  if (head.length < 16) return true;
  return sniffVideo(head) !== null;
}

/** The duration of a stored MP4/MOV from its mvhd box (null for WebM or when absent). */
async function localDuration(host: LocalVideoHost, videoId: string, size: number): Promise<number | null> {
  try {
    return await readMp4Duration(
      (position, length) => readBytes(host.storage, host.key(videoId), position, length),
      size,
    );
  } catch {
    return null;
  }
}

/**
 * The last byte of a local video arrived (tus or multipart). Its first bytes are judged here, so a renamed
 * text file is refused in the answer to the request that brought it; the rest (its size in the store, the
 * container, the duration, attaching it to its lesson) is the video-check job's (`checkLocalVideo`), and
 * the video is "processing" until then. Once only: a second call finds it no longer uploading.
 */
export async function completeLocalUpload(
  db: Database,
  videoId: string,
  host: LocalVideoHost = localVideoHost(),
): Promise<Video | null> {
  const video = await findVideo(db, videoId);
  if (video?.status !== "uploading") return video;
  if (!sniffVideo(await readBytes(host.storage, host.key(video.id), 0, SNIFF_BYTES)))
    return failVideo(db, video, "not_a_video");
  return db.transaction(async (tx) => {
    const [processing] = await tx
      .update(videos)
      .set({ status: "processing", bytesReceived: video.size, updatedAt: new Date() })
      .where(and(eq(videos.id, video.id), eq(videos.status, "uploading")))
      .returning();
    if (!processing) return video;
    // In the same transaction: the job exists if and only if the video is "processing".
    await enqueueJob(db, tx, "video-check", { videoId: video.id }, { key: video.id });
    return processing;
  });
}

/**
 * The video-check job's work on a local video that is "processing": judge the whole object (its size, its
 * container by its bytes), read its duration, mark it ready and attach it to its lesson — or mark it failed
 * and remove the bytes. A video no longer processing (checked already, removed) is left alone, so a repeat
 * of the job changes nothing; a storage error throws and the job is retried.
 */
export async function finishLocalVideo(
  db: Database,
  videoId: string,
  host: LocalVideoHost = localVideoHost(),
): Promise<Video | null> {
  const video = await findVideo(db, videoId);
  if (video?.provider !== "local" || video.status !== "processing") return video;
  // The whole object, not the tus offset: on S3 it exists only once the multipart upload is complete.
  const size = (await host.storage.head(host.key(video.id)))?.size ?? 0;
  if (size !== video.size) return failVideo(db, video, "size_mismatch");
  const container = sniffVideo(await readBytes(host.storage, host.key(video.id), 0, SNIFF_BYTES));
  if (!container) return failVideo(db, video, "not_a_video");
  const durationSeconds = container === "webm" ? null : await localDuration(host, video.id, size);
  const [ready] = await db
    .update(videos)
    .set({
      status: "ready",
      contentType: VIDEO_CONTENT_TYPES[container],
      bytesReceived: size,
      durationSeconds,
      error: null,
      expiresAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(videos.id, video.id), eq(videos.status, "processing")))
    .returning();
  if (ready) {
    await attachToLesson(db, ready);
    // The light versions for slow connections (decision 058); the original plays until they are ready.
    await requestRenditions(db, ready.id);
  }
  return ready ?? (await findVideo(db, videoId));
}

/** Marks a video failed with its reason and removes its bytes (the row stays so the trainer sees why). */
export async function failVideo(db: Database, video: Video, error: VideoErrorCode): Promise<Video | null> {
  await removeBytes(video);
  const [failed] = await db
    .update(videos)
    .set({ status: "error", error, updatedAt: new Date() })
    .where(eq(videos.id, video.id))
    .returning();
  return failed ?? null;
}

async function removeBytes(video: Pick<Video, "id" | "provider" | "providerId">) {
  if (video.provider === "local") await removeRenditionFiles(video.id);
  try {
    await hostFor(video.provider)?.remove(video);
  } catch (error) {
    logger("video").error({ err: error, videoId: video.id }, "Could not delete the bytes of a video");
  }
}

/**
 * Makes `video` its lesson's current video; the one it replaces is removed (row and bytes, locally or on
 * Vimeo). A video whose lesson is gone is removed instead.
 */
export async function attachToLesson(db: Database, video: Video): Promise<void> {
  if (video.lessonId === null) {
    await removeVideo(db, video);
    return;
  }
  const lessonId = video.lessonId;
  const replaced = await db.transaction(async (tx) => {
    const [lesson] = await tx
      .select({ videoId: lessons.videoId, kind: lessons.kind })
      .from(lessons)
      .where(eq(lessons.id, lessonId))
      .for("update");
    // Upload links are refused for other kinds, and a lesson's kind never changes; this is the backstop.
    if (lesson?.kind !== "video") return "unattachable" as const;
    if (lesson.videoId === video.id) return null;
    await tx.update(lessons).set({ videoId: video.id }).where(eq(lessons.id, lessonId));
    // A free preview's player is on the public course page.
    await announcePublicChange(tx, "catalog");
    return lesson.videoId;
  });
  if (replaced === "unattachable") {
    await removeVideo(db, video);
    return;
  }
  if (replaced) {
    const old = await findVideo(db, replaced);
    if (old) await removeVideo(db, old);
  }
}

/** Deletes a video: its bytes on its host, then its row (lessons pointing at it are left without video). */
export async function removeVideo(db: Database, video: Video): Promise<void> {
  await removeBytes(video);
  await db.delete(videos).where(eq(videos.id, video.id));
}

/** After lessons or courses were deleted: remove the videos that belonged to them. Never throws. */
export async function releaseOrphanVideos(db: Database, limit = 100): Promise<number> {
  try {
    const orphans = await db.select().from(videos).where(isNull(videos.lessonId)).limit(limit);
    for (const video of orphans) await removeVideo(db, video);
    return orphans.length;
  } catch (error) {
    logger("video").error({ err: error }, "Could not remove orphaned videos");
    return 0;
  }
}

/**
 * How long a local video may stay "processing": its check job retries for a few minutes
 * (QUEUE_POLICIES["video-check"]); past this, the store kept failing and the trainer is told to upload again.
 */
export const LOCAL_CHECK_DEADLINE_MS = 60 * 60 * 1000;

/**
 * For the sweeper: uploads still unfinished after 24 h are marked expired and their bytes removed; local
 * videos whose check never finished (the store failed every retry) are marked failed.
 */
export async function expireAbandonedUploads(
  db: Database,
  { now = new Date(), batchSize = 100 }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const stale = await db
    .select()
    .from(videos)
    .where(and(eq(videos.status, "uploading"), lt(videos.expiresAt, now)))
    .limit(batchSize);
  for (const video of stale) await failVideo(db, video, "expired");
  const stuck = await db
    .select()
    .from(videos)
    .where(
      and(
        eq(videos.provider, "local"),
        eq(videos.status, "processing"),
        lt(videos.updatedAt, new Date(now.getTime() - LOCAL_CHECK_DEADLINE_MS)),
      ),
    )
    .limit(batchSize);
  for (const video of stuck) await failVideo(db, video, "storage_failed");
  return stale.length + stuck.length;
}

export type VideoState = {
  videoId: string;
  status: Video["status"];
  bytesReceived: number;
  size: number;
  durationSeconds?: number;
  error?: VideoErrorCode;
};

/**
 * A video's state now. Local uploads count the bytes on disk; Vimeo videos still uploading or processing ask
 * Vimeo (and get attached to their lesson once Vimeo has all the bytes). Expired uploads are failed here
 * too, so nobody waits for the sweeper.
 */
export async function refreshVideo(db: Database, video: Video, now = new Date()): Promise<Video> {
  if (video.status === "uploading" && video.expiresAt && video.expiresAt < now)
    return (await failVideo(db, video, "expired")) ?? video;
  if (video.provider === "local") {
    // "processing": the video-check job has it.
    if (video.status !== "uploading") return video;
    const host = localVideoHost();
    const onDisk = await host.bytesReceived(video.id);
    // Every byte is there but the upload was never handed to its check (the request that brought the last
    // one failed half-way): hand it over now, so an upload cannot stay "uploading" once it is complete.
    if (onDisk === video.size) return (await completeLocalUpload(db, video.id, host)) ?? video;
    return { ...video, bytesReceived: Math.min(onDisk, video.size) };
  }
  if (video.status === "ready" || video.status === "error") return video;
  const host = hostFor("vimeo");
  if (!host) return video;
  let state: Awaited<ReturnType<VideoHost["remoteState"]>>;
  try {
    state = await host.remoteState(video);
  } catch (error) {
    logger("video").error(
      { err: error, vimeoId: video.providerId },
      "Could not read the state of a Vimeo video",
    );
    return video;
  }
  const [updated] = await db
    .update(videos)
    .set({
      status: state.status,
      error: state.error ?? null,
      durationSeconds: state.durationSeconds ?? video.durationSeconds,
      embedUrl: state.embedUrl ?? video.embedUrl,
      bytesReceived: Math.min(state.bytesReceived ?? video.bytesReceived, video.size),
      expiresAt: state.status === "uploading" ? video.expiresAt : null,
      updatedAt: new Date(),
    })
    .where(eq(videos.id, video.id))
    .returning();
  const next = updated ?? video;
  if (next.status === "processing" || next.status === "ready") await attachToLesson(db, next);
  return next;
}

export function videoState(video: Video): VideoState {
  return {
    videoId: video.id,
    status: video.status,
    bytesReceived:
      video.status === "ready" || video.status === "processing" ? video.size : video.bytesReceived,
    size: video.size,
    ...(video.durationSeconds !== null ? { durationSeconds: video.durationSeconds } : {}),
    ...(video.error ? { error: video.error as VideoErrorCode } : {}),
  };
}

/** GET /api/instructor/video-status/:id: the owner (or an admin) reads a video's state. */
export async function readVideoStatus(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ ok: true; video: Video } | VideoRefusal> {
  const video = await findVideo(db, id);
  if (!video) return { ok: false, reason: "not_found" };
  if (!canWriteVideo(actor, video)) {
    // A trainer who may edit the lesson's course may read it too (a co-editing admin asked for the link).
    const lesson = video.lessonId !== null ? await editableLesson(db, actor, video.lessonId) : null;
    if (!lesson?.ok) return { ok: false, reason: video.ownerId === actor.id ? "forbidden" : "not_found" };
  }
  return { ok: true, video: await refreshVideo(db, video) };
}

export type LessonVideoSummary = {
  id: string;
  status: Video["status"];
  error: VideoErrorCode | null;
  size: number;
  bytesReceived: number;
  durationSeconds: number | null;
  provider: Video["provider"];
  uploadLink: string | null;
};

function summary(video: Video): LessonVideoSummary {
  return {
    id: video.id,
    status: video.status,
    error: (video.error as VideoErrorCode | null) ?? null,
    size: video.size,
    bytesReceived: video.bytesReceived,
    durationSeconds: video.durationSeconds,
    provider: video.provider,
    uploadLink: video.uploadLink,
  };
}

/**
 * For the curriculum editor: each lesson's current video and its latest upload in flight or failed since
 * (shown beside the current one until it replaces it). Vimeo videos still in flight are refreshed.
 */
export async function lessonVideoSummaries(
  db: Database,
  lessonRows: { id: number; videoId: string | null }[],
): Promise<Record<number, { current: LessonVideoSummary | null; latest: LessonVideoSummary | null }>> {
  const result: Record<number, { current: LessonVideoSummary | null; latest: LessonVideoSummary | null }> =
    {};
  if (lessonRows.length === 0) return result;
  const ids = lessonRows.map((lesson) => lesson.id);
  const rows = await db
    .select()
    .from(videos)
    .where(inArray(videos.lessonId, ids))
    .orderBy(desc(videos.createdAt))
    .limit(500);
  for (const lesson of lessonRows) {
    const mine = rows.filter((row) => row.lessonId === lesson.id);
    let current = mine.find((row) => row.id === lesson.videoId) ?? null;
    let latest = mine.find(
      (row) => row.id !== lesson.videoId && (!current || row.createdAt > current.createdAt),
    );
    if (current && current.provider === "vimeo" && current.status === "processing")
      current = await refreshVideo(db, current);
    if (latest && (latest.provider === "vimeo" || latest.expiresAt) && latest.status === "uploading")
      latest = await refreshVideo(db, latest);
    result[lesson.id] = {
      current: current ? summary(current) : null,
      latest: latest ? summary(latest) : null,
    };
  }
  return result;
}

/** The trainer's "free preview" switch: anyone may then play the lesson's video from the course page. */
export async function setFreePreview(
  db: Database,
  actor: Actor,
  courseId: number,
  lessonId: number,
  isFreePreview: boolean,
): Promise<{ ok: true } | VideoRefusal> {
  const lesson = await editableLesson(db, actor, lessonId, courseId);
  if (!lesson.ok) return lesson;
  await db.update(lessons).set({ isFreePreview }).where(eq(lessons.id, lessonId));
  await announcePublicChange(db, "catalog");
  return { ok: true };
}

/** Removes a lesson's current video (and any upload in flight for it), locally or on Vimeo. */
export async function removeLessonVideo(
  db: Database,
  actor: Actor,
  courseId: number,
  lessonId: number,
): Promise<{ ok: true } | VideoRefusal> {
  const lesson = await editableLesson(db, actor, lessonId, courseId);
  if (!lesson.ok) return lesson;
  await db.update(lessons).set({ videoId: null }).where(eq(lessons.id, lessonId));
  const rows = await db.select().from(videos).where(eq(videos.lessonId, lessonId));
  for (const video of rows) await removeVideo(db, video);
  await announcePublicChange(db, "catalog");
  return { ok: true };
}

/** Counts videos, for tests and the seed. */
export async function countVideos(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(videos);
  return row?.n ?? 0;
}
