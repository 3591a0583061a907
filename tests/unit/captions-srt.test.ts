import { describe, expect, it } from "vitest";
import { cuePlainText, MAX_CUE_TEXT_CHARS, parseCaptions, srtToWebVtt } from "../../app/captions/captions";

function cuesOf(result: ReturnType<typeof parseCaptions>) {
  if (!result.ok) throw new Error(`expected cues, got ${result.error.code} at ${result.error.line}`);
  return result.cues;
}

function errorOf(result: ReturnType<typeof parseCaptions>) {
  if (result.ok) throw new Error("expected a refusal");
  return result.error;
}

const SAMPLE =
  "1\n00:00:01,000 --> 00:00:02,500\nمرحباً بكم\n\n2\n00:00:03,000 --> 00:00:05,250\nHello <i>world</i>\nsecond line\n";

describe("SRT to WebVTT", () => {
  it("reads numbered blocks with comma milliseconds, Arabic text kept", () => {
    expect(cuesOf(parseCaptions(SAMPLE, "srt"))).toEqual([
      { startMs: 1000, endMs: 2500, text: "مرحباً بكم" },
      { startMs: 3000, endMs: 5250, text: "Hello <i>world</i>\nsecond line" },
    ]);
  });

  it("converts to a normalised WebVTT file that parses back to the same cues", () => {
    const converted = srtToWebVtt(SAMPLE);
    expect(converted).toEqual({
      ok: true,
      vtt: "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nمرحباً بكم\n\n00:00:03.000 --> 00:00:05.250\nHello <i>world</i>\nsecond line\n",
    });
    if (converted.ok)
      expect(cuesOf(parseCaptions(converted.vtt, "vtt"))).toEqual(cuesOf(parseCaptions(SAMPLE, "srt")));
  });

  it("takes CRLF, CR, a BOM, extra blank or white-space lines, no numbers and no blank line between blocks", () => {
    const expected = cuesOf(parseCaptions(SAMPLE, "srt"));
    expect(cuesOf(parseCaptions(`\ufeff${SAMPLE.replace(/\n/g, "\r\n")}`, "srt"))).toEqual(expected);
    expect(cuesOf(parseCaptions(SAMPLE.replace(/\n/g, "\r"), "srt"))).toEqual(expected);
    expect(cuesOf(parseCaptions(`\n\n \t\n${SAMPLE.replace("\n\n2", "\n  \n\n\n2")}\n\n\n`, "srt"))).toEqual(
      expected,
    );
    expect(
      cuesOf(
        parseCaptions(
          "00:00:01,000 --> 00:00:02,500\nمرحباً بكم\n2\n00:00:03.000 --> 00:00:05.250 X1:10 X2:20 Y1:5 Y2:6\nHello <i>world</i>\nsecond line",
          "srt",
        ),
      ),
    ).toEqual(expected);
  });

  it("keeps <i>, <b> and <u>, drops <font> and {\\an8}, escapes the rest", () => {
    const [cue] = cuesOf(
      parseCaptions(
        '1\n00:00:00,000 --> 00:00:01,000\n{\\an8}<font color="#ff0000"><B>Q & A</B></font> <script>x</script> 1 < 2\n',
        "srt",
      ),
    );
    expect(cue?.text).toBe("<b>Q &amp; A</b> x 1 &lt; 2");
    expect(cuePlainText(cue ?? { text: "" })).toBe("Q & A x 1 < 2");
    const [unclosed] = cuesOf(parseCaptions("1\n00:00:00,000 --> 00:00:01,000\n<i>unclosed\n", "srt"));
    expect(unclosed?.text).toBe("<i>unclosed</i>");
  });

  it("allows a cue without text and overlapping cues", () => {
    expect(
      cuesOf(
        parseCaptions("1\n00:00:00,000 --> 00:00:04,000\n\n2\n00:00:01,000 --> 00:00:02,000\nB\n", "srt"),
      ),
    ).toEqual([
      { startMs: 0, endMs: 4000, text: "" },
      { startMs: 1000, endMs: 2000, text: "B" },
    ]);
  });

  it("refuses garbage with the line where it goes wrong", () => {
    expect(errorOf(parseCaptions("hello there\n", "srt"))).toMatchObject({ code: "malformed", line: 1 });
    expect(errorOf(parseCaptions(`${SAMPLE}\n3\nno timings\n`, "srt"))).toMatchObject({
      code: "malformed",
      line: 11,
    });
    expect(errorOf(parseCaptions("1\n00:00:01 --> 00:00:02\nx\n", "srt"))).toMatchObject({
      code: "bad_timestamp",
      line: 2,
    });
    expect(errorOf(parseCaptions("1\n00:61:00,000 --> 00:62:00,000\nx\n", "srt"))).toMatchObject({
      code: "bad_timestamp",
      line: 2,
    });
    expect(errorOf(parseCaptions("1\n100:00:00,000 --> 100:00:01,000\nx\n", "srt")).code).toBe(
      "bad_timestamp",
    );
    expect(errorOf(parseCaptions("1\n-00:00:01,000 --> 00:00:02,000\nx\n", "srt")).code).toBe(
      "bad_timestamp",
    );
    expect(errorOf(parseCaptions("1\n00:00:02,000 --> 00:00:01,000\nx\n", "srt"))).toMatchObject({
      code: "end_not_after_start",
      line: 2,
    });
    expect(
      errorOf(
        parseCaptions("1\n00:00:05,000 --> 00:00:06,000\na\n\n2\n00:00:01,000 --> 00:00:02,000\nb\n", "srt"),
      ),
    ).toMatchObject({ code: "out_of_order", line: 6 });
    expect(errorOf(parseCaptions("", "srt")).code).toBe("no_cues");
    expect(errorOf(parseCaptions("1\n00:00:00,000 --> 00:00:01,000\nA\0\n", "srt"))).toMatchObject({
      code: "nul",
      line: 3,
    });
  });

  it("refuses a cue text over the cap", () => {
    const long = `1\n00:00:00,000 --> 00:00:01,000\n${"ن".repeat(MAX_CUE_TEXT_CHARS + 1)}\n`;
    expect(errorOf(parseCaptions(long, "srt"))).toMatchObject({ code: "cue_text_too_long", line: 3 });
  });
});
