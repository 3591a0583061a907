// Byte ranges of a stored file (RFC 9110 §14): how the download response (./respond.server.ts) reads a
// Range header, and what the offline allowance counts (app/learning/offline.ts). Pure.
export type RangeAnswer =
  | { kind: "full" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 §14): `a-b`, `a-`, `-n`. Several ranges, other
 * units or malformed values are ignored (the whole file is sent), as servers may; a range starting past the
 * end is unsatisfiable (416).
 */
export function parseRange(header: string | null, size: number): RangeAnswer {
  if (!header) return { kind: "full" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match)
    return /^bytes=/.test(header.trim()) && !header.includes(",")
      ? { kind: "unsatisfiable" }
      : { kind: "full" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "unsatisfiable" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end };
}
