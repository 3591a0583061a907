// Shortening a text to a length at a word boundary, with "…": meta and Open Graph descriptions, JSON-LD and
// card summaries. One function, so no description anywhere ends in half a word.

const ELLIPSIS = "…";
/** Left off the end of a cut text before the ellipsis: a dangling comma or dash reads as a mistake. */
const TRAILING = /[\s,.;:!?،؛\-–—]+$/u;

/**
 * `text` (whitespace collapsed) when it fits in `maxLength` characters; otherwise its longest run of whole
 * words that fits with "…" after it, so the result, ellipsis included, is never longer than `maxLength`.
 * Words are what whitespace separates, in Arabic as in English. A first word longer than the limit on its
 * own (a long URL) is the one case cut inside a word, between two code points.
 */
export function shortenAtWord(text: string, maxLength: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= maxLength) return clean;
  const room = maxLength - ELLIPSIS.length;
  if (room <= 0) return ELLIPSIS.slice(0, Math.max(0, maxLength));
  // The cut falls on a space: the character just past the room, or the last space inside it.
  const cut = clean[room] === " " ? room : clean.lastIndexOf(" ", room - 1);
  const kept = cut > 0 ? clean.slice(0, cut).replace(TRAILING, "") : "";
  if (kept) return kept + ELLIPSIS;
  // No whole word fits: keep as many whole code points as do (never half of a surrogate pair).
  let end = room;
  const code = clean.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return clean.slice(0, end) + ELLIPSIS;
}
