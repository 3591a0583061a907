// The pure rules of light renditions (issue 36; decision 058): which quality a player plays for each choice,
// connection and readiness of the renditions, when "auto" prefers the light one, and the arguments ffmpeg is
// run with. The files ffmpeg makes with them are measured in tests/integration/renditions.test.ts.
import { describe, expect, it } from "vitest";
import {
  AUDIO_RENDITION,
  type ConnectionHints,
  ffmpegArguments,
  isQualityChoice,
  isRenditionQuality,
  LOW_RENDITION,
  type PlaybackQuality,
  pickQuality,
  prefersLightRendition,
  QUALITY_CHOICES,
  RENDITION_CONTENT_TYPES,
  RENDITION_EXTENSIONS,
  RENDITION_QUALITIES,
  type RenditionState,
} from "../../app/video/renditions";

/** Connections on which the original plays well enough: "auto" keeps the original. */
const FAST: ConnectionHints[] = [
  {},
  { saveData: false },
  { effectiveType: "4g" },
  { downlinkMbps: 10 },
  { downlinkMbps: 1.5 },
  { effectiveType: "4g", downlinkMbps: 1.5, saveData: false },
  // 0 is what a browser reports when it does not know: not a reason to switch.
  { downlinkMbps: 0 },
];

/** Connections that ask for the light rendition: Save-Data, a slow effective type or a slow downlink. */
const SLOW: ConnectionHints[] = [
  { saveData: true },
  { effectiveType: "slow-2g" },
  { effectiveType: "2g" },
  { effectiveType: "3g" },
  { downlinkMbps: 1.49 },
  { downlinkMbps: 0.35 },
  // Any one signal is enough, whatever the others say.
  { saveData: true, effectiveType: "4g", downlinkMbps: 50 },
  { effectiveType: "3g", downlinkMbps: 10 },
  { effectiveType: "4g", downlinkMbps: 1 },
];

const row = (quality: PlaybackQuality, status: RenditionState["status"]): RenditionState => ({
  quality,
  status,
});

/** The renditions a video can have, and what each choice plays with them (fast / slow for "auto"). */
const READINESS: {
  name: string;
  renditions: RenditionState[];
  expected: Record<"autoFast" | "autoSlow" | "high" | "low" | "audio", PlaybackQuality>;
}[] = [
  {
    name: "none asked for yet",
    renditions: [],
    expected: { autoFast: "high", autoSlow: "high", high: "high", low: "high", audio: "high" },
  },
  {
    name: "both pending",
    renditions: [row("low", "pending"), row("audio", "pending")],
    expected: { autoFast: "high", autoSlow: "high", high: "high", low: "high", audio: "high" },
  },
  {
    name: "both failed",
    renditions: [row("low", "failed"), row("audio", "failed")],
    expected: { autoFast: "high", autoSlow: "high", high: "high", low: "high", audio: "high" },
  },
  {
    name: "low ready, audio failed (a silent video)",
    renditions: [row("low", "ready"), row("audio", "failed")],
    expected: { autoFast: "high", autoSlow: "low", high: "high", low: "low", audio: "high" },
  },
  {
    name: "audio ready, low pending",
    renditions: [row("low", "pending"), row("audio", "ready")],
    // "auto" never falls to audio only: a learner who did not ask for it would lose the picture.
    expected: { autoFast: "high", autoSlow: "high", high: "high", low: "high", audio: "audio" },
  },
  {
    name: "audio ready, low failed",
    renditions: [row("audio", "ready"), row("low", "failed")],
    expected: { autoFast: "high", autoSlow: "high", high: "high", low: "high", audio: "audio" },
  },
  {
    name: "both ready",
    renditions: [row("low", "ready"), row("audio", "ready")],
    expected: { autoFast: "high", autoSlow: "low", high: "high", low: "low", audio: "audio" },
  },
];

describe("pickQuality", () => {
  describe.each(READINESS)("with renditions $name", ({ renditions, expected }) => {
    it.each(FAST)("plays what each choice asks on a fast connection %j", (hints) => {
      expect(pickQuality("auto", hints, renditions)).toBe(expected.autoFast);
      expect(pickQuality("high", hints, renditions)).toBe(expected.high);
      expect(pickQuality("low", hints, renditions)).toBe(expected.low);
      expect(pickQuality("audio", hints, renditions)).toBe(expected.audio);
    });

    it.each(SLOW)("plays what each choice asks on a slow connection %j", (hints) => {
      expect(pickQuality("auto", hints, renditions)).toBe(expected.autoSlow);
      // An explicit choice is the learner's, whatever the connection.
      expect(pickQuality("high", hints, renditions)).toBe(expected.high);
      expect(pickQuality("low", hints, renditions)).toBe(expected.low);
      expect(pickQuality("audio", hints, renditions)).toBe(expected.audio);
    });
  });

  it("covers every choice", () => {
    expect([...QUALITY_CHOICES].sort()).toEqual(["audio", "auto", "high", "low"]);
  });

  it("counts a rendition ready only when its own row is ready", () => {
    // Another quality's readiness does not stand in for it.
    expect(pickQuality("low", {}, [row("audio", "ready")])).toBe("high");
    expect(pickQuality("audio", {}, [row("low", "ready")])).toBe("high");
    expect(pickQuality("auto", { saveData: true }, [row("audio", "ready")])).toBe("high");
    // The original's own entry (the player's list starts with it) is no rendition.
    expect(pickQuality("low", {}, [row("high", "ready")])).toBe("high");
    expect(pickQuality("auto", { saveData: true }, [row("high", "ready"), row("audio", "ready")])).toBe(
      "high",
    );
    expect(
      pickQuality("auto", { saveData: true }, [
        row("high", "ready"),
        row("low", "ready"),
        row("audio", "pending"),
      ]),
    ).toBe("low");
    // Any ready row of the quality counts, in any order.
    expect(pickQuality("low", {}, [row("low", "failed"), row("low", "ready")])).toBe("low");
    expect(pickQuality("auto", { effectiveType: "2g" }, [row("audio", "ready"), row("low", "ready")])).toBe(
      "low",
    );
  });

  it("never answers a quality outside high, low and audio", () => {
    const all = READINESS.flatMap(({ renditions }) =>
      QUALITY_CHOICES.flatMap((choice) =>
        [...FAST, ...SLOW].map((hints) => pickQuality(choice, hints, renditions)),
      ),
    );
    expect(new Set(all)).toEqual(new Set(["high", "low", "audio"]));
  });
});

describe("prefersLightRendition", () => {
  it.each(SLOW)("prefers the light rendition on %j", (hints) => {
    expect(prefersLightRendition(hints)).toBe(true);
  });

  it.each(FAST)("keeps the original on %j", (hints) => {
    expect(prefersLightRendition(hints)).toBe(false);
  });

  it("switches strictly below 1.5 Mbit/s", () => {
    expect(prefersLightRendition({ downlinkMbps: 1.5 })).toBe(false);
    expect(prefersLightRendition({ downlinkMbps: 1.4999 })).toBe(true);
    expect(prefersLightRendition({ downlinkMbps: 0.025 })).toBe(true);
  });

  it("ignores downlinks that are no measure: zero, negative, NaN, infinite", () => {
    for (const downlinkMbps of [0, -0, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(prefersLightRendition({ downlinkMbps }), String(downlinkMbps)).toBe(false);
    }
  });

  it("knows only the effective types the Network Information API reports", () => {
    for (const effectiveType of ["4g", "5g", "wifi", "", "unknown", "3G", "2G", " 3g", "slow-3g"]) {
      expect(prefersLightRendition({ effectiveType }), effectiveType).toBe(false);
    }
  });

  it("lets saveData or a slow type win over a fast downlink, and a slow downlink over a fast type", () => {
    expect(prefersLightRendition({ saveData: true, downlinkMbps: 100 })).toBe(true);
    expect(prefersLightRendition({ effectiveType: "slow-2g", downlinkMbps: 100 })).toBe(true);
    expect(prefersLightRendition({ effectiveType: "4g", downlinkMbps: 0.5 })).toBe(true);
    expect(prefersLightRendition({ saveData: false, effectiveType: "4g", downlinkMbps: 0 })).toBe(false);
  });
});

/** The value after `flag` (each flag once), or undefined. */
function valueAfter(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
}

/** Each `-map` value, in order. */
const maps = (args: readonly string[]) => args.flatMap((arg, at) => (arg === "-map" ? [args[at + 1]] : []));

describe("ffmpegArguments", () => {
  const input = "/data/media/videos/some video (1).mp4";

  it("keeps the targets the decision names", () => {
    expect(LOW_RENDITION).toEqual({ maxHeight: 360, videoKbps: 300, audioKbps: 48, maxFps: 30 });
    expect(AUDIO_RENDITION).toEqual({ audioKbps: 48 });
    expect(RENDITION_QUALITIES).toEqual(["low", "audio"]);
    expect(RENDITION_EXTENSIONS).toEqual({ low: "mp4", audio: "m4a" });
    expect(RENDITION_CONTENT_TYPES).toEqual({ low: "video/mp4", audio: "audio/mp4" });
  });

  it("makes the audio rendition from the first audio stream only, as mono AAC at 48 kbps", () => {
    const output = "/tmp/work/audio.m4a";
    const args = ffmpegArguments("audio", input, output);
    expect(args.at(-1)).toBe(output);
    expect(args.filter((arg) => arg === output)).toHaveLength(1);
    expect(valueAfter(args, "-i")).toBe(input);
    expect(args).toContain("-vn");
    expect(maps(args)).toEqual(["0:a:0"]);
    expect(valueAfter(args, "-c:a")).toBe("aac");
    expect(valueAfter(args, "-ac")).toBe("1");
    expect(valueAfter(args, "-b:a")).toBe("48k");
    expect(valueAfter(args, "-movflags")).toBe("+faststart");
    // No video encoding at all.
    for (const flag of ["-c:v", "-b:v", "-vf", "-maxrate"]) expect(args).not.toContain(flag);
  });

  it("makes the low rendition ≤360p, ≤30 fps, 300 kbps H.264 with 48 kbps mono AAC, index up front", () => {
    const output = "/tmp/work/low.mp4";
    const args = ffmpegArguments("low", input, output);
    expect(args.at(-1)).toBe(output);
    expect(args.filter((arg) => arg === output)).toHaveLength(1);
    expect(valueAfter(args, "-i")).toBe(input);
    // The first video stream, and the first audio stream when there is one (the "?").
    expect(maps(args)).toEqual(["0:v:0", "0:a:0?"]);
    const filter = valueAfter(args, "-vf") ?? "";
    // Width follows the aspect ratio (-2: even); height is at most 360 and never upscaled.
    expect(filter).toMatch(/^scale=-2:/);
    expect(filter).toContain("360");
    expect(filter).toContain("min(360,ih)");
    expect(valueAfter(args, "-fpsmax")).toBe("30");
    expect(valueAfter(args, "-c:v")).toBe("libx264");
    expect(valueAfter(args, "-pix_fmt")).toBe("yuv420p");
    expect(valueAfter(args, "-b:v")).toBe("300k");
    const maxrate = Number.parseInt(valueAfter(args, "-maxrate") ?? "", 10);
    expect(maxrate).toBeGreaterThanOrEqual(300);
    expect(maxrate).toBeLessThanOrEqual(360);
    expect(valueAfter(args, "-bufsize")).toMatch(/^\d+k$/);
    expect(valueAfter(args, "-c:a")).toBe("aac");
    expect(valueAfter(args, "-ac")).toBe("1");
    expect(valueAfter(args, "-b:a")).toBe("48k");
    expect(valueAfter(args, "-movflags")).toBe("+faststart");
    expect(args).not.toContain("-vn");
  });

  it.each(RENDITION_QUALITIES)(
    "runs %s unattended: overwrites, reads no stdin, logs only errors",
    (quality) => {
      const args = ffmpegArguments(quality, input, "out");
      expect(args).toContain("-y");
      expect(args).toContain("-nostdin");
      expect(valueAfter(args, "-loglevel")).toBe("error");
      // Options before the input apply to it: only the global ones may come first.
      expect(args.indexOf("-i")).toBeLessThan(args.indexOf("-map"));
      // Arguments, not a shell line: a path with spaces and brackets stays one argument, unquoted.
      expect(args).toContain(input);
      expect(valueAfter(args, "-map_metadata")).toBe("-1");
    },
  );
});

describe("guards", () => {
  it("accepts exactly the qualities and choices", () => {
    for (const choice of QUALITY_CHOICES) expect(isQualityChoice(choice)).toBe(true);
    for (const value of ["", "HIGH", "medium", null, undefined, 1, ["low"]]) {
      expect(isQualityChoice(value)).toBe(false);
      expect(isRenditionQuality(value)).toBe(false);
    }
    expect(isRenditionQuality("low")).toBe(true);
    expect(isRenditionQuality("audio")).toBe(true);
    expect(isRenditionQuality("high")).toBe(false);
    expect(isRenditionQuality("auto")).toBe(false);
  });
});
