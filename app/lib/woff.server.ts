// WOFF 1.0 → plain SFNT (TrueType/OpenType) bytes, per https://www.w3.org/TR/WOFF/.
//
// Why: the certificate PDF embeds a subset of IBM Plex Sans Arabic, which the package ships only as WOFF and
// WOFF2. fontkit reads a WOFF font's tables by inflating them again on every access, and subsetting reads
// the glyph table once per glyph: about 80% of a certificate's render time went to inflating the same
// tables (~1.2 s a render on this machine, the server's event loop blocked throughout). A WOFF font's tables
// are the original font's tables, each zlib-compressed, so unpacking them once gives the same font.
import { inflateSync } from "node:zlib";

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER_SIZE = 44;
const WOFF_TABLE_ENTRY_SIZE = 20;
const SFNT_HEADER_SIZE = 12;
const SFNT_TABLE_RECORD_SIZE = 16;

type TableEntry = { tag: number; offset: number; compLength: number; origLength: number; checksum: number };

const padded = (length: number) => (length + 3) & ~3;

export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const input = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.byteLength < WOFF_HEADER_SIZE || input.getUint32(0) !== WOFF_SIGNATURE) {
    throw new Error("woffToSfnt: not a WOFF 1.0 font");
  }
  const flavor = input.getUint32(4);
  const numTables = input.getUint16(12);
  const tables: TableEntry[] = [];
  for (let index = 0; index < numTables; index++) {
    const at = WOFF_HEADER_SIZE + index * WOFF_TABLE_ENTRY_SIZE;
    tables.push({
      tag: input.getUint32(at),
      offset: input.getUint32(at + 4),
      compLength: input.getUint32(at + 8),
      origLength: input.getUint32(at + 12),
      checksum: input.getUint32(at + 16),
    });
  }
  const data = tables.map(({ offset, compLength, origLength }) => {
    if (offset + compLength > woff.byteLength) throw new Error("woffToSfnt: a table lies outside the file");
    const stored = woff.subarray(offset, offset + compLength);
    const table = compLength < origLength ? inflateSync(stored) : stored;
    if (table.byteLength !== origLength) throw new Error("woffToSfnt: a table has the wrong length");
    return table;
  });

  const directorySize = SFNT_HEADER_SIZE + numTables * SFNT_TABLE_RECORD_SIZE;
  const size = data.reduce((total, table) => total + padded(table.byteLength), directorySize);
  const sfnt = new Uint8Array(size);
  const output = new DataView(sfnt.buffer);
  let power = 1;
  while (power * 2 <= numTables) power *= 2;
  output.setUint32(0, flavor);
  output.setUint16(4, numTables);
  output.setUint16(6, power * 16);
  output.setUint16(8, Math.log2(power));
  output.setUint16(10, numTables * 16 - power * 16);
  // WOFF keeps its directory sorted by tag, as SFNT requires; the tables follow in the same order.
  let offset = directorySize;
  tables.forEach((table, index) => {
    const bytes = data[index] as Uint8Array;
    const record = SFNT_HEADER_SIZE + index * SFNT_TABLE_RECORD_SIZE;
    output.setUint32(record, table.tag);
    output.setUint32(record + 4, table.checksum);
    output.setUint32(record + 8, offset);
    output.setUint32(record + 12, bytes.byteLength);
    sfnt.set(bytes, offset);
    offset += padded(bytes.byteLength);
  });
  return sfnt;
}
