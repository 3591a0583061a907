/** A caption file larger than this is refused before anything reads it (a feature film's captions are ~100 kB). */
export const MAX_CAPTION_BYTES = 1_000_000;
/** At most this many cues in one file (a two-hour film has ~1 500); counted before parsing. */
export const MAX_CUES = 5_000;
/** A cue's text, as written (tags included), at most this many characters. */
export const MAX_CUE_TEXT_CHARS = 1_000;
/**
 * A cue may end this much after the video's length: durations are stored in whole seconds, so a 59.6 s video
 * reads as 60 s or 59 s depending on where it was measured, and its last cue may rightly end at 59.6 s.
 */
export const DURATION_SLACK_MS = 1_000;
