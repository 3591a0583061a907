// Whether an uploaded PDF carries things a viewer would run: JavaScript (`/JavaScript`, `/JS`), additional
// actions that fire on events (`/AA`), launch actions (`/Launch`) and XFA forms (which carry scripts). Lesson
// PDFs are documents to read; none needs any of these. Decision 044 says why we scan the bytes ourselves
// and what this cannot see. Pure: unit-tested in tests/unit/pdf-active-content.test.ts.
//
// The scan is a small PDF lexer, not a regular expression over the file: names are read as tokens (with
// their `#xx` escapes decoded, so `/J#61vaScript` is `/JavaScript`), literal and hex strings and comments are
// skipped (a word inside a string is not a key), stream data is skipped (compressed bytes would otherwise
// match `/JS` by chance), and object streams (`/Type /ObjStm`, where PDF 1.5+ keeps most dictionaries) are
// inflated and lexed too. What cannot be read — an object stream with another filter, or one that does not
// inflate (an encrypted file), or one past the inflate budget — is "unchecked", and refused like the rest.
import { constants, inflateSync } from "node:zlib";

/** Names whose presence as a key or value means the document can act on its own. */
const ACTIVE_NAMES = new Set(["JavaScript", "JS", "AA", "Launch", "XFA"]);

/** Bytes all object streams of one file may inflate to together: a 20 MB PDF is far below this. */
const INFLATE_BUDGET = 128 * 1024 * 1024;

export type PdfActiveContent =
  | { ok: true }
  | { ok: false; reason: "active_content"; name: string }
  | { ok: false; reason: "unchecked"; why: string };

/** Byte classes of the PDF lexer (ISO 32000 §7.2.2): 1 whitespace, 2 delimiter, 0 regular. */
const CLASS = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[byte] = 1;
for (const byte of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[byte] = 2; // ()<>[]{}/%
const isWhitespace = (byte: number | undefined) => byte !== undefined && CLASS[byte] === 1;

/** The names an object's dictionary may use to say it is an object stream, and how it is encoded. */
const STREAM_NAMES =
  /^(ObjStm|Filter|DecodeParms|DP|FlateDecode|Fl|LZWDecode|LZW|ASCII85Decode|A85|ASCIIHexDecode|AHx|RunLengthDecode|RL|Crypt)$/;

function indexOf(bytes: Uint8Array, word: string, from: number): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(word, from, "latin1");
}

function startsWith(bytes: Uint8Array, word: string, at: number): boolean {
  if (at < 0 || at + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[at + i] !== word.charCodeAt(i)) return false;
  return true;
}

type Scan = {
  /** Bytes inflated so far, and the most all object streams may inflate to. */
  inflated: number;
  limit: number;
  /** The whole file, and (built once, when a length is indirect) the integers its objects hold. */
  file: Uint8Array;
  integers?: Map<string, number>;
};

/** `12 0 obj`: where an indirect object starts. */
const OBJECT_HEADER = /(?:^|[^0-9])\d{1,10}\s+\d{1,5}\s+obj\b/;

/** The integer that indirect object `number generation` holds (the last definition wins), or null. */
function indirectInteger(budget: Scan, number: number, generation: number): number | null {
  if (!budget.integers) {
    budget.integers = new Map();
    const { file } = budget;
    const text = Buffer.from(file.buffer, file.byteOffset, file.byteLength).toString("latin1");
    for (const match of text.matchAll(/(?:^|[^0-9])(\d{1,10})\s+(\d{1,5})\s+obj\s*(\d{1,12})\s*endobj/g))
      budget.integers.set(`${Number(match[1])} ${Number(match[2])}`, Number(match[3]));
  }
  return budget.integers.get(`${number} ${generation}`) ?? null;
}

/**
 * Lexes `bytes` (a whole file, or the inflated body of an object stream, where `streams` is false) and stops
 * at the first active name or at what it cannot read.
 */
function scan(bytes: Uint8Array, streams: boolean, budget: Scan): PdfActiveContent {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // What the current object's dictionary said so far: enough to recognise an object stream and its filter,
  // and its length (`/Length 120`, or `/Length 12 0 R` from the two numbers before the R).
  let names: string[] = [];
  let lastName = "";
  let numbers = 0;
  let previous = 0;
  let last = 0;
  let lengthValue: number | null = null;
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const byte = bytes[i] as number;
    const kind = CLASS[byte];
    if (kind === 1) {
      i++;
    } else if (kind === 0) {
      const start = i;
      let value = 0;
      let digits = true;
      while (i < n && CLASS[bytes[i] as number] === 0) {
        const c = bytes[i] as number;
        if (c >= 0x30 && c <= 0x39) value = value * 10 + (c - 0x30);
        else digits = false;
        i++;
      }
      if (digits && i - start <= 12) {
        if (lastName === "Length" && numbers === 0) lengthValue = value;
        previous = last;
        last = value;
        numbers++;
        continue;
      }
      // Only four keywords matter here: obj, endobj, stream and R.
      const first = bytes[start];
      const word =
        i - start <= 6 && (first === 0x6f || first === 0x65 || first === 0x73 || first === 0x52)
          ? text.toString("latin1", start, i)
          : "";
      // `/Length 12 0 R`: the length is another object's; read it there.
      if (word === "R" && lastName === "Length" && numbers === 2)
        lengthValue = indirectInteger(budget, previous, last);
      numbers = 0;
      lastName = "";
      if (word === "obj" || word === "endobj") {
        names = [];
        lengthValue = null;
      } else if (word === "stream" && streams) {
        const skipped = skipStream(bytes, i, names, lengthValue, budget);
        if (!skipped.ok) return skipped.problem;
        i = skipped.next;
        names = [];
        lengthValue = null;
      }
    } else if (byte === 0x2f) {
      // /Name, with #xx escapes decoded
      const start = ++i;
      while (i < n && CLASS[bytes[i] as number] === 0) i++;
      // Every name that matters is at most 15 characters, 45 when each is written as #xx.
      let name = i - start <= 45 ? text.toString("latin1", start, i) : "";
      if (name.includes("#"))
        name = name.replace(/#([0-9a-fA-F]{2})/g, (_: string, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
      if (ACTIVE_NAMES.has(name)) return { ok: false, reason: "active_content", name };
      if (STREAM_NAMES.test(name)) names.push(name);
      lastName = name;
      numbers = 0;
    } else if (byte === 0x25) {
      // % comment, to the end of the line
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (byte === 0x28) {
      // ( literal string ), balanced parentheses, backslash escapes
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const c = bytes[i];
        if (c === 0x5c) i += 2;
        else {
          if (c === 0x28) depth++;
          else if (c === 0x29) depth--;
          i++;
        }
      }
      lastName = "";
      numbers = 0;
    } else if (byte === 0x3c && bytes[i + 1] === 0x3c) {
      // << a dictionary starts (both brackets, or the second would read as a hex string)
      i += 2;
    } else if (byte === 0x3c) {
      // < hex string >
      const close = text.indexOf(0x3e, i + 1);
      i = close < 0 ? n : close + 1;
      lastName = "";
      numbers = 0;
    } else {
      // >> [ ] { } and a stray >
      i++;
      lastName = "";
      numbers = 0;
    }
  }
  return { ok: true };
}

/**
 * Steps over the data of a stream starting after the `stream` keyword at `at`: to `/Length` bytes on when
 * `endstream` is there, else to the next `endstream` (as viewers recover). An object stream's data is
 * inflated and lexed first.
 */
function skipStream(
  bytes: Uint8Array,
  at: number,
  names: string[],
  length: number | null,
  budget: Scan,
): { ok: true; next: number } | { ok: false; problem: PdfActiveContent } {
  let start = at;
  if (bytes[start] === 0x0d) start++;
  if (bytes[start] === 0x0a) start++;
  let end = -1;
  if (length !== null && Number.isSafeInteger(length) && start + length <= bytes.length) {
    let after = start + length;
    while (after < bytes.length && isWhitespace(bytes[after])) after++;
    if (startsWith(bytes, "endstream", after)) end = start + length;
  }
  const verified = end >= 0;
  if (end < 0) {
    end = indexOf(bytes, "endstream", start);
    if (end < 0) end = bytes.length;
  }
  const next = Math.min(bytes.length, end + "endstream".length);
  const data = bytes.subarray(start, end);
  // Viewers find objects by the offsets in the cross-reference table, not by lexing: an object written inside
  // another stream's data (whose length could not be verified, or which holds an object header) is still an
  // object to them, so those bytes are lexed as well.
  if (
    !verified ||
    OBJECT_HEADER.test(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("latin1"))
  ) {
    const inner = scan(data, false, budget);
    if (!inner.ok) return { ok: false, problem: inner };
  }
  if (!names.includes("ObjStm")) return { ok: true, next };

  const filters = names.filter((name) =>
    /^(FlateDecode|Fl|LZWDecode|LZW|ASCII85Decode|A85|ASCIIHexDecode|AHx|RunLengthDecode|RL|Crypt)$/.test(
      name,
    ),
  );
  let body: Uint8Array;
  if (filters.length === 0 && !names.includes("Filter")) body = data;
  else if (
    filters.length === 1 &&
    (filters[0] === "FlateDecode" || filters[0] === "Fl") &&
    !names.includes("DecodeParms") &&
    !names.includes("DP")
  ) {
    try {
      body = inflateSync(data, {
        maxOutputLength: Math.max(1, budget.limit - budget.inflated),
        // Tolerate a stream cut short, as viewers do: what did inflate is still read.
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch {
      return {
        ok: false,
        problem: { ok: false, reason: "unchecked", why: "object stream does not inflate" },
      };
    }
    budget.inflated += body.length;
  } else {
    return {
      ok: false,
      problem: { ok: false, reason: "unchecked", why: `object stream filter ${filters.join(" ")}` },
    };
  }
  const inner = scan(body, false, budget);
  return inner.ok ? { ok: true, next } : { ok: false, problem: inner };
}

/** The verdict on a PDF's bytes: fine, carrying active content (which name), or not checkable. */
export function pdfActiveContent(
  bytes: Uint8Array,
  { inflateBudget = INFLATE_BUDGET }: { inflateBudget?: number } = {},
): PdfActiveContent {
  return scan(bytes, true, { inflated: 0, limit: inflateBudget, file: bytes });
}
