// Short-text answers are compared in one spelling (app/quizzes/normalize.ts): the table below is the rule,
// one row per variant a learner may type, each checked as normalised text and as a match.
import { describe, expect, it } from "vitest";
import { matchesShortAnswer, normalizeShortAnswer } from "../../app/quizzes/normalize";

/** [what is typed, its normalised form, what it is about]. */
const TABLE: [string, string, string][] = [
  // Case and spaces.
  ["Cairo", "cairo", "upper case"],
  ["  New   York  ", "new york", "leading, trailing and repeated spaces"],
  ["new\u00A0york", "new york", "a no-break space"],
  ["new\u2003york\u3000city", "new york city", "em and ideographic spaces"],
  ["new\tyork\n", "new york", "tabs and newlines"],
  ["ISTANBUL", "istanbul", "locale-independent lower case (no Turkish dotless i)"],
  ["ＣＡＩＲＯ", "cairo", "full-width letters (NFKC)"],
  // Hamza forms: the seat without the hamza.
  ["أحمد", "احمد", "alef with hamza above"],
  ["إسلام", "اسلام", "alef with hamza below"],
  ["آمن", "امن", "alef with madda"],
  ["ٱلله", "الله", "alef wasla"],
  ["\u0627\u0654\u062D\u0645\u062F", "احمد", "alef and a combining hamza (composed by NFKC, then folded)"],
  ["مؤمن", "مومن", "waw with hamza"],
  ["رئيس", "رييس", "yeh with hamza"],
  ["سماء", "سماء", "a lone hamza is kept"],
  // Taa marbuta and alef maqsura.
  ["مدرسة", "مدرسه", "taa marbuta"],
  ["مستشفى", "مستشفي", "alef maqsura"],
  // Tatweel and diacritics.
  ["القــاهـرة", "القاهره", "tatweel"],
  ["مُحَمَّدٌ", "محمد", "harakat, shadda and tanween"],
  ["رَحْمٰن", "رحمن", "sukun and superscript alef"],
  ["الرَّحِيمِ ۝", "الرحيم", "a Quranic mark"],
  ["ﻣﺤﻤﺪ", "محمد", "Arabic presentation forms (NFKC)"],
  // Digits.
  ["١٩٥٢", "1952", "Arabic-Indic digits"],
  ["۱۹۵۲", "1952", "Eastern Arabic-Indic (Persian) digits"],
  ["٣٫٥", "3.5", "the Arabic decimal separator"],
  ["٥٠٪", "50%", "the Arabic percent sign"],
  // Invisible characters.
  ["\u200Fالقاهرة\u200E", "القاهره", "right-to-left and left-to-right marks"],
  ["\u202Bcairo\u202C", "cairo", "a right-to-left embedding"],
  ["\u2067cairo\u2069", "cairo", "an isolate"],
  ["\u061Ccairo", "cairo", "the Arabic letter mark"],
  ["ca\u200Bi\u200Dro\uFEFF", "cairo", "zero-width space, joiner and byte-order mark inside a word"],
  ["cai\u00ADro\u2060", "cairo", "a soft hyphen and a word joiner"],
  // Punctuation at the ends only.
  ["Cairo.", "cairo", "a final full stop"],
  ["القاهرة؟", "القاهره", "an Arabic question mark"],
  ["«القاهرة»،", "القاهره", "guillemets and an Arabic comma"],
  ['"Cairo" .', "cairo", "quotes and a spaced full stop"],
  ["e.g.", "e.g", "punctuation inside is kept"],
  ["C#", "c#", "a meaningful final sign is kept"],
  ["C++", "c++", "plus signs are kept"],
  ["-3", "-3", "a minus sign is kept"],
];

describe("normalizeShortAnswer", () => {
  it.each(TABLE)("%j → %j (%s)", (typed, normalized) => {
    expect(normalizeShortAnswer(typed)).toBe(normalized);
  });

  it("is idempotent over the whole table", () => {
    for (const [typed] of TABLE) {
      const once = normalizeShortAnswer(typed);
      expect(normalizeShortAnswer(once), typed).toBe(once);
    }
  });

  it("reduces blank, punctuation-only and marks-only text to nothing", () => {
    for (const typed of ["", "   ", "\u00A0\u200B\u200F", "...", "؟!", "ـــ", "\u064E\u0651"])
      expect(normalizeShortAnswer(typed), JSON.stringify(typed)).toBe("");
  });

  it("handles 10,000 characters of hostile text quickly and whole", () => {
    const started = performance.now();
    expect(normalizeShortAnswer(`${".".repeat(10_000)}x`)).toBe("x");
    expect(normalizeShortAnswer(`x${" .".repeat(5_000)}`)).toBe("x");
    expect(normalizeShortAnswer("\u0640".repeat(10_000))).toBe("");
    expect(normalizeShortAnswer("أ".repeat(10_000))).toBe("ا".repeat(10_000));
    expect(normalizeShortAnswer("\uD800".repeat(10_000))).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("matchesShortAnswer", () => {
  it("matches the Arabic spelling variants against one accepted answer, both sides normalised", () => {
    const accepted = ["القاهرة"];
    for (const typed of ["القاهره", "الْقَاهِرَةُ", "القــاهرة", " القاهرة. ", "\u200Fالقاهرة"])
      expect(matchesShortAnswer(typed, accepted), typed).toBe(true);
    expect(matchesShortAnswer("الاسكندرية", accepted)).toBe(false);
  });

  it("matches when the accepted answer is the one with variants", () => {
    expect(matchesShortAnswer("احمد", ["أحمد"])).toBe(true);
    expect(matchesShortAnswer("1952", ["١٩٥٢"])).toBe(true);
    expect(matchesShortAnswer("مسؤول", ["مسئول"])).toBe(false);
    expect(matchesShortAnswer("مسئول", ["مسؤول", "مسئول"])).toBe(true);
  });

  it("matches any one of several accepted answers, and nothing else", () => {
    const accepted = ["Paris", "باريس"];
    expect(matchesShortAnswer("PARIS", accepted)).toBe(true);
    expect(matchesShortAnswer("بَارِيس", accepted)).toBe(true);
    expect(matchesShortAnswer("Pari", accepted)).toBe(false);
    expect(matchesShortAnswer("Paris France", accepted)).toBe(false);
    expect(matchesShortAnswer("Paris", [])).toBe(false);
  });

  it("never matches an answer that normalises to nothing, even against an empty accepted answer", () => {
    expect(matchesShortAnswer("", [""])).toBe(false);
    expect(matchesShortAnswer("...", ["?", "..."])).toBe(false);
    expect(matchesShortAnswer("  ", ["cairo"])).toBe(false);
  });

  it("keeps digits and letters apart: a digit script is read as digits, never as a letter", () => {
    expect(matchesShortAnswer("٧", ["7"])).toBe(true);
    expect(matchesShortAnswer("۷", ["٧"])).toBe(true);
    expect(matchesShortAnswer("7", ["V"])).toBe(false);
  });
});
