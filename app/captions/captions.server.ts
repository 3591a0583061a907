// Lesson captions (issue 36; decision 057): a trainer's WebVTT or SRT file per video lesson and language,
// stored as the normalised WebVTT the pure module writes (./captions.ts), and served under the lesson's own
// access rule (app/access: whoever may watch the video, a free preview to anyone). Every write checks its own
// preconditions: the course's trainer or an admin (the studio's course lock), a video lesson, a file that
// parses, cues within the video's length when it is known.
import { and, asc, eq } from "drizzle-orm";
import { accessToLesson } from "../access/access.server";
import type { Actor } from "../access/editing";
import type { Viewer } from "../access/roles";
import type { Database } from "../db/client.server";
import { type CaptionLang, captionLang, lessonCaptions, lessons, videos } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { enqueueJob } from "../jobs/queue.server";
import { isRowId } from "../lib/validation";
import { lockEditable, type Refusal } from "../studio/course-lock.server";
import {
  type CaptionError,
  type CaptionFormat,
  formatDisplayTimestamp,
  parseCaptions,
  serializeWebVtt,
  type TranscriptLine,
  transcriptLines,
  validateAgainstDuration,
} from "./captions";

export const CAPTION_LANGS: readonly CaptionLang[] = captionLang.enumValues;

export function isCaptionLang(value: unknown): value is CaptionLang {
  return typeof value === "string" && (CAPTION_LANGS as readonly string[]).includes(value);
}

/** The page route that serves a lesson's captions to the player (the session cookie decides access). */
export function captionTrackPath(courseId: number, lessonId: number, lang: CaptionLang): string {
  return `/courses/${courseId}/learn/${lessonId}/captions/${lang}.vtt`;
}

/** The JSON API's download of the same file (a Bearer token decides access). */
export function captionApiPath(courseId: number, lessonId: number, lang: CaptionLang): string {
  return `/api/courses/${courseId}/lessons/${lessonId}/captions/${lang}`;
}

export type CaptionRefusal =
  | { ok: false; reason: "not_found" | "forbidden" | "lesson_not_found" | "not_video_lesson" }
  | { ok: false; reason: "invalid"; error: CaptionError };

export type CaptionSummary = { lang: CaptionLang; cueCount: number; updatedAt: Date };

/** The lesson of `lessonId` (of `courseId` when given), its kind and its video's facts. */
async function lessonFacts(db: Database, lessonId: number) {
  const [row] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      kind: lessons.kind,
      videoId: lessons.videoId,
      provider: videos.provider,
      providerId: videos.providerId,
      durationSeconds: videos.durationSeconds,
    })
    .from(lessons)
    .leftJoin(videos, eq(videos.id, lessons.videoId))
    .where(eq(lessons.id, lessonId));
  return row ?? null;
}

/** Course refusals read as the lesson's: a course the actor may not see hides its lessons. */
function asCaptionRefusal(refusal: Refusal): CaptionRefusal {
  return refusal.reason === "forbidden"
    ? { ok: false, reason: "forbidden" }
    : { ok: false, reason: "lesson_not_found" };
}

export type SaveCaptionsInput = {
  lessonId: number;
  lang: CaptionLang;
  /** The uploaded file, bytes (decoded as strict UTF-8) or text. */
  file: Uint8Array | string;
  format: CaptionFormat;
  /** The course the caller believes the lesson is in (the studio page's); another course's lesson is not found. */
  courseId?: number;
};

/**
 * Adds or replaces a lesson's captions in one language. Refused, changing nothing: a lesson the actor may not
 * edit, a lesson that is not a video lesson, a file that does not parse (with its line), cues ending after
 * the video (when its length is known). A video on Vimeo gets the captions as a text track by a job queued
 * here (app/captions/vimeo-push.server.ts).
 */
export async function saveLessonCaptions(
  db: Database,
  actor: Actor,
  input: SaveCaptionsInput,
): Promise<{ ok: true; caption: CaptionSummary; vimeoVideoId: string | null } | CaptionRefusal> {
  if (!isRowId(input.lessonId) || !isCaptionLang(input.lang))
    return { ok: false, reason: "lesson_not_found" };
  const facts = await lessonFacts(db, input.lessonId);
  if (!facts || (input.courseId !== undefined && facts.courseId !== input.courseId))
    return { ok: false, reason: "lesson_not_found" };
  const parsed = parseCaptions(input.file, input.format);
  return db.transaction(async (tx) => {
    const locked = await lockEditable(tx, actor, facts.courseId);
    if (locked.refusal || !locked.course)
      return asCaptionRefusal(locked.refusal ?? { ok: false, reason: "not_found" });
    // Read again under the lock: the lesson may have moved, changed kind or got another video meanwhile.
    const [lesson] = await tx
      .select({ kind: lessons.kind, courseId: lessons.courseId, videoId: lessons.videoId })
      .from(lessons)
      .where(eq(lessons.id, input.lessonId));
    if (!lesson || lesson.courseId !== facts.courseId)
      return { ok: false, reason: "lesson_not_found" } as const;
    if (lesson.kind !== "video") return { ok: false, reason: "not_video_lesson" } as const;
    if (!parsed.ok) return { ok: false, reason: "invalid", error: parsed.error } as const;
    const [video] = lesson.videoId
      ? await tx
          .select({
            provider: videos.provider,
            providerId: videos.providerId,
            status: videos.status,
            durationSeconds: videos.durationSeconds,
          })
          .from(videos)
          .where(eq(videos.id, lesson.videoId))
      : [];
    const within = validateAgainstDuration(parsed.cues, video?.durationSeconds ?? null);
    if (!within.ok) return { ok: false, reason: "invalid", error: within.error } as const;
    const vtt = serializeWebVtt(parsed.cues);
    const [previous] = await tx
      .select({ textTrackId: lessonCaptions.vimeoTextTrackId })
      .from(lessonCaptions)
      .where(and(eq(lessonCaptions.lessonId, input.lessonId), eq(lessonCaptions.lang, input.lang)));
    const now = new Date();
    const values = { vtt, cueCount: parsed.cues.length, updatedAt: now, vimeoTextTrackId: null };
    await tx
      .insert(lessonCaptions)
      .values({ lessonId: input.lessonId, lang: input.lang, ...values })
      .onConflictDoUpdate({ target: [lessonCaptions.lessonId, lessonCaptions.lang], set: values });
    const vimeoVideoId = video?.provider === "vimeo" && video.providerId ? video.providerId : null;
    // The push to Vimeo's text tracks is a job, queued with the row it sends (decision 057).
    if (vimeoVideoId)
      await enqueueJob(db, tx, "vimeo-captions", {
        op: "push",
        lessonId: input.lessonId,
        lang: input.lang,
        replacedTextTrackId: previous?.textTrackId ?? null,
      });
    return {
      ok: true,
      caption: { lang: input.lang, cueCount: parsed.cues.length, updatedAt: now },
      vimeoVideoId,
    } as const;
  });
}

/**
 * Removes a lesson's captions in one language (the course's trainer or an admin), and queues the removal of
 * their Vimeo text track; removing captions that are not there is not an error.
 */
export async function deleteLessonCaptions(
  db: Database,
  actor: Actor,
  input: { lessonId: number; lang: CaptionLang; courseId?: number },
): Promise<{ ok: true; removed: boolean } | CaptionRefusal> {
  if (!isRowId(input.lessonId) || !isCaptionLang(input.lang))
    return { ok: false, reason: "lesson_not_found" };
  const facts = await lessonFacts(db, input.lessonId);
  if (!facts || (input.courseId !== undefined && facts.courseId !== input.courseId))
    return { ok: false, reason: "lesson_not_found" };
  return db.transaction(async (tx) => {
    const locked = await lockEditable(tx, actor, facts.courseId);
    if (locked.refusal || !locked.course)
      return asCaptionRefusal(locked.refusal ?? { ok: false, reason: "not_found" });
    const [removed] = await tx
      .delete(lessonCaptions)
      .where(and(eq(lessonCaptions.lessonId, input.lessonId), eq(lessonCaptions.lang, input.lang)))
      .returning({ vimeoTextTrackId: lessonCaptions.vimeoTextTrackId });
    if (removed?.vimeoTextTrackId && facts.provider === "vimeo" && facts.providerId)
      await enqueueJob(db, tx, "vimeo-captions", {
        op: "delete",
        videoId: facts.providerId,
        textTrackId: removed.vimeoTextTrackId,
      });
    return { ok: true, removed: Boolean(removed) } as const;
  });
}

/** The languages a lesson has captions in, for the studio and the player (no access check: callers decide). */
export async function lessonCaptionSummaries(db: Database, lessonId: number): Promise<CaptionSummary[]> {
  if (!isRowId(lessonId)) return [];
  return db
    .select({
      lang: lessonCaptions.lang,
      cueCount: lessonCaptions.cueCount,
      updatedAt: lessonCaptions.updatedAt,
    })
    .from(lessonCaptions)
    .where(eq(lessonCaptions.lessonId, lessonId))
    .orderBy(asc(lessonCaptions.lang));
}

/**
 * A lesson's captions in `lang` for `viewer`, under the same rule as its video (accessToLesson: enrolled
 * learners, the course's trainer, admins; a free preview of a published course for anyone).
 */
export async function readLessonCaptions(
  db: Database,
  viewer: Viewer,
  courseId: number,
  lessonId: number,
  lang: CaptionLang,
): Promise<
  | { ok: true; vtt: string; updatedAt: Date; preview: boolean }
  | { ok: false; reason: "not_found" | "sign_in" | "forbidden" }
> {
  if (!isCaptionLang(lang)) return { ok: false, reason: "not_found" };
  const access = await accessToLesson(db, viewer, courseId, lessonId);
  if (!access.ok) return access;
  const [row] = await db
    .select({ vtt: lessonCaptions.vtt, updatedAt: lessonCaptions.updatedAt })
    .from(lessonCaptions)
    .where(and(eq(lessonCaptions.lessonId, lessonId), eq(lessonCaptions.lang, lang)));
  if (!row) return { ok: false, reason: "not_found" };
  return { ok: true, vtt: row.vtt, updatedAt: row.updatedAt, preview: access.mode === "preview" };
}

export type PlayerCaptions = {
  tracks: { lang: CaptionLang; src: string }[];
  /** The transcript in the page's language, else the other one; null when the lesson has no captions. */
  transcript: { lang: CaptionLang; lines: (TranscriptLine & { time: string })[] } | null;
};

/**
 * What the learn page's player shows of a lesson's captions, for a viewer the caller already let open the
 * lesson: one track per language and the transcript.
 */
export async function captionsForPlayer(
  db: Database,
  courseId: number,
  lessonId: number,
  locale: Locale,
): Promise<PlayerCaptions> {
  if (!isRowId(lessonId)) return { tracks: [], transcript: null };
  const rows = await db
    .select({ lang: lessonCaptions.lang, vtt: lessonCaptions.vtt })
    .from(lessonCaptions)
    .where(eq(lessonCaptions.lessonId, lessonId))
    .orderBy(asc(lessonCaptions.lang));
  const tracks = rows.map((row) => ({ lang: row.lang, src: captionTrackPath(courseId, lessonId, row.lang) }));
  const chosen = rows.find((row) => row.lang === locale) ?? rows[0];
  if (!chosen) return { tracks, transcript: null };
  // Stored captions were written by the serializer: they parse.
  const parsed = parseCaptions(chosen.vtt, "vtt");
  return {
    tracks,
    transcript: parsed.ok
      ? {
          lang: chosen.lang,
          lines: transcriptLines(parsed.cues).map((line) => ({
            ...line,
            time: formatDisplayTimestamp(line.startMs),
          })),
        }
      : null,
  };
}

/** The stored WebVTT and Vimeo ids a push job needs; null when the captions or the Vimeo video are gone. */
export async function captionsToPush(db: Database, lessonId: number, lang: CaptionLang) {
  const [row] = await db
    .select({
      vtt: lessonCaptions.vtt,
      updatedAt: lessonCaptions.updatedAt,
      textTrackId: lessonCaptions.vimeoTextTrackId,
      provider: videos.provider,
      providerId: videos.providerId,
    })
    .from(lessonCaptions)
    .innerJoin(lessons, eq(lessons.id, lessonCaptions.lessonId))
    .leftJoin(videos, eq(videos.id, lessons.videoId))
    .where(and(eq(lessonCaptions.lessonId, lessonId), eq(lessonCaptions.lang, lang)));
  if (row?.provider !== "vimeo" || !row.providerId) return null;
  return {
    vtt: row.vtt,
    updatedAt: row.updatedAt,
    textTrackId: row.textTrackId,
    vimeoVideoId: row.providerId,
  };
}

/** Records the Vimeo text track the captions were pushed to, unless they were replaced meanwhile. */
export async function recordVimeoTextTrack(
  db: Database,
  lessonId: number,
  lang: CaptionLang,
  updatedAt: Date,
  textTrackId: string,
): Promise<boolean> {
  const rows = await db
    .update(lessonCaptions)
    .set({ vimeoTextTrackId: textTrackId })
    .where(
      and(
        eq(lessonCaptions.lessonId, lessonId),
        eq(lessonCaptions.lang, lang),
        eq(lessonCaptions.updatedAt, updatedAt),
      ),
    )
    .returning({ lessonId: lessonCaptions.lessonId });
  return rows.length > 0;
}
