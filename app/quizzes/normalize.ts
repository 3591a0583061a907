// How a short-text quiz answer is compared with the trainer's accepted answers (issue 32, item 4): both
// sides are brought to one spelling first, so that case, spacing, Arabic letter variants, diacritics, digit
// scripts and invisible characters never fail an answer that is right. Pure, unit-tested in
// tests/unit/quiz-normalize.test.ts; the choices are in docs/decisions/050-quiz-grading.md.

/**
 * Characters that change how text is displayed or joined, never what it says: the bidi marks, embeddings,
 * overrides and isolates (a phrase copied from a right-to-left page brings them along), the zero-width
 * space, joiners and byte-order mark, the word joiner and the soft hyphen. Removed, not turned into spaces,
 * as they sit inside words.
 */
const INVISIBLE = /[\u00AD\u200B-\u200F\u061C\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/**
 * Arabic letters that learners write in more than one way, each read as its plainest form. The hamza forms
 * keep their seat without the hamza, one rule for all of them: أ إ آ ٱ → ا, and also ؤ → و and ئ → ي, since
 * a learner who leaves out the hamza types exactly the seat. A word spelt with different seats (مسؤول and
 * مسئول) still differs: the trainer lists both. ة → ه and ى → ي, as both are written at the end of a word
 * interchangeably. A lone hamza (ء) is kept: it is a letter of its own, with no seat to fall back on.
 */
const LETTER_VARIANTS: Readonly<Record<string, string>> = {
  "\u0623": "\u0627", // أ → ا
  "\u0625": "\u0627", // إ → ا
  "\u0622": "\u0627", // آ → ا
  "\u0671": "\u0627", // ٱ (alef wasla) → ا
  "\u0624": "\u0648", // ؤ → و
  "\u0626": "\u064A", // ئ → ي
  "\u0629": "\u0647", // ة → ه
  "\u0649": "\u064A", // ى → ي
};
const LETTER_VARIANT = /[\u0623\u0625\u0622\u0671\u0624\u0626\u0629\u0649]/g;

/**
 * Marks that decorate Arabic letters without changing the word a learner means: tatweel (the stretching
 * stroke), the harakat and hamza marks (U+064B–U+065F), the superscript alef and the Quranic annotation
 * marks. Most answers are typed without them, some pasted with them.
 */
const ARABIC_MARKS = /[\u0640\u064B-\u065F\u0670\u06D6-\u06ED]/g;

const ARABIC_NUMBER_SIGNS: Readonly<Record<string, string>> = { "٪": "%", "٫": ".", "٬": "," };

/**
 * Arabic-Indic (٠–٩) and Eastern Arabic-Indic / Persian (۰–۹) digits read as 0–9, and the Arabic percent
 * sign, decimal separator and thousands separator as "%" "." and ",", so "٣٫٥" matches "3.5".
 */
function toWesternDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9\u066A-\u066C]/g, (character) => {
    const code = character.charCodeAt(0);
    if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660);
    if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0);
    return ARABIC_NUMBER_SIGNS[character] ?? character;
  });
}

/**
 * Sentence punctuation, quotes and spaces at either end of an answer: a final "." or "؟", or quotes around
 * the answer, never make it wrong. Only these are trimmed, and only at the ends: "#", "+", "%" and "-" carry
 * meaning ("C#", "C++", "50%", "-3") and punctuation inside an answer ("e.g") is compared as typed.
 */
const EDGE_CHARACTERS = new Set([..." .,;:!?¡¿…،؛؟۔\"'`«»“”„‘’‚‹›"]);

/**
 * `text` without edge characters at either end. A walk from each end rather than a regular expression, which
 * would rescan a long run of punctuation from every position inside it (quadratic on hostile input).
 */
function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && EDGE_CHARACTERS.has(text.charAt(start))) start += 1;
  while (end > start && EDGE_CHARACTERS.has(text.charAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

/**
 * An answer in the one spelling it is compared in. The steps, in order: Unicode NFKC (presentation forms
 * and full-width letters become plain ones, a letter and its combining hamza become one letter); invisible
 * characters removed; lower case (the locale-independent mapping, so "I" is "i" on every server); Arabic
 * letter variants, marks and digits; every run of white space (NBSP and the other Unicode spaces included)
 * one space; edge punctuation and spaces trimmed.
 */
export function normalizeShortAnswer(text: string): string {
  const folded = text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .toLowerCase()
    .replace(LETTER_VARIANT, (letter) => LETTER_VARIANTS[letter] ?? letter)
    .replace(ARABIC_MARKS, "");
  return trimEdges(toWesternDigits(folded).replace(/\s+/g, " "));
}

/**
 * Whether a learner's answer is one of the accepted answers, both normalised. An answer that normalises to
 * nothing (blank, only punctuation or marks) never matches, even an accepted answer that does the same.
 */
export function matchesShortAnswer(answer: string, accepted: readonly string[]): boolean {
  const normalized = normalizeShortAnswer(answer);
  if (normalized === "") return false;
  return accepted.some((candidate) => normalizeShortAnswer(candidate) === normalized);
}
