// Hostile caption files: whatever arrives, parseCaptions answers cues or a refusal with a known code and a
// 1-based line (or none), never throws, and what it accepts survives parse → serialize → parse.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CaptionErrorCode,
  type CaptionResult,
  type Cue,
  cueOrder,
  cuePlainText,
  formatTimestamp,
  MAX_CAPTION_BYTES,
  MAX_CUES,
  MAX_TIMESTAMP_MS,
  parseCaptions,
  serializeWebVtt,
} from "../../app/captions/captions";

const SEED = 36;
const CODES: readonly CaptionErrorCode[] = [
  "too_large",
  "not_utf8",
  "nul",
  "too_many_cues",
  "missing_header",
  "bad_timestamp",
  "end_not_after_start",
  "out_of_order",
  "cue_text_too_long",
  "malformed",
  "no_cues",
  "beyond_duration",
];

/** A well-formed answer: cues in order with integer, increasing timings, or a known code with a sane line. */
function expectWellFormed(result: CaptionResult, lineCount: number) {
  if (result.ok) {
    expect(result.cues.length).toBeGreaterThan(0);
    expect(result.cues.length).toBeLessThanOrEqual(MAX_CUES);
    let previous = 0;
    for (const cue of result.cues) {
      expect(Number.isInteger(cue.startMs) && Number.isInteger(cue.endMs)).toBe(true);
      expect(cue.startMs).toBeGreaterThanOrEqual(previous);
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
      expect(cue.endMs).toBeLessThanOrEqual(MAX_TIMESTAMP_MS);
      expect(cue.text).not.toContain("\0");
      previous = cue.startMs;
    }
  } else {
    expect(CODES).toContain(result.error.code);
    expect(result.error.message.length).toBeGreaterThan(0);
    if (result.error.line !== null) {
      expect(Number.isInteger(result.error.line)).toBe(true);
      expect(result.error.line).toBeGreaterThanOrEqual(1);
      expect(result.error.line).toBeLessThanOrEqual(lineCount + 1);
    }
  }
}

const lineCount = (text: string) => text.split(/\r\n|\r|\n/).length;

const arabic = fc.constantFrom("مرحباً", "الدرس الأول", "نص عربي", "١٢٣", "مُدرِّب", "؟");
const bidi = fc.constantFrom("\u200e", "\u200f", "\u061c", "\u202b", "\u202c", "\u2067", "\u2069");
const textPiece = fc.oneof(
  arabic,
  bidi,
  fc.constantFrom(
    "Hello",
    "<i>",
    "</i>",
    "<b>x</b>",
    "<v Sara>",
    "</v>",
    "<c.red>",
    "&amp;",
    "&lt;",
    "&",
    "<",
    ">",
  ),
  fc.constantFrom(
    "-->",
    "NOTE",
    "STYLE",
    "WEBVTT",
    "<script>alert(1)</script>",
    "&#0;",
    "&#55296;",
    "<00:00:01.000>",
  ),
  fc.string({ maxLength: 8 }),
);
const brokenTime = fc.oneof(
  fc.constantFrom("00:00:01.000", "00:01.500", "01:02:03.004", "99:59:59.999", "00:00:01,000"),
  fc.constantFrom("00:60.000", "0:1.0", "00:00.00", "-00:01.000", "1e3:00.000", "٠٠:٠١.٠٠٠", "00:00:00.0000"),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map((hours) => `${hours}:00:00.000`),
  fc.integer({ min: -5, max: 200 }).map((n) => `${n}:${n}:${n}.${n}`),
  fc.string({ maxLength: 12 }),
);
const hostileLine = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(brokenTime, brokenTime).map(([a, b]) => `${a} --> ${b}`) },
  { weight: 3, arbitrary: fc.array(textPiece, { maxLength: 6 }).map((parts) => parts.join(" ")) },
  { weight: 1, arbitrary: fc.constantFrom("", "", " ", "\t", "1", "42", "\0", "\ufeff", "NOTE x", "STYLE") },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);
const newline = fc.constantFrom("\n", "\r\n", "\r");
const hostileFile = (header: fc.Arbitrary<string>) =>
  fc
    .tuple(header, fc.array(fc.tuple(hostileLine, newline), { maxLength: 40 }))
    .map(([head, lines]) => head + lines.map(([line, end]) => line + end).join(""));

describe("caption fuzz", () => {
  it("answers any string, lone surrogates included, without throwing", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.constantFrom("vtt", "srt" as const),
        (text, format) => {
          expectWellFormed(parseCaptions(text, format), lineCount(text));
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("answers random bytes without throwing", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom("vtt", "srt" as const),
        (bytes, format) => {
          expectWellFormed(parseCaptions(bytes, format), lineCount(new TextDecoder().decode(bytes)));
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("answers hostile WebVTT and SRT lines: broken timestamps, huge hours, NUL, BOM, CR, tags, Arabic and bidi marks", () => {
    const header = fc.constantFrom(
      "WEBVTT\n\n",
      "\ufeffWEBVTT\r\n\r\n",
      "WEBVTT - عربي\r\r",
      "",
      "1\n",
      "WEBVTT\n",
    );
    fc.assert(
      fc.property(hostileFile(header), fc.constantFrom("vtt", "srt" as const), (text, format) => {
        expectWellFormed(parseCaptions(text, format), lineCount(text));
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  const cueText = fc.array(fc.oneof(textPiece, newline), { maxLength: 8 }).map((parts) => parts.join(""));
  const cueList = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 1, max: 30_000 }), cueText), {
      minLength: 1,
      maxLength: 25,
    })
    .map((drawn) => {
      let start = 0;
      return drawn.map(([gap, length, text]): Cue => {
        start += gap;
        return { startMs: start, endMs: start + length, text };
      });
    });

  it("keeps the cues through parse → serialize → parse, and serializing is idempotent", () => {
    fc.assert(
      fc.property(cueList, (cues) => {
        const served = serializeWebVtt(cues);
        // No block is a STYLE, REGION or NOTE (those words inside cue text are only text).
        expect(served).not.toMatch(/\n\n(STYLE|NOTE|REGION)/);
        expect(served).not.toMatch(/<script|<\/?[a-z]+\.[a-z]/i);
        const back = parseCaptions(served, "vtt");
        if (!back.ok)
          throw new Error(`${back.error.code} at ${back.error.line}: ${back.error.message}\n${served}`);
        const ordered = [...cues].sort(cueOrder);
        expect(back.cues.map((cue) => [cue.startMs, cue.endMs])).toEqual(
          ordered.map((cue) => [cue.startMs, cue.endMs]),
        );
        expect(serializeWebVtt(back.cues)).toBe(served);
        const again = parseCaptions(serializeWebVtt(back.cues), "vtt");
        expect(again.ok && again.cues.map(cuePlainText)).toEqual(back.cues.map(cuePlainText));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("keeps plain Arabic and English cue text exactly, bidi marks included", () => {
    const plain = fc
      .array(fc.oneof(arabic, bidi, fc.constantFrom("Hello", "lesson 1", "١٢٣", " ")), {
        minLength: 1,
        maxLength: 6,
      })
      .map((parts) => `x${parts.join("")}`);
    fc.assert(
      fc.property(fc.array(plain, { minLength: 1, maxLength: 10 }), (texts) => {
        const cues = texts.map((text, i) => ({ startMs: i * 1000, endMs: i * 1000 + 900, text }));
        const back = parseCaptions(serializeWebVtt(cues), "vtt");
        expect(back.ok && back.cues).toEqual(cues);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("reads SRT written from cues back to the same timings", () => {
    const srtTime = (ms: number) => formatTimestamp(ms).replace(".", ",");
    fc.assert(
      fc.property(cueList, newline, fc.boolean(), (cues, end, numbered) => {
        const srt = cues
          .map((cue, i) => {
            const text = cue.text
              .split(/\r\n|\r|\n/)
              .filter((line) => line.trim() !== "" && !line.includes("-->"));
            return [
              ...(numbered ? [String(i + 1)] : []),
              `${srtTime(cue.startMs)} --> ${srtTime(cue.endMs)}`,
              ...text,
            ]
              .filter((line) => !/^\s*\d+\s*$/.test(line) || line === String(i + 1))
              .join(end);
          })
          .join(end + end);
        const back = parseCaptions(srt, "srt");
        if (!back.ok) throw new Error(`${back.error.code} at ${back.error.line}\n${srt}`);
        const ordered = [...cues].sort(cueOrder);
        expect(back.cues.map((cue) => [cue.startMs, cue.endMs])).toEqual(
          ordered.map((cue) => [cue.startMs, cue.endMs]),
        );
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("refuses 100 000 cues by the size cap and 5 001 small ones by the cue cap, quickly", () => {
    const cue = "00:00.000 --> 00:01.000\nx\n\n";
    for (const format of ["vtt", "srt"] as const) {
      const huge = `WEBVTT\n\n${cue.repeat(100_000)}`;
      let started = performance.now();
      const big = parseCaptions(huge, format);
      expect(big.ok || big.error.code).toBe("too_large");
      expect(performance.now() - started).toBeLessThan(1000);
      const many = `WEBVTT\n\n${"0:0-->\n\n".repeat(MAX_CUES + 1)}`;
      expect(many.length).toBeLessThan(MAX_CAPTION_BYTES);
      started = performance.now();
      const counted = parseCaptions(many, format);
      expect(counted.ok || counted.error.code).toBe("too_many_cues");
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it("answers very long lines without throwing", () => {
    for (const format of ["vtt", "srt"] as const) {
      for (const line of [
        "a".repeat(900_000),
        `00:00.000 --> 00:01.000 ${"x:".repeat(400_000)}`,
        "<".repeat(900_000),
      ]) {
        const text = `WEBVTT\n\n00:00.000 --> 00:01.000\n${line}\n`;
        const result = parseCaptions(text, format);
        expectWellFormed(result, lineCount(text));
        expect(result.ok).toBe(false);
      }
    }
  });
});
