// Hostile video containers for the fuzz suite (issue 31): MP4 files that pass the sniffer (a real `ftyp`
// box) and then lie in their `moov`/`mvhd` headers — durations of 2^63−1 ticks, a zero timescale, unknown
// versions, box sizes of 0, 1, 7, 2^32−1 or 64-bit sizes past 2^53, boxes cut off half-way.
import fc from "fast-check";

const text = (value: string) => new TextEncoder().encode(value);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function u32(value: number | bigint): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, Number(BigInt(value) & 0xffffffffn));
  return out;
}

function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt.asUintN(64, value));
  return out;
}

/**
 * How a box states its size: honestly, as a 32-bit number that lies (0 = "to the end", 1 = "64-bit follows",
 * 7 = smaller than a header, 2^32−1, or past the end), or as a 64-bit size (honest or past 2^53).
 */
export type BoxSize = { kind: "honest" } | { kind: "u32"; value: number } | { kind: "u64"; value: bigint };

export function box(type: string, payload: Uint8Array, size: BoxSize = { kind: "honest" }): Uint8Array {
  if (size.kind === "u64") {
    const value = size.value < 0n ? BigInt(16 + payload.length) : size.value;
    return concat([u32(1), text(type), u64(value), payload]);
  }
  const value = size.kind === "u32" ? size.value : 8 + payload.length;
  return concat([u32(value), text(type), payload]);
}

/** An `mvhd` box's payload: version, flags, times, timescale and duration (version 1: 64-bit times). */
export function mvhdPayload(version: number, timescale: number, duration: bigint): Uint8Array {
  const rest = new Uint8Array(80); // rate, volume, matrix, pre-defined, next track id
  if (version === 1)
    return concat([new Uint8Array([1, 0, 0, 0]), u64(0n), u64(0n), u32(timescale), u64(duration), rest]);
  return concat([
    new Uint8Array([version & 255, 0, 0, 0]),
    u32(0),
    u32(0),
    u32(timescale),
    u32(duration),
    rest,
  ]);
}

export const FTYP = box("ftyp", concat([text("isom"), u32(512), text("isomiso2avc1mp41")]));

/** The file that broke the server in issue 31: a version-1 mvhd claiming 2^63−1 ticks at 1000 per second. */
export function mvhdBomb(): Uint8Array {
  const moov = box("moov", box("mvhd", mvhdPayload(1, 1000, 2n ** 63n - 1n)));
  return concat([FTYP, moov, box("mdat", new Uint8Array(64))]);
}

const hostileSize: fc.Arbitrary<BoxSize> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<BoxSize>({ kind: "honest" }) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(0, 1, 7, 8, 9, 0x7fffffff, 0xffffffff, 1_000_000)
      .map((value): BoxSize => ({ kind: "u32", value })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(-1n, 0n, 15n, 2n ** 53n + 1n, 2n ** 63n - 1n, 2n ** 64n - 1n)
      .map((value): BoxSize => ({ kind: "u64", value })),
  },
);

const timescale = fc.oneof(
  fc.constantFrom(0, 1, 600, 1000, 90_000, 0xffffffff),
  fc.integer({ min: 0, max: 0xffffffff }),
);

const duration = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0n,
      1n,
      2n ** 31n,
      2n ** 32n - 1n,
      2n ** 53n + 1n,
      2n ** 63n - 1n,
      2n ** 63n,
      2n ** 64n - 2n,
      2n ** 64n - 1n,
    ),
  },
  { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 32n }) },
);

export type HostileVideo = { bytes: Uint8Array; about: string };

/**
 * An MP4 that the sniffer takes for a video (so it reaches the duration reader), with hostile headers: the
 * `mvhd` fields, the sizes of `moov`, `mvhd` and a box before them, and the file cut short at any byte past
 * the sniffed head.
 */
export const hostileMp4: fc.Arbitrary<HostileVideo> = fc
  .record({
    version: fc.constantFrom(0, 1, 1, 2, 255),
    timescale,
    duration,
    mvhdSize: hostileSize,
    moovSize: hostileSize,
    before: fc.option(fc.tuple(fc.constantFrom("free", "mdat", "wide", "skip"), hostileSize), {
      nil: undefined,
    }),
    moovFirst: fc.boolean(),
    cut: fc.option(fc.nat(), { nil: undefined }),
  })
  .map((choice) => {
    const moov = box(
      "moov",
      box("mvhd", mvhdPayload(choice.version, choice.timescale, choice.duration), choice.mvhdSize),
      choice.moovSize,
    );
    const filler = choice.before ? box(choice.before[0], new Uint8Array(32), choice.before[1]) : null;
    const media = box("mdat", new Uint8Array(48));
    const body = choice.moovFirst
      ? [FTYP, ...(filler ? [filler] : []), moov, media]
      : [FTYP, ...(filler ? [filler] : []), media, moov];
    let bytes = concat(body);
    if (choice.cut !== undefined)
      bytes = bytes.subarray(0, 64 + (choice.cut % Math.max(1, bytes.length - 63)));
    const size = (value: BoxSize) => (value.kind === "honest" ? "honest" : `${value.kind} ${value.value}`);
    return {
      bytes,
      about: `mvhd v${choice.version} timescale ${choice.timescale} duration ${choice.duration}, mvhd size ${size(choice.mvhdSize)}, moov size ${size(choice.moovSize)}${choice.before ? `, ${choice.before[0]} size ${size(choice.before[1])}` : ""}${choice.moovFirst ? "" : ", moov last"}${choice.cut !== undefined ? `, cut at ${bytes.length}` : ""}`,
    };
  });
