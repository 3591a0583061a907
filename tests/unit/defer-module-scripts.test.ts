// The stream rewrite behind "JavaScript after the first paint" (app/lib/defer-module-scripts.server.ts, applied
// by the document splice): the two markers React Router writes are renamed wherever the chunks happen to split
// them, and nothing else moves.
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DEFER_MODULE_SCRIPTS } from "../../app/lib/defer-module-scripts.server";
import {
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  pageScriptsDeferred,
} from "../../app/lib/deferred-scripts.server";
import { spliceDocument } from "../../app/lib/splice-document.server";

const DOCUMENT = [
  '<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/root-B2.js" nonce="n"/>',
  "</head><body><p>منارة: rel=&quot;modulepreload&quot; stays text</p>",
  '<script id="i18n" type="application/json">{"x":"type=\\"module\\" async=\\"\\""}</script>',
  '<script nonce="n">window.__reactRouterContext = {};</script>',
  '<script nonce="n" type="module" async="">import * as route0 from "/assets/root-B2.js";</script>',
  "</body></html>",
].join("");

const EXPECTED = DOCUMENT.replaceAll('rel="modulepreload"', `rel="${DEFERRED_PRELOAD_REL}"`).replace(
  ' type="module" async=""',
  ` type="${DEFERRED_MODULE_TYPE}"`,
);

async function rewriteInChunks(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(spliceDocument(DEFER_MODULE_SCRIPTS)));
}

describe("the module-script renames (DEFER_MODULE_SCRIPTS)", () => {
  it("renames React Router's module preloads and its inline module script, and nothing else", async () => {
    const out = await rewriteInChunks([Buffer.from(DOCUMENT)]);
    expect(out).toBe(EXPECTED);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain("rel=&quot;modulepreload&quot; stays text");
    expect(out).toContain('{"x":"type=\\"module\\" async=\\"\\""}');
  });

  it("gives the same bytes wherever the stream is split, Arabic characters included", async () => {
    const bytes = Buffer.from(DOCUMENT);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out = await rewriteInChunks([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(out, `split at byte ${cut}`).toBe(EXPECTED);
    }
  });

  it("copes with one-byte chunks and with an empty document", async () => {
    const bytes = Buffer.from(DOCUMENT);
    const singles = Array.from(bytes, (byte) => Buffer.from([byte]));
    expect(await rewriteInChunks(singles)).toBe(EXPECTED);
    expect(await rewriteInChunks([])).toBe("");
  });
});

describe("the switch", () => {
  it("defers unless DEFER_PAGE_SCRIPTS=0", () => {
    expect(pageScriptsDeferred({})).toBe(true);
    expect(pageScriptsDeferred({ DEFER_PAGE_SCRIPTS: "1" })).toBe(true);
    expect(pageScriptsDeferred({ DEFER_PAGE_SCRIPTS: "0" })).toBe(false);
  });

  it("writes a data block HTML allows: a MIME type with a subtype, and no async", () => {
    expect(DEFERRED_MODULE_TYPE).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
    expect(EXPECTED).toContain(`<script nonce="n" type="${DEFERRED_MODULE_TYPE}">import`);
  });
});
