/**
 * SubRip (SRT) read by hand: no maintained npm parser reports where an SRT file goes wrong (decision 052), and
 * the format is small: numbered blocks of `00:00:01,000 --> 00:00:02,500` timings and text, blank lines between.
 * Tolerated: CRLF or CR line endings, a BOM, runs of blank or white-space lines, a missing number, a missing
 * blank line before the next block, `.` for `,`, and SubRip's trailing `X1:… Y2:…` coordinates (ignored).
 */
import { MAX_CUE_TEXT_CHARS } from "./limits";
import { formatTimestamp, MAX_TIMESTAMP_MS } from "./timestamps";
import type { CaptionResult, Cue } from "./types";
import { refuse } from "./types";
import { cueOrder, escapeText, safeCueText } from "./webvtt";

const TIME = String.raw`(\d+):(\d{2}):(\d{2})[,.](\d{3})`;
const TIMINGS = new RegExp(String.raw`^[ \t]*${TIME}[ \t]*-->[ \t]*${TIME}(?:[ \t]+[^\r\n]*)?[ \t]*$`);
const NUMBER = /^[ \t]*\d+[ \t]*$/;

const blank = (line: string | undefined) => line === undefined || line.trim() === "";

function ms(hours: string, minutes: string, seconds: string, millis: string): number | null {
  const h = Number(hours);
  const m = Number(minutes);
  const s = Number(seconds);
  if (m > 59 || s > 59) return null;
  const total = h * 3_600_000 + m * 60_000 + s * 1000 + Number(millis);
  return Number.isSafeInteger(total) && total <= MAX_TIMESTAMP_MS ? total : null;
}

/**
 * SRT's inline markup as WebVTT cue text: `<i>`, `<b>` and `<u>` kept, `<font …>` and other tags and the
 * `{\an8}` positioning codes dropped, everything else escaped; then balanced by the WebVTT cue-text parser.
 */
export function srtTextToVtt(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>|\{\\[^{}]*\}/g)) {
    out += escapeText(text.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[2]?.toLowerCase();
    if (name === "i" || name === "b" || name === "u") out += `<${match[1]}${name}>`;
  }
  out += escapeText(text.slice(last));
  return safeCueText(out);
}

/** Parses SRT text (already decoded, size- and count-checked by `parseCaptions`); lines are 1-based. */
export function parseSrt(text: string): CaptionResult {
  const lines = text.split(/\r\n|\r|\n/);
  const startsBlock = (i: number) =>
    lines[i]?.includes("-->") || (NUMBER.test(lines[i] ?? "") && (lines[i + 1] ?? "").includes("-->"));
  const cues: Cue[] = [];
  let i = 0;
  while (i < lines.length) {
    while (i < lines.length && blank(lines[i])) i++;
    if (i >= lines.length) break;
    if (NUMBER.test(lines[i] ?? "") && !(lines[i + 1] ?? "").includes("-->")) {
      return refuse("malformed", i + 2, "A cue number must be followed by its timings on the next line.");
    }
    if (NUMBER.test(lines[i] ?? "")) i++;
    const timing = lines[i] ?? "";
    if (!timing.includes("-->")) {
      return refuse("malformed", i + 1, "Expected a cue number or timings (00:00:01,000 --> 00:00:02,500).");
    }
    const match = TIMINGS.exec(timing);
    const startMs = match ? ms(match[1] ?? "", match[2] ?? "", match[3] ?? "", match[4] ?? "") : null;
    const endMs = match ? ms(match[5] ?? "", match[6] ?? "", match[7] ?? "", match[8] ?? "") : null;
    if (startMs === null || endMs === null) {
      return refuse(
        "bad_timestamp",
        i + 1,
        `Timings must read hh:mm:ss,mmm --> hh:mm:ss,mmm, at most ${formatTimestamp(MAX_TIMESTAMP_MS)}.`,
      );
    }
    if (endMs <= startMs) return refuse("end_not_after_start", i + 1, "A cue must end after it starts.");
    const previous = cues.at(-1);
    if (previous && startMs < previous.startMs) {
      return refuse("out_of_order", i + 1, "Cues must be in the order of their start times.");
    }
    const timingLine = i;
    i++;
    const text: string[] = [];
    while (i < lines.length && !blank(lines[i]) && !startsBlock(i)) {
      text.push(lines[i] ?? "");
      i++;
    }
    const raw = text.join("\n");
    if (raw.length > MAX_CUE_TEXT_CHARS) {
      return refuse(
        "cue_text_too_long",
        timingLine + 2,
        `A cue's text may be at most ${MAX_CUE_TEXT_CHARS} characters.`,
      );
    }
    cues.push({ startMs, endMs, text: srtTextToVtt(raw) });
  }
  return { ok: true, cues: cues.sort(cueOrder) };
}
