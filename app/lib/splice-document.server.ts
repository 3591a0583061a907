// Byte-level search and replace on the streamed document, for what React should not do on each request
// (docs/decisions/027-document-splices.md): rename React Router's module-loading markup (app/lib/
// defer-module-scripts.server.ts), and fill elements React renders empty with bytes encoded once, such as the
// 60 KB stylesheet and the page's translations, so React never encodes them again.
//
// A pattern may straddle two chunks, so the last few bytes of each chunk wait for the next. What React writes
// in one synchronous flush (the whole shell, typically) leaves as one chunk: fewer, larger writes through the
// web stream and the socket. A later flush (a Suspense boundary resolving) leaves on its own, as it came.
import { Transform } from "node:stream";

export type Splice = {
  /** The exact bytes to find. Only markup React writes can match: in text and attributes it escapes `<` and `"`. */
  readonly from: Buffer;
  readonly to: Buffer;
  /** At most one occurrence is replaced; the pattern is not looked for after it. */
  readonly once?: boolean;
};

type Scan = {
  splice: Splice;
  /** Where the next match starts in the current input, -1 for none. */
  next: number;
};

/**
 * Rewrites `input` with `scans` (each removed once a `once` splice has matched). Returns the rewritten bytes
 * and the unmatched tail that might begin a pattern the next chunk completes (empty when `keepTail` is false).
 */
function rewrite(
  input: Buffer,
  scans: Scan[],
  longest: number,
  keepTail: boolean,
): { out: Buffer[]; rest: Buffer } {
  const out: Buffer[] = [];
  let position = 0;
  const safeEnd = keepTail ? Math.max(0, input.length - (longest - 1)) : input.length;
  for (const scan of scans) scan.next = input.indexOf(scan.splice.from, 0);
  for (;;) {
    let nearest: Scan | undefined;
    for (const scan of scans) {
      if (scan.next !== -1 && scan.next < safeEnd && (!nearest || scan.next < nearest.next)) nearest = scan;
    }
    if (!nearest) break;
    if (nearest.next > position) out.push(input.subarray(position, nearest.next));
    out.push(nearest.splice.to);
    position = nearest.next + nearest.splice.from.length;
    if (nearest.splice.once) scans.splice(scans.indexOf(nearest), 1);
    // Only scans whose match was overtaken need to look again.
    for (const scan of scans)
      if (scan.next !== -1 && scan.next < position) scan.next = input.indexOf(scan.splice.from, position);
  }
  const end = Math.max(position, safeEnd);
  if (end > position) out.push(input.subarray(position, end));
  return { out, rest: input.subarray(end) };
}

export function spliceDocument(splices: readonly Splice[]): Transform {
  const scans: Scan[] = splices
    .filter((splice) => splice.from.length > 0)
    .map((splice) => ({ splice, next: -1 }));
  const longest = Math.max(1, ...scans.map(({ splice }) => splice.from.length));
  let pending: Buffer = Buffer.alloc(0);
  let queued: Buffer[] = [];
  let flushScheduled = false;
  let transform: Transform;
  const pushQueued = () => {
    flushScheduled = false;
    // flush() sends what is queued before the stream ends; a destroyed stream (the client left) takes nothing.
    if (queued.length === 0 || transform.destroyed) return;
    // Always a copy: a splice's bytes are shared by every request and must never leave by reference.
    const chunk = Buffer.concat(queued);
    queued = [];
    transform.push(chunk);
  };
  transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const input = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      // Views of `chunk` are kept without copying: a writer may not change a chunk it has written.
      const { out, rest } = rewrite(input, scans, longest, true);
      pending = rest;
      queued.push(...out);
      if (!flushScheduled && queued.length) {
        flushScheduled = true;
        queueMicrotask(pushQueued);
      }
      callback();
    },
    flush(callback) {
      const { out } = rewrite(pending, scans, longest, false);
      queued.push(...out);
      pushQueued();
      callback();
    },
  });
  return transform;
}
