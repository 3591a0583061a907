// WOFF → SFNT (app/lib/woff.server.ts), on the certificate's own fonts: every table comes out whole, at a
// 4-byte boundary, with the checksum the original font recorded for it; anything that is not a sound WOFF
// file is refused rather than turned into a broken font.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "../../app/lib/woff.server";

const require = createRequire(import.meta.url);
const plex = (weight: string) =>
  new Uint8Array(
    readFileSync(
      require.resolve(`@ibm/plex-sans-arabic/fonts/complete/woff/IBMPlexSansArabic-${weight}.woff`),
    ),
  );

const tagOf = (view: DataView, at: number) =>
  String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));

/** The OpenType table checksum: the sum of the table's big-endian 32-bit words, zero-padded. */
function tableChecksum(bytes: Uint8Array, tag: string): number {
  const words = new Uint8Array((bytes.byteLength + 3) & ~3);
  words.set(bytes);
  // head's checksum is taken with its checkSumAdjustment (bytes 8-11) set to zero.
  if (tag === "head") words.fill(0, 8, 12);
  const view = new DataView(words.buffer);
  let sum = 0;
  for (let at = 0; at < words.byteLength; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}

describe("woffToSfnt", () => {
  for (const weight of ["Regular", "SemiBold", "Bold"]) {
    it(`unpacks IBM Plex Sans Arabic ${weight} into the original font's tables`, () => {
      const woff = plex(weight);
      const sfnt = woffToSfnt(woff);
      const woffView = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
      const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
      const numTables = woffView.getUint16(12);
      expect(view.getUint32(0)).toBe(woffView.getUint32(4)); // the flavour (TrueType or CFF)
      expect(view.getUint16(4)).toBe(numTables);
      expect(numTables).toBeGreaterThan(10);
      // The size the WOFF header promises for the decoded font.
      expect(sfnt.byteLength).toBe(woffView.getUint32(16));
      const tags: string[] = [];
      for (let index = 0; index < numTables; index++) {
        const record = 12 + index * 16;
        const tag = tagOf(view, record);
        const offset = view.getUint32(record + 8);
        const length = view.getUint32(record + 12);
        tags.push(tag);
        expect(offset % 4).toBe(0);
        expect(offset + length).toBeLessThanOrEqual(sfnt.byteLength);
        expect(tableChecksum(sfnt.subarray(offset, offset + length), tag)).toBe(view.getUint32(record + 4));
      }
      expect(tags).toEqual([...tags].sort());
      expect(tags).toEqual(expect.arrayContaining(["cmap", "glyf", "GSUB", "head", "hmtx", "loca", "name"]));
    });
  }

  it("refuses what is not a WOFF 1.0 font, and a table that lies outside the file", () => {
    expect(() => woffToSfnt(new Uint8Array(60))).toThrow(/not a WOFF/);
    expect(() =>
      woffToSfnt(new TextEncoder().encode("wOF2 and more bytes than a header needs, really")),
    ).toThrow(/not a WOFF/);
    const woff = plex("Regular");
    expect(() => woffToSfnt(woff.subarray(0, 4_000))).toThrow(/outside the file/);
  });
});
