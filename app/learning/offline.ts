// Offline downloads of a lesson (issue 36; decision 058), the rules without the database: what can be
// downloaded, how a signed link is made and read, its lifetime, and the daily allowance. A link carries
// who it was made for, the lesson and the file, and when it runs out, signed with the server's secret; the
// download route still asks the access rules at download time, so a link outlives no enrolment. The daily
// allowance is a rate limit (RATE_LIMITS.offlineDownloadsPerLearner), counted in PostgreSQL for all servers,
// once per file and window.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { LessonAccess } from "../access/policy";
import type { RangeAnswer } from "../storage/range";

/** The files a lesson offers for offline: its light video, its audio, its PDF and its captions. */
export const OFFLINE_KINDS = ["video", "audio", "pdf", "captions-en", "captions-ar"] as const;
export type OfflineKind = (typeof OFFLINE_KINDS)[number];

/** A link works this long after the page (or the API) made it. */
export const OFFLINE_LINK_LIFETIME_MS = 2 * 60 * 60 * 1000;

/** Downloading is for those who hold the course (its learners, trainer, admins), never a preview's guest. */
export function mayDownloadForOffline(access: LessonAccess): boolean {
  return access.ok && access.mode === "full";
}

export type OfflineGrant = {
  userId: string;
  courseId: number;
  lessonId: number;
  kind: OfflineKind;
  /** Milliseconds since the epoch. */
  expiresAt: number;
};

const sign = (payload: string, secret: string) =>
  createHmac("sha256", secret).update(`offline:${payload}`).digest();

/** The link's token: the grant as base64url JSON, a dot, its HMAC-SHA256. */
export function signOfflineGrant(grant: OfflineGrant, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify([grant.userId, grant.courseId, grant.lessonId, grant.kind, grant.expiresAt]),
  ).toString("base64url");
  return `${payload}.${sign(payload, secret).toString("base64url")}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type GrantReading = { ok: true; grant: OfflineGrant } | { ok: false; reason: "invalid" | "expired" };

/** A token's grant when it is ours and unchanged and has not run out. */
export function readOfflineGrant(token: string, secret: string, now: number = Date.now()): GrantReading {
  const match = /^([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return { ok: false, reason: "invalid" };
  const given = Buffer.from(match[2], "base64url");
  const expected = sign(match[1], secret);
  // The canonical spelling only: a 43-character base64url signature has 2 spare bits, so without this a
  // few spellings of one link would all work.
  if (
    given.length !== expected.length ||
    !timingSafeEqual(given, expected) ||
    given.toString("base64url") !== match[2]
  )
    return { ok: false, reason: "invalid" };
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!Array.isArray(fields) || fields.length !== 5) return { ok: false, reason: "invalid" };
  const [userId, courseId, lessonId, kind, expiresAt] = fields as unknown[];
  if (
    typeof userId !== "string" ||
    !UUID.test(userId) ||
    !Number.isSafeInteger(courseId) ||
    !Number.isSafeInteger(lessonId) ||
    !(OFFLINE_KINDS as readonly unknown[]).includes(kind) ||
    !Number.isSafeInteger(expiresAt)
  )
    return { ok: false, reason: "invalid" };
  if ((expiresAt as number) <= now) return { ok: false, reason: "expired" };
  return {
    ok: true,
    grant: {
      userId,
      courseId: courseId as number,
      lessonId: lessonId as number,
      kind: kind as OfflineKind,
      expiresAt: expiresAt as number,
    },
  };
}

/**
 * Whether an answer counts against the allowance: one that sends any of the file's bytes does — the whole
 * file, or any range of it, however the Range header spelled it; a HEAD and a refused range (416) send none
 * and do not. Counting is by what is sent, not by where the range starts: a file then counts once per
 * window however it is split, since the same file again in the window is free (`offlineFileItem`,
 * `hitRateLimitOnce`). `served` is what the route will send, from the Range header and the file's size
 * (`parseRange`).
 */
export function countsAsDownload(method: string, served: RangeAnswer): boolean {
  if (method.toUpperCase() !== "GET") return false;
  return served.kind !== "unsatisfiable";
}

/** One file of the allowance: a lesson's file of one kind (its course follows from the lesson). */
export function offlineFileItem(grant: Pick<OfflineGrant, "lessonId" | "kind">): string {
  return `lesson:${grant.lessonId}:${grant.kind}`;
}

/** The file's name on the learner's device: ASCII, from ids, so no header escaping is needed. */
export function offlineFileName(courseId: number, lessonId: number, kind: OfflineKind): string {
  const extension = {
    video: "mp4",
    audio: "m4a",
    pdf: "pdf",
    "captions-en": "en.vtt",
    "captions-ar": "ar.vtt",
  }[kind];
  return `manara-course-${courseId}-lesson-${lessonId}-${kind.startsWith("captions") ? "captions" : kind}.${extension}`;
}
