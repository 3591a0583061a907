/** One caption cue: integer milliseconds, and its WebVTT cue text (inline tags and entities as written). */
export type Cue = { startMs: number; endMs: number; text: string };

export type CaptionFormat = "vtt" | "srt";

export type CaptionErrorCode =
  | "too_large"
  | "not_utf8"
  | "nul"
  | "too_many_cues"
  | "missing_header"
  | "bad_timestamp"
  | "end_not_after_start"
  | "out_of_order"
  | "bad_cue_text"
  | "cue_text_too_long"
  | "malformed"
  | "no_cues"
  | "beyond_duration";

/** `line` is 1-based in the uploaded file, null when the error has no one line (the size, the video's length). */
export type CaptionError = { code: CaptionErrorCode; line: number | null; message: string };

export type CaptionResult = { ok: true; cues: Cue[] } | { ok: false; error: CaptionError };

export function refuse(
  code: CaptionErrorCode,
  line: number | null,
  message: string,
): { ok: false; error: CaptionError } {
  return { ok: false, error: { code, line, message } };
}
