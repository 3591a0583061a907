/**
 * WebVTT through the W3C's parser (`webvtt-parser`, the webvtt.js behind the W3C validator; decision 052): its
 * errors carry the line, and its cue-text tree is what the serializer writes back, so a served file only ever
 * holds the inline tags WebVTT defines.
 */

import type { TreeNode as AnyTreeNode, Entity, TreeNodeObjectTagNameWithRt } from "webvtt-parser";
import webvtt from "webvtt-parser";
import { formatTimestamp, MAX_TIMESTAMP_MS } from "./timestamps";
import { type CaptionErrorCode, type CaptionResult, type Cue, refuse } from "./types";

const { WebVTTParser, WebVTTCueTextParser } = webvtt;

type TreeNode = AnyTreeNode<TreeNodeObjectTagNameWithRt>;

/**
 * The entities WebVTT names. The package's default table is keyed without the `;` and then decodes
 * `&amp;` as `&;` (its partial-match branch), so the full names are given.
 */
const ENTITIES: Record<Entity, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&lrm;": "\u200e",
  "&rlm;": "\u200f",
  "&nbsp;": "\u00a0",
};

/**
 * Which of the parser's messages refuse a file: the signature, the block structure and the timings. Mistakes
 * inside cue text (a bare `&`, an unknown tag, a missing end tag) and in cue settings are not refused: a browser
 * reads them leniently too, and the serializer rewrites cue text from the parsed tree and drops the settings,
 * so what is served is conforming either way.
 */
function codeOf(message: string): CaptionErrorCode | null {
  if (message.startsWith("No valid signature")) return "missing_header";
  if (message.startsWith("End timestamp is not greater")) return "end_not_after_start";
  if (message.startsWith("Start timestamp is not greater")) return "out_of_order";
  if (
    message.startsWith("No timestamp found") ||
    message.startsWith("Timestamp must start") ||
    message.startsWith("No time unit separator") ||
    message.startsWith("Must be exactly two digits") ||
    message.startsWith("No seconds found") ||
    message.startsWith("No decimal separator") ||
    message.startsWith("Milliseconds must be") ||
    message.startsWith("You cannot have more than 59") ||
    message.startsWith("No valid timestamp separator") ||
    message.startsWith("Timestamp not separated") ||
    message.startsWith("'-->' not separated")
  ) {
    return "bad_timestamp";
  }
  if (
    message.startsWith("No blank line after the signature") ||
    message.startsWith("Cannot have timestamp in") ||
    message.startsWith("Cue identifier") ||
    message.startsWith("Blank line missing before cue")
  ) {
    return "malformed";
  }
  return null;
}

/**
 * The order cues are kept in: by start time, and of cues starting together the one ending last first (the
 * W3C parser sorts so; the serializer writes so, so parse → serialize → parse keeps the list as it was).
 */
export function cueOrder(a: Cue, b: Cue): number {
  return a.startMs - b.startMs || b.endMs - a.endMs;
}

const toMs = (seconds: number) => Math.round(seconds * 1000);

/** Parses WebVTT text (already decoded, size- and count-checked by `parseCaptions`). */
export function parseWebVtt(text: string): CaptionResult {
  const parsed = new WebVTTParser(ENTITIES).parse(text);
  for (const error of parsed.errors) {
    const code = codeOf(error.message);
    if (code) return refuse(code, error.line, error.message);
  }
  const cues: Cue[] = [];
  for (const cue of parsed.cues) {
    const startMs = toMs(cue.startTime);
    const endMs = toMs(cue.endTime);
    if (!(endMs <= MAX_TIMESTAMP_MS)) {
      return refuse("bad_timestamp", null, `A cue ends after ${formatTimestamp(MAX_TIMESTAMP_MS)}.`);
    }
    if (endMs <= startMs) {
      // Two timings a millisecond apart can round together; the parser's own check caught the rest.
      return refuse(
        "end_not_after_start",
        null,
        `The cue at ${formatTimestamp(startMs)} ends when it starts.`,
      );
    }
    cues.push({ startMs, endMs, text: cue.text });
  }
  return { ok: true, cues };
}

function cueTree(text: string): TreeNode[] {
  return new WebVTTCueTextParser(text, () => {}, undefined, ENTITIES).parse(0, Number.POSITIVE_INFINITY)
    .children;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Removes what must never be shown or served: NUL and the other C0 controls but tab and line feed, lone surrogates. */
export function cleanText(text: string): string {
  return (
    text
      .replace(LONE_SURROGATE, "\uFFFD")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
  );
}

function plainOf(nodes: readonly TreeNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text") out += node.value;
    else if (node.type === "object" && node.name !== "rt") out += plainOf(node.children);
  }
  return out;
}

/** What a reader sees of a cue: tags removed, the WebVTT entities decoded (a ruby's reading, `<rt>`, left out). */
export function cuePlainText(cue: Pick<Cue, "text">): string {
  return cleanText(plainOf(cueTree(cue.text)));
}

/** `&`, `<` and `>` as WebVTT entities. */
export const escapeText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A `<v>` voice name or `<lang>` tag: one line, no `>`, escaped; empty when nothing is left. */
const annotation = (value: string) =>
  escapeText(
    cleanText(value)
      .replace(/[\r\n\t\f]+/g, " ")
      .trim(),
  );

function serializeNodes(nodes: readonly TreeNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text") {
      out += escapeText(cleanText(node.value));
    } else if (node.type === "object") {
      const inner = serializeNodes(node.children);
      // Classes are dropped: no STYLE block is served, and the page's own CSS must not reach into cues.
      if (node.name === "v" || node.name === "lang") {
        const value = annotation(node.value ?? "");
        out += value ? `<${node.name} ${value}>${inner}</${node.name}>` : inner;
      } else {
        out += `<${node.name}>${inner}</${node.name}>`;
      }
    }
    // Karaoke timestamps inside a cue (`<00:01.000>`) are dropped: the text stays, shown at once.
  }
  return out;
}

/** A cue's text rewritten from its parsed tree: only WebVTT's inline tags, text escaped, no blank line. */
export function safeCueText(text: string): string {
  return serializeNodes(cueTree(text))
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== "")
    .join("\n");
}

/**
 * A normalised WebVTT file: the `WEBVTT` header, then each cue as its timings and its text rewritten by
 * `safeCueText`. No identifiers, cue settings, STYLE, REGION or NOTE blocks: nothing served carries styles, and
 * cue text is never markup a page runs (a browser renders it as text with WebVTT's own tags only). Cues are
 * written in `cueOrder`, the order a parse gives back.
 */
export function serializeWebVtt(cues: readonly Cue[]): string {
  let out = "WEBVTT\n";
  for (const cue of [...cues].sort(cueOrder)) {
    out += `\n${formatTimestamp(cue.startMs)} --> ${formatTimestamp(cue.endMs)}\n`;
    const text = safeCueText(cue.text);
    out += text ? `${text}\n` : "";
  }
  return out;
}
