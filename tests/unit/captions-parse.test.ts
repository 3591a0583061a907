import { describe, expect, it } from "vitest";
import {
  cuePlainText,
  formatDisplayTimestamp,
  formatTimestamp,
  MAX_CAPTION_BYTES,
  MAX_CUE_TEXT_CHARS,
  MAX_CUES,
  parseCaptions,
  serializeWebVtt,
  transcriptLines,
  validateAgainstDuration,
} from "../../app/captions/captions";

const vtt = (body: string) => `WEBVTT\n\n${body}`;

function errorOf(result: ReturnType<typeof parseCaptions>) {
  if (result.ok) throw new Error("expected a refusal");
  return result.error;
}

function cuesOf(result: ReturnType<typeof parseCaptions>) {
  if (!result.ok) throw new Error(`expected cues, got ${result.error.code} at ${result.error.line}`);
  return result.cues;
}

describe("parseCaptions (WebVTT)", () => {
  it("reads cues as integer milliseconds, with Arabic text and a header comment", () => {
    const cues = cuesOf(
      parseCaptions(
        "WEBVTT - درس\n\nNOTE a comment\n\n1\n00:00:01.000 --> 00:00:02.500\nمرحباً بكم في الدرس\n\n00:03.250 --> 00:05.000 align:start\n<v المدرّب>نبدأ الآن</v>\nسطر ثانٍ\n",
        "vtt",
      ),
    );
    expect(cues).toEqual([
      { startMs: 1000, endMs: 2500, text: "مرحباً بكم في الدرس" },
      { startMs: 3250, endMs: 5000, text: "<v المدرّب>نبدأ الآن</v>\nسطر ثانٍ" },
    ]);
  });

  it("accepts a BOM, CRLF and CR line endings, and UTF-8 bytes", () => {
    const expected = [{ startMs: 0, endMs: 1000, text: "Hello" }];
    expect(cuesOf(parseCaptions("\ufeffWEBVTT\r\n\r\n00:00.000 --> 00:01.000\r\nHello\r\n", "vtt"))).toEqual(
      expected,
    );
    expect(cuesOf(parseCaptions("WEBVTT\r\r00:00.000 --> 00:01.000\rHello\r", "vtt"))).toEqual(expected);
    const bytes = new TextEncoder().encode("\ufeffWEBVTT\n\n00:00.000 --> 00:01.000\nHello\n");
    expect(cuesOf(parseCaptions(bytes, "vtt"))).toEqual(expected);
  });

  it("refuses a file without the WEBVTT header on line 1", () => {
    expect(errorOf(parseCaptions("00:00.000 --> 00:01.000\nHi\n", "vtt"))).toMatchObject({
      code: "missing_header",
      line: 1,
    });
    expect(errorOf(parseCaptions("WEBVTTX\n\n00:00.000 --> 00:01.000\nHi\n", "vtt")).code).toBe(
      "missing_header",
    );
  });

  it("refuses a malformed timestamp with its line", () => {
    expect(
      errorOf(parseCaptions(vtt("00:00.000 --> 00:01.000\nok\n\n00:02.00 --> 00:03.000\nbad\n"), "vtt")),
    ).toMatchObject({ code: "bad_timestamp", line: 6 });
    expect(errorOf(parseCaptions(vtt("00:61.000 --> 00:62.000\nbad\n"), "vtt"))).toMatchObject({
      code: "bad_timestamp",
      line: 3,
    });
    expect(errorOf(parseCaptions(vtt("00:00.000 -> 00:01.000\nbad\n"), "vtt")).code).toBe("malformed");
    expect(errorOf(parseCaptions(vtt("-1:00.000 --> 00:01.000\nbad\n"), "vtt")).code).toBe("bad_timestamp");
  });

  it("refuses hours beyond 99 and a cue ending when it starts", () => {
    expect(errorOf(parseCaptions(vtt("100:00:00.000 --> 100:00:01.000\nlate\n"), "vtt")).code).toBe(
      "bad_timestamp",
    );
    expect(errorOf(parseCaptions(vtt("1000000:00:00.000 --> 1000000:00:01.000\nx\n"), "vtt")).code).toBe(
      "bad_timestamp",
    );
    // 10^20 hours: the two timings are the same float, so the parser already finds the cue ending when it starts.
    expect(
      errorOf(
        parseCaptions(vtt("99999999999999999999:00:00.000 --> 99999999999999999999:00:01.000\nx\n"), "vtt"),
      ).code,
    ).toMatch(/^(bad_timestamp|end_not_after_start)$/);
    expect(errorOf(parseCaptions(vtt("00:02.000 --> 00:02.000\nnothing\n"), "vtt"))).toMatchObject({
      code: "end_not_after_start",
      line: 3,
    });
    expect(errorOf(parseCaptions(vtt("00:03.000 --> 00:02.000\nbackwards\n"), "vtt")).code).toBe(
      "end_not_after_start",
    );
  });

  it("allows overlapping cues but refuses cues out of the order of their start times", () => {
    const overlapping = cuesOf(
      parseCaptions(vtt("00:00.000 --> 00:05.000\nA\n\n00:01.000 --> 00:02.000\nB\n"), "vtt"),
    );
    expect(overlapping.map((cue) => cue.text)).toEqual(["A", "B"]);
    expect(
      errorOf(parseCaptions(vtt("00:05.000 --> 00:06.000\nA\n\n00:01.000 --> 00:02.000\nB\n"), "vtt")),
    ).toMatchObject({ code: "out_of_order", line: 6 });
  });

  it("refuses NUL and undecodable bytes before parsing", () => {
    expect(errorOf(parseCaptions(vtt("00:00.000 --> 00:01.000\nA\0B\n"), "vtt"))).toMatchObject({
      code: "nul",
      line: 4,
    });
    expect(errorOf(parseCaptions(new Uint8Array([0x57, 0x45, 0xff, 0xfe, 0x0a]), "vtt")).code).toBe(
      "not_utf8",
    );
    expect(errorOf(parseCaptions(vtt("00:00.000 --> 00:01.000\nA\ud800B\n"), "vtt"))).toMatchObject({
      code: "not_utf8",
      line: 4,
    });
  });

  it("refuses a file over the size cap, and over the cue cap before parsing", () => {
    expect(errorOf(parseCaptions(vtt("x".repeat(MAX_CAPTION_BYTES)), "vtt")).code).toBe("too_large");
    // Under the cap in characters, over it in UTF-8 bytes (an Arabic letter is two bytes).
    expect(errorOf(parseCaptions(vtt("م".repeat(MAX_CAPTION_BYTES / 2 + 10)), "vtt")).code).toBe("too_large");
    expect(errorOf(parseCaptions(new Uint8Array(MAX_CAPTION_BYTES + 1), "vtt")).code).toBe("too_large");
    const many = Array.from({ length: MAX_CUES + 1 }, () => "00:00.000 --> 00:01.000\n").join("\n");
    expect(errorOf(parseCaptions(vtt(many), "vtt"))).toMatchObject({
      code: "too_many_cues",
      line: 3 + 2 * MAX_CUES,
    });
  });

  it("refuses a cue text over the cap with the line it starts on, and a file with no cues", () => {
    const long = `00:00.000 --> 00:01.000\n${"a".repeat(MAX_CUE_TEXT_CHARS + 1)}\n`;
    expect(errorOf(parseCaptions(vtt(long), "vtt"))).toMatchObject({ code: "cue_text_too_long", line: 4 });
    const exact = `00:00.000 --> 00:01.000\n${"a".repeat(MAX_CUE_TEXT_CHARS)}\n`;
    expect(cuesOf(parseCaptions(vtt(exact), "vtt"))).toHaveLength(1);
    expect(errorOf(parseCaptions("WEBVTT\n\nNOTE only a note\n", "vtt")).code).toBe("no_cues");
  });

  it("does not refuse loose cue text or cue settings: the serializer rewrites them", () => {
    const cues = cuesOf(
      parseCaptions(vtt("00:00.000 --> 00:01.000 line:abc\nQ & A <script>x</script> <i>open\n"), "vtt"),
    );
    expect(cuePlainText(cues[0] ?? { text: "" })).toBe("Q & A x open");
    expect(serializeWebVtt(cues)).toBe("WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nQ &amp; A x <i>open</i>\n");
  });
});

describe("cuePlainText", () => {
  it("strips the inline tags and decodes the WebVTT entities", () => {
    expect(cuePlainText({ text: "<v Sara>Hi <b>there</b></v> &amp; &lt;you&gt;&nbsp;!" })).toBe(
      "Hi there & <you>\u00a0!",
    );
    expect(cuePlainText({ text: "<c.yellow>مرحبا</c> &rlm;<lang ar>عالم</lang>" })).toBe("مرحبا \u200fعالم");
    expect(cuePlainText({ text: "<ruby>漢<rt>kan</rt></ruby>" })).toBe("漢");
    expect(cuePlainText({ text: "a &#0; b" })).toBe("a  b");
  });
});

describe("serializeWebVtt", () => {
  it("writes a normalised file: header, timings, tags without classes, escaped text, no blank lines in cues", () => {
    const out = serializeWebVtt([
      { startMs: 1000, endMs: 2500, text: '<c.red>Hi</c> <v Sara "x">there</v> -->' },
      { startMs: 3_723_004, endMs: 3_724_000, text: "line one\n\nline two" },
      { startMs: 3_724_000, endMs: 3_725_000, text: "" },
    ]);
    expect(out).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n<c>Hi</c> <v Sara "x">there</v> --&gt;\n\n01:02:03.004 --> 01:02:04.000\nline one\nline two\n\n01:02:04.000 --> 01:02:05.000\n',
    );
    const back = cuesOf(parseCaptions(out, "vtt"));
    expect(back.map((cue) => [cue.startMs, cue.endMs, cuePlainText(cue)])).toEqual([
      [1000, 2500, "Hi there -->"],
      [3_723_004, 3_724_000, "line one\nline two"],
      [3_724_000, 3_725_000, ""],
    ]);
  });

  it("drops STYLE, REGION-less settings and NOTE blocks from an uploaded file", () => {
    const cues = cuesOf(
      parseCaptions(
        "WEBVTT\n\nSTYLE\n::cue { color: red }\n\nNOTE hi\n\nid-1\n00:00.000 --> 00:01.000 position:10%\nنص\n",
        "vtt",
      ),
    );
    const out = serializeWebVtt(cues);
    expect(out).toBe("WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nنص\n");
    expect(out).not.toMatch(/STYLE|NOTE|position/);
  });
});

describe("validateAgainstDuration", () => {
  const cues = [
    { startMs: 0, endMs: 1000, text: "a" },
    { startMs: 59_000, endMs: 60_900, text: "b" },
  ];
  it("refuses a cue ending after the video, with a second's slack for the rounded length", () => {
    expect(validateAgainstDuration(cues, 60)).toEqual({ ok: true });
    const refused = validateAgainstDuration(cues, 59);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ code: "beyond_duration", line: null });
    if (!refused.ok) expect(refused.error.message).toContain("Cue 2");
  });
  it("skips the check when the length is unknown", () => {
    expect(validateAgainstDuration(cues, null)).toEqual({ ok: true });
  });
});

describe("transcriptLines", () => {
  it("gives plain one-line text, skips empty cues and merges a repeated line", () => {
    expect(
      transcriptLines([
        { startMs: 0, endMs: 1000, text: "<i>مرحبا</i>\nبكم" },
        { startMs: 1000, endMs: 2000, text: "مرحبا  بكم" },
        { startMs: 2000, endMs: 2500, text: "<b></b>" },
        { startMs: 2500, endMs: 3000, text: "Next &amp; last" },
        { startMs: 3000, endMs: 4000, text: "مرحبا بكم" },
      ]),
    ).toEqual([
      { startMs: 0, endMs: 2000, text: "مرحبا بكم" },
      { startMs: 2500, endMs: 3000, text: "Next & last" },
      { startMs: 3000, endMs: 4000, text: "مرحبا بكم" },
    ]);
  });
});

describe("timestamps", () => {
  it("formats WebVTT and display timestamps", () => {
    expect(formatTimestamp(0)).toBe("00:00:00.000");
    expect(formatTimestamp(3_723_004)).toBe("01:02:03.004");
    expect(formatTimestamp(-5)).toBe("00:00:00.000");
    expect(formatTimestamp(Number.NaN)).toBe("00:00:00.000");
    expect(formatTimestamp(1e15)).toBe("99:59:59.999");
    expect(formatDisplayTimestamp(5_999)).toBe("0:05");
    expect(formatDisplayTimestamp(754_000)).toBe("12:34");
    expect(formatDisplayTimestamp(3_723_004)).toBe("1:02:03");
  });
});
