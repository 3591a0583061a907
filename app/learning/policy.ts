// The rules of learning progress, free of the database so they are unit-tested on their own
// (tests/unit/learning-policy.test.ts): how far into a lesson a position may be, when watching completes a
// lesson, and how a course's percentage is rounded.

/** A lesson counts as complete once this share of its video has been watched. */
export const COMPLETION_SHARE = 0.9;

/**
 * The longest position accepted when nothing else bounds it (a lesson with neither a known video length
 * nor a typed duration): a day, far beyond any lesson and well inside the int4 column.
 */
export const UNBOUNDED_POSITION_LIMIT = 24 * 60 * 60;

/** What bounds a position in one lesson: the video's measured length, else the length the trainer typed. */
export type LessonLength = {
  /** The video's duration as measured by the video host, when known. */
  videoSeconds: number | null;
  /** The lesson's duration typed by its trainer, in minutes. */
  durationMinutes: number | null;
};

/** The longest position, in whole seconds, a learner may report for this lesson. */
export function maxPositionSeconds(length: LessonLength): number {
  if (length.videoSeconds !== null && length.videoSeconds > 0) return Math.ceil(length.videoSeconds);
  if (length.durationMinutes !== null && length.durationMinutes > 0) return length.durationMinutes * 60;
  return UNBOUNDED_POSITION_LIMIT;
}

export type PositionCheck =
  | { ok: true; seconds: number }
  | { ok: false; reason: "invalid" | "negative" | "beyond_end"; max: number };

/**
 * A reported playback position checked against the lesson: a finite number of seconds from 0 to the
 * lesson's end. Players report fractions (12.48 s); they are stored as whole seconds, rounded down, so a
 * resume never lands past what was seen.
 */
export function checkPosition(position: number, length: LessonLength): PositionCheck {
  const max = maxPositionSeconds(length);
  if (!Number.isFinite(position)) return { ok: false, reason: "invalid", max };
  if (position < 0) return { ok: false, reason: "negative", max };
  if (position > max) return { ok: false, reason: "beyond_end", max };
  return { ok: true, seconds: Math.floor(position) };
}

/**
 * Whether a position means the lesson was watched: 90 % of the video's measured length. Only a measured
 * length counts; a typed duration is the trainer's estimate and completes nothing by itself.
 */
export function reachesCompletion(positionSeconds: number, videoSeconds: number | null): boolean {
  if (videoSeconds === null || videoSeconds <= 0) return false;
  return positionSeconds >= videoSeconds * COMPLETION_SHARE;
}

/**
 * How far past the time since a learner began a lesson their watching may plausibly reach: positions are
 * saved every 15 s and on pause, and a page may be opened a little before playing. Video shorter than this
 * can be completed as soon as it is begun; the rule is for lessons long enough to matter.
 */
export const WATCH_SLACK_SECONDS = 30;

/**
 * The most of a lesson a learner can have watched by `now`: never more than the wall-clock time since they
 * began it (plus the slack), whatever position a client reports.
 */
export function plausibleWatch(positionSeconds: number, startedAt: Date, now: Date): number {
  const elapsed = Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
  return Math.min(positionSeconds, elapsed + WATCH_SLACK_SECONDS);
}

/**
 * Whether a lesson may be marked complete: one with a measured video once 90 % of it was plausibly watched
 * (the furthest point reached, or the time since it was begun, whichever is more, as "Mark as complete" after
 * watching without JavaScript reports no positions); any other lesson (no video, or a typed length only) at
 * once.
 */
export function mayMarkComplete(
  lesson: { videoSeconds: number | null },
  watch: { watchedSeconds: number; startedAt: Date | null },
  now: Date,
): boolean {
  if (lesson.videoSeconds === null || lesson.videoSeconds <= 0) return true;
  const sinceStart = watch.startedAt ? plausibleWatch(Number.POSITIVE_INFINITY, watch.startedAt, now) : 0;
  return reachesCompletion(Math.max(watch.watchedSeconds, sinceStart), lesson.videoSeconds);
}

/**
 * A course's completion as a whole percentage, rounded down: 100 % means every lesson is done (199 of 200
 * shows 99 %, never a premature 100 %), and any finished lesson shows at least 1 %.
 */
export function progressPercent(completedLessons: number, totalLessons: number): number {
  if (totalLessons <= 0 || completedLessons <= 0) return 0;
  if (completedLessons >= totalLessons) return 100;
  return Math.max(1, Math.floor((completedLessons * 100) / totalLessons));
}

/**
 * Where the player should start: the saved position, unless it is within the last two seconds of the
 * video, where resuming would only show the end — then from the start.
 */
export function resumeFrom(positionSeconds: number, videoSeconds: number | null): number {
  if (positionSeconds <= 0) return 0;
  if (videoSeconds !== null && videoSeconds > 0 && positionSeconds >= videoSeconds - 2) return 0;
  return positionSeconds;
}
