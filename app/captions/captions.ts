/**
 * Caption files (issue 36, item 1; decision 052): parse an uploaded WebVTT or SRT file into cues, refuse a bad
 * one with a code and its line, check the cues against the video's length, and write the normalised WebVTT
 * that is served. Pure functions, no database: nothing imports this module yet. Storing captions per lesson
 * and language, the upload and download API, the player's `<track>`, the transcript beside it and Vimeo's
 * text tracks come next.
 */
import { DURATION_SLACK_MS, MAX_CAPTION_BYTES, MAX_CUE_TEXT_CHARS, MAX_CUES } from "./limits";
import { parseSrt } from "./srt";
import { formatTimestamp } from "./timestamps";
import { type CaptionError, type CaptionFormat, type CaptionResult, type Cue, refuse } from "./types";
import { cuePlainText, parseWebVtt, serializeWebVtt } from "./webvtt";

export { DURATION_SLACK_MS, MAX_CAPTION_BYTES, MAX_CUE_TEXT_CHARS, MAX_CUES } from "./limits";
export { formatDisplayTimestamp, formatTimestamp, MAX_TIMESTAMP_MS } from "./timestamps";
export type { CaptionError, CaptionErrorCode, CaptionFormat, CaptionResult, Cue } from "./types";
export { cueOrder, cuePlainText, serializeWebVtt } from "./webvtt";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The 1-based line holding the character at `index` (any of CRLF, CR, LF ends a line). */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}

/** The cheap checks every file passes before a parser reads it: size, encoding, NUL, the number of cues. */
function precheck(
  input: string | Uint8Array,
): { ok: true; text: string } | { ok: false; error: CaptionError } {
  let text: string;
  if (typeof input === "string") {
    // A UTF-16 unit is at least one UTF-8 byte, so an enormous string is refused before it is measured.
    if (input.length > MAX_CAPTION_BYTES) return tooLarge();
    const lone = LONE_SURROGATE.exec(input);
    if (lone) return refuse("not_utf8", lineAt(input, lone.index), "The file is not valid UTF-8 text.");
    if (new TextEncoder().encode(input).length > MAX_CAPTION_BYTES) return tooLarge();
    text = input;
  } else {
    if (input.byteLength > MAX_CAPTION_BYTES) return tooLarge();
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(input);
    } catch {
      return refuse("not_utf8", null, "The file is not valid UTF-8 text.");
    }
  }
  if (text.startsWith("\ufeff")) text = text.slice(1);
  const nul = text.indexOf("\0");
  if (nul !== -1)
    return refuse("nul", lineAt(text, nul), "The file contains a NUL character: it is not a text file.");
  let arrows = 0;
  for (let at = text.indexOf("-->"); at !== -1; at = text.indexOf("-->", at + 3)) {
    if (++arrows > MAX_CUES) {
      return refuse("too_many_cues", lineAt(text, at), `A caption file may hold at most ${MAX_CUES} cues.`);
    }
  }
  return { ok: true, text };
}

const tooLarge = () =>
  refuse("too_large", null, `A caption file may be at most ${MAX_CAPTION_BYTES / 1_000_000} MB.`);

/** A WebVTT cue whose text (as written) is too long, found on the file's lines: the parser gives cues no line. */
function longVttCue(text: string): CaptionError | null {
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]?.includes("-->")) continue;
    let length = -1;
    for (let j = i + 1; j < lines.length && lines[j] !== "" && !lines[j]?.includes("-->"); j++) {
      length += (lines[j]?.length ?? 0) + 1;
    }
    if (length > MAX_CUE_TEXT_CHARS) {
      return {
        code: "cue_text_too_long",
        line: i + 2,
        message: `A cue's text may be at most ${MAX_CUE_TEXT_CHARS} characters.`,
      };
    }
  }
  return null;
}

/**
 * An uploaded caption file as cues (integer milliseconds, in `cueOrder`; overlapping cues are allowed, cues
 * starting before the cue above them are refused), or the first reason it is refused with its 1-based line. Bytes are decoded as strict UTF-8.
 * Never throws.
 */
export function parseCaptions(input: string | Uint8Array, format: CaptionFormat): CaptionResult {
  try {
    const checked = precheck(input);
    if (!checked.ok) return checked;
    let result: CaptionResult;
    if (format === "srt") {
      result = parseSrt(checked.text);
    } else {
      result = parseWebVtt(checked.text);
      const long = result.ok ? longVttCue(checked.text) : null;
      if (long) return { ok: false, error: long };
    }
    if (result.ok && result.cues.length === 0) return refuse("no_cues", null, "The file holds no cues.");
    return result;
  } catch {
    // Never expected: the parsers are total. A refusal is still the right answer to whatever got here.
    return refuse("malformed", null, "The file could not be read as captions.");
  }
}

/** An SRT file converted to the normalised WebVTT that is served, or why it is refused. */
export function srtToWebVtt(
  input: string | Uint8Array,
): { ok: true; vtt: string } | { ok: false; error: CaptionError } {
  const parsed = parseCaptions(input, "srt");
  return parsed.ok ? { ok: true, vtt: serializeWebVtt(parsed.cues) } : parsed;
}

/**
 * Every cue must end within the video: by its length in whole seconds plus `DURATION_SLACK_MS` (the stored
 * length is rounded). `null` is an unknown length (the video is still being checked): nothing to compare.
 */
export function validateAgainstDuration(
  cues: readonly Cue[],
  durationSeconds: number | null,
): { ok: true } | { ok: false; error: CaptionError } {
  if (durationSeconds === null || !Number.isFinite(durationSeconds) || durationSeconds <= 0)
    return { ok: true };
  const limit = durationSeconds * 1000 + DURATION_SLACK_MS;
  const index = cues.findIndex((cue) => cue.endMs > limit);
  if (index === -1) return { ok: true };
  const cue = cues[index] as Cue;
  return refuse(
    "beyond_duration",
    null,
    `Cue ${index + 1} ends at ${formatTimestamp(cue.endMs)}, after the video's end (${formatTimestamp(durationSeconds * 1000)}).`,
  );
}

export type TranscriptLine = { startMs: number; endMs: number; text: string };

/**
 * The transcript: each cue's plain text on one line (its line breaks and runs of white space become one
 * space), cues with no text left out, and a cue repeating the line before it merged into it (roll-up captions
 * repeat a line as the next one scrolls in; a reader wants it once, ending when its last repeat ends).
 */
export function transcriptLines(cues: readonly Cue[]): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const cue of cues) {
    const text = cuePlainText(cue).replace(/\s+/g, " ").trim();
    if (!text) continue;
    const previous = lines.at(-1);
    if (previous && previous.text === text) {
      previous.endMs = Math.max(previous.endMs, cue.endMs);
      continue;
    }
    lines.push({ startMs: cue.startMs, endMs: cue.endMs, text });
  }
  return lines;
}
