// shortenAtWord (app/lib/shorten.ts): the one way a description is cut, in English and Arabic.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shortenAtWord } from "../../app/lib/shorten";

const ENGLISH =
  "Build a marketing plan from scratch: audiences, channels, budgets and the numbers that tell you it works.";
const ARABIC =
  "ابنِ خطة تسويقية من الصفر: الجمهور والقنوات والميزانية والأرقام التي تخبرك أنها تنجح في الوصول إلى عملائك.";

/** Every whole-word prefix of `text`, each as it would be kept before the ellipsis. */
function wordPrefixes(text: string): string[] {
  const words = text.split(" ");
  return words.map((_, index) => words.slice(0, index + 1).join(" "));
}

describe("shortenAtWord", () => {
  it("leaves a text that fits as it is (whitespace collapsed), with no ellipsis", () => {
    expect(shortenAtWord(ENGLISH, ENGLISH.length)).toBe(ENGLISH);
    expect(shortenAtWord(ARABIC, 500)).toBe(ARABIC);
    expect(shortenAtWord("  two\n\twords  ", 20)).toBe("two words");
    expect(shortenAtWord("", 10)).toBe("");
  });

  it("cuts English at a word boundary and adds an ellipsis, within the limit", () => {
    expect(shortenAtWord(ENGLISH, 40)).toBe("Build a marketing plan from scratch…");
    // A word that ends exactly at the limit's edge is kept whole.
    expect(shortenAtWord("one two three", 8)).toBe("one two…");
    expect(shortenAtWord("one two three", 7)).toBe("one…");
  });

  it("cuts Arabic at a word boundary too, dropping the dangling Arabic comma or colon", () => {
    const short = shortenAtWord(ARABIC, 30);
    expect(short).toBe("ابنِ خطة تسويقية من الصفر…");
    expect(short.length).toBeLessThanOrEqual(30);
    expect(shortenAtWord("أولًا، ثانيًا، ثالثًا", 14)).toBe("أولًا…");
  });

  it("never ends inside a word and never exceeds the limit, ellipsis included", () => {
    fc.assert(
      fc.property(fc.constantFrom(ENGLISH, ARABIC), fc.integer({ min: 8, max: 140 }), (text, max) => {
        const short = shortenAtWord(text, max);
        expect(short.length).toBeLessThanOrEqual(max);
        if (short === text) return;
        expect(short.endsWith("…")).toBe(true);
        const kept = short.slice(0, -1);
        // What is kept is a run of whole words of the text (less any trailing punctuation).
        expect(wordPrefixes(text).some((prefix) => prefix.replace(/[,.;:!?،؛]+$/u, "") === kept)).toBe(true);
      }),
    );
  });

  it("cuts a first word longer than the limit between code points, as the one exception", () => {
    const url = `https://example.com/${"a".repeat(50)}`;
    expect(shortenAtWord(url, 20)).toBe(`${url.slice(0, 19)}…`);
    expect(shortenAtWord(`${"x".repeat(18)}😀😀`, 20)).toBe(`${"x".repeat(18)}…`);
  });
});
