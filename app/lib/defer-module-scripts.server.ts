// Renames the elements through which React Router's <Scripts> makes the browser fetch the page's modules
// while it parses the document; START_SCRIPTS recreates them after the first paint (app/lib/deferred-scripts.server.ts).
// A stream transform because the document is streamed: a pattern may straddle two chunks, so the last few
// bytes of each chunk wait for the next. Only markup React Router writes can match: in page text React
// escapes the quotes (&quot;), and in the JSON the page carries they are escaped (\").
import { Transform } from "node:stream";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from "./deferred-scripts.server";

const REPLACEMENTS: [Buffer, Buffer][] = [
  [Buffer.from('rel="modulepreload"'), Buffer.from(`rel="${DEFERRED_PRELOAD_REL}"`)],
  [Buffer.from(' type="module" async=""'), Buffer.from(` type="${DEFERRED_MODULE_TYPE}" async=""`)],
];
const LONGEST = Math.max(...REPLACEMENTS.map(([from]) => from.length));

/** Rewrites `input` from `start`; returns the rewritten bytes up to `end` and where the unmatched tail begins. */
function rewrite(input: Buffer, keepTail: boolean): { out: Buffer; rest: Buffer } {
  const parts: Buffer[] = [];
  let position = 0;
  // Bytes after `safeEnd` might begin a pattern that the next chunk completes.
  const safeEnd = keepTail ? Math.max(0, input.length - (LONGEST - 1)) : input.length;
  while (position < safeEnd) {
    let nearest = -1;
    let match: [Buffer, Buffer] | undefined;
    for (const replacement of REPLACEMENTS) {
      const index = input.indexOf(replacement[0], position);
      if (index !== -1 && index < safeEnd && (nearest === -1 || index < nearest)) {
        nearest = index;
        match = replacement;
      }
    }
    if (!match) break;
    parts.push(input.subarray(position, nearest), match[1]);
    position = nearest + match[0].length;
  }
  const end = Math.max(position, safeEnd);
  parts.push(input.subarray(position, end));
  return { out: Buffer.concat(parts), rest: input.subarray(end) };
}

export function deferModuleScripts(): Transform {
  let pending: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const { out, rest } = rewrite(pending.length ? Buffer.concat([pending, chunk]) : chunk, true);
      pending = Buffer.from(rest);
      callback(null, out.length ? out : undefined);
    },
    flush(callback) {
      const { out } = rewrite(pending, false);
      callback(null, out.length ? out : undefined);
    },
  });
}
