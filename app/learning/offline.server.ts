// Offline downloads of a lesson (issue 36; decision 058): the list the lesson page and the API show — each
// file behind a signed link that runs out — and the opening of such a link, which asks the access rules
// again and counts the file against the learner's daily allowance (once per file and window).
import { and, eq, isNull } from "drizzle-orm";
import { accessToLesson } from "../access/access.server";
import type { Viewer } from "../access/roles";
import { hitRateLimitOnce, RATE_LIMITS, remainingHits } from "../auth/rate-limit.server";
import { getSessionSecret } from "../config.server";
import type { Database } from "../db/client.server";
import { lessonCaptions, lessons, mediaUploads, renditionQuality, users, videos } from "../db/schema";
import { parseRange } from "../storage/range";
import { RENDITION_CONTENT_TYPES } from "../video/renditions";
import { readyRendition, renditionKey, renditionsOf } from "../video/renditions.server";
import {
  countsAsDownload,
  mayDownloadForOffline,
  OFFLINE_LINK_LIFETIME_MS,
  type OfflineGrant,
  type OfflineKind,
  offlineFileItem,
  readOfflineGrant,
  signOfflineGrant,
} from "./offline";

const ALLOWANCE = RATE_LIMITS.offlineDownloadsPerLearner;
const allowanceKey = (userId: string) => `offline-downloads:${userId}`;

/** The route a signed link points at (routes/media-offline.ts). */
export function offlinePath(token: string): string {
  return `/media/offline/${token}`;
}

export type OfflineFile = { kind: OfflineKind; href: string; bytes: number | null };

export type OfflineDownloads = {
  files: OfflineFile[];
  /** A light rendition of the lesson's video is still being made: more will be offered once it is ready. */
  preparing: boolean;
  /** When every link of `files` runs out. */
  expiresAt: Date;
  /** Downloads left in the learner's current 24 hours, and the allowance. */
  remaining: number;
  dailyLimit: number;
};

export type OfflineRefusal = "not_found" | "sign_in" | "forbidden";

/**
 * What `viewer` may download of a lesson for offline, with fresh links, or why not (a guest on a free
 * preview and anyone without the course are refused). Files not there yet (a rendition still being made)
 * are left out.
 */
export async function offlineDownloads(
  db: Database,
  viewer: Viewer,
  courseId: number,
  lessonId: number,
  now: Date = new Date(),
): Promise<{ ok: true; downloads: OfflineDownloads } | { ok: false; reason: OfflineRefusal }> {
  if (!viewer) return { ok: false, reason: "sign_in" };
  const access = await accessToLesson(db, viewer, courseId, lessonId);
  if (!access.ok) return access;
  if (!mayDownloadForOffline(access)) return { ok: false, reason: "forbidden" };
  const [lesson] = await db
    .select({
      videoId: lessons.videoId,
      pdfPublicId: lessons.pdfPublicId,
      provider: videos.provider,
      pdfBytes: mediaUploads.bytes,
    })
    .from(lessons)
    .leftJoin(videos, eq(videos.id, lessons.videoId))
    .leftJoin(mediaUploads, eq(mediaUploads.publicId, lessons.pdfPublicId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)));
  if (!lesson) return { ok: false, reason: "not_found" };
  const found: { kind: OfflineKind; bytes: number | null }[] = [];
  let preparing = false;
  if (lesson.videoId && lesson.provider === "local") {
    const renditions = await renditionsOf(db, lesson.videoId);
    for (const rendition of renditions) {
      if (rendition.status === "ready")
        found.push({ kind: rendition.quality === "low" ? "video" : "audio", bytes: rendition.size });
    }
    // A rendition not asked for yet counts as pending, as the play API lists it; a failed one will not come.
    preparing = renditionQuality.enumValues.some(
      (quality) => !renditions.some((row) => row.quality === quality && row.status !== "pending"),
    );
    found.sort((a, b) => (a.kind === "video" ? -1 : b.kind === "video" ? 1 : 0));
  }
  if (lesson.pdfPublicId) found.push({ kind: "pdf", bytes: lesson.pdfBytes ?? null });
  const captions = await db
    .select({ lang: lessonCaptions.lang })
    .from(lessonCaptions)
    .where(eq(lessonCaptions.lessonId, lessonId));
  for (const lang of ["en", "ar"] as const)
    if (captions.some((row) => row.lang === lang)) found.push({ kind: `captions-${lang}`, bytes: null });
  const expiresAt = now.getTime() + OFFLINE_LINK_LIFETIME_MS;
  const secret = getSessionSecret();
  const downloads = {
    files: found.map(({ kind, bytes }) => ({
      kind,
      bytes,
      href: offlinePath(signOfflineGrant({ userId: viewer.id, courseId, lessonId, kind, expiresAt }, secret)),
    })),
    preparing,
    expiresAt: new Date(expiresAt),
    remaining: await remainingHits(db, allowanceKey(viewer.id), ALLOWANCE),
    dailyLimit: ALLOWANCE.limit,
  };
  return { ok: true, downloads };
}

/** What a signed link leads to: a stored object, the captions' text, or a PDF in the media store. */
export type OfflineTarget =
  | { source: "video"; key: string; contentType: string; size: number }
  | { source: "captions"; vtt: string }
  | { source: "pdf"; publicId: string; size: number };

export type OfflineOpening =
  | { ok: true; grant: OfflineGrant; target: OfflineTarget }
  | { ok: false; reason: "invalid" | "expired" | "forbidden" | "gone" }
  | { ok: false; reason: "allowance"; retryAfterSeconds: number };

/**
 * Opens a signed link: the token must be ours and unexpired, its learner must still be allowed to download
 * the lesson, and the file must be there; then, when bytes of it will be sent (see countsAsDownload), the
 * file is counted the first time in the learner's window — refused past the allowance — and free after
 * that (a resumed download, a second range, the file again).
 */
export async function openOfflineLink(
  db: Database,
  token: string,
  request: { method: string; range: string | null },
  now: Date = new Date(),
): Promise<OfflineOpening> {
  const reading = readOfflineGrant(token, getSessionSecret(), now.getTime());
  if (!reading.ok) return reading;
  const { grant } = reading;
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, grant.userId), isNull(users.deletedAt)));
  if (!user) return { ok: false, reason: "forbidden" };
  const access = await accessToLesson(db, user, grant.courseId, grant.lessonId);
  if (!mayDownloadForOffline(access)) return { ok: false, reason: "forbidden" };
  const target = await findTarget(db, grant);
  if (!target) return { ok: false, reason: "gone" };
  // Captions are always sent whole; files as the Range header and their size say (the route sends the same).
  const served =
    target.source === "captions" ? ({ kind: "full" } as const) : parseRange(request.range, target.size);
  if (countsAsDownload(request.method, served)) {
    const decision = await hitRateLimitOnce(
      db,
      allowanceKey(grant.userId),
      offlineFileItem(grant),
      ALLOWANCE,
    );
    if (!decision.allowed)
      return { ok: false, reason: "allowance", retryAfterSeconds: decision.retryAfterSeconds };
  }
  return { ok: true, grant, target };
}

async function findTarget(db: Database, grant: OfflineGrant): Promise<OfflineTarget | null> {
  const [lesson] = await db
    .select({ videoId: lessons.videoId, pdfPublicId: lessons.pdfPublicId, pdfBytes: mediaUploads.bytes })
    .from(lessons)
    .leftJoin(mediaUploads, eq(mediaUploads.publicId, lessons.pdfPublicId))
    .where(and(eq(lessons.id, grant.lessonId), eq(lessons.courseId, grant.courseId)));
  if (!lesson) return null;
  switch (grant.kind) {
    case "video":
    case "audio": {
      const quality = grant.kind === "video" ? "low" : "audio";
      const rendition = lesson.videoId ? await readyRendition(db, lesson.videoId, quality) : null;
      if (!lesson.videoId || !rendition?.size) return null;
      return {
        source: "video",
        key: renditionKey(lesson.videoId, quality),
        contentType: RENDITION_CONTENT_TYPES[quality],
        size: rendition.size,
      };
    }
    case "pdf":
      return lesson.pdfPublicId && lesson.pdfBytes
        ? { source: "pdf", publicId: lesson.pdfPublicId, size: lesson.pdfBytes }
        : null;
    default: {
      const lang = grant.kind === "captions-ar" ? "ar" : "en";
      const [row] = await db
        .select({ vtt: lessonCaptions.vtt })
        .from(lessonCaptions)
        .where(and(eq(lessonCaptions.lessonId, grant.lessonId), eq(lessonCaptions.lang, lang)));
      return row ? { source: "captions", vtt: row.vtt } : null;
    }
  }
}
