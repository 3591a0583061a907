// The document splice (app/lib/splice-document.server.ts, decision 027): the empty elements React renders
// are filled with bytes encoded once, wherever the stream's chunks split them, and only the first of each;
// what React writes in one synchronous flush leaves as one chunk; and no shared bytes leave by reference.
import { PassThrough, Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  DocumentTranslationsProvider,
  DocumentTranslationsScript,
} from "../../app/i18n/document-translations";
import {
  documentTranslationsJson,
  documentTranslationsSplice,
} from "../../app/i18n/document-translations.server";
import { DEFER_MODULE_SCRIPTS } from "../../app/lib/defer-module-scripts.server";
import { DEFERRED_PRELOAD_REL } from "../../app/lib/deferred-scripts.server";
import {
  EMPTY_STYLES_ELEMENT,
  EMPTY_TRANSLATIONS_ELEMENT,
  stylesSplice,
  translationsSplice,
} from "../../app/lib/document-slots.server";
import { DocumentStyles, DocumentStylesProvider } from "../../app/lib/document-styles";
import { spliceDocument } from "../../app/lib/splice-document.server";

const CSS = 'body{margin:0}.a::before{content:"«»"}';
const JSON_TEXT = '{"lng":"ar","resources":{"ar":{"common":{"brand":"منارة"}}}}';

const DOCUMENT = [
  '<!DOCTYPE html><html lang="ar" dir="rtl"><head>',
  '<link rel="modulepreload" href="/assets/root-B2.js"/>',
  EMPTY_STYLES_ELEMENT,
  "</head><body><p>منارة &lt;style id=&quot;app-css&quot;&gt;&lt;/style&gt; stays text</p>",
  EMPTY_TRANSLATIONS_ELEMENT,
  // A second empty element (never written by our pages) is left alone: each slot is filled once.
  EMPTY_STYLES_ELEMENT,
  "</body></html>",
].join("");

const FILLED_STYLES = `<style id="app-css">${CSS}</style>`;
const FILLED_TRANSLATIONS = `<script id="i18n-resources" type="application/json">${JSON_TEXT}</script>`;
const EXPECTED = DOCUMENT.replace('rel="modulepreload"', `rel="${DEFERRED_PRELOAD_REL}"`)
  .replace(EMPTY_STYLES_ELEMENT, FILLED_STYLES)
  .replace(EMPTY_TRANSLATIONS_ELEMENT, FILLED_TRANSLATIONS);

const splices = () => [...DEFER_MODULE_SCRIPTS, stylesSplice(CSS), translationsSplice(JSON_TEXT)];

async function spliceChunks(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(spliceDocument(splices())));
}

describe("the empty elements React renders", () => {
  it("are exactly the bytes the splice looks for", () => {
    const styles = createElement(DocumentStylesProvider, { value: "" }, createElement(DocumentStyles));
    const translations = createElement(
      DocumentTranslationsProvider,
      { value: "" },
      createElement(DocumentTranslationsScript),
    );
    expect(renderToStaticMarkup(styles)).toBe(EMPTY_STYLES_ELEMENT);
    expect(renderToStaticMarkup(translations)).toBe(EMPTY_TRANSLATIONS_ELEMENT);
  });

  it("are not rendered at all without a provider", () => {
    expect(renderToStaticMarkup(createElement(DocumentStyles))).toBe("");
    expect(renderToStaticMarkup(createElement(DocumentTranslationsScript))).toBe("");
  });
});

describe("spliceDocument", () => {
  it("fills the first empty element of each kind, renames the module preloads, and leaves text alone", async () => {
    const out = await spliceChunks([Buffer.from(DOCUMENT)]);
    expect(out).toBe(EXPECTED);
    expect(out.split(FILLED_STYLES)).toHaveLength(2);
    expect(out).toContain("&lt;style id=&quot;app-css&quot;&gt;&lt;/style&gt; stays text");
  });

  it("gives the same bytes wherever the stream is split, Arabic characters included", async () => {
    const bytes = Buffer.from(DOCUMENT);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out = await spliceChunks([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(out, `split at byte ${cut}`).toBe(EXPECTED);
    }
    const singles = Array.from(bytes, (byte) => Buffer.from([byte]));
    expect(await spliceChunks(singles)).toBe(EXPECTED);
    expect(await spliceChunks([])).toBe("");
  });

  it("sends what was written in one synchronous flush as one chunk, and a later flush as another", async () => {
    const splice = spliceDocument(splices());
    const received: Buffer[] = [];
    splice.on("data", (chunk: Buffer) => received.push(chunk));
    const bytes = Buffer.from(DOCUMENT);
    for (let offset = 0; offset < bytes.length; offset += 100)
      splice.write(bytes.subarray(offset, offset + 100));
    await new Promise((resolve) => setImmediate(resolve));
    const firstFlush = received.length;
    splice.end(Buffer.from("<!-- a Suspense boundary's late chunk -->"));
    await new Promise((resolve) => splice.on("end", resolve));
    expect(firstFlush).toBe(1);
    expect(received).toHaveLength(2);
    expect(Buffer.concat(received).toString()).toBe(`${EXPECTED}<!-- a Suspense boundary's late chunk -->`);
  });

  it("never hands out a splice's shared bytes by reference", async () => {
    const styles = stylesSplice(CSS);
    const out = new PassThrough();
    const received: Buffer[] = [];
    out.on("data", (chunk: Buffer) => received.push(chunk));
    Readable.from([Buffer.from(EMPTY_STYLES_ELEMENT)])
      .pipe(spliceDocument([styles]))
      .pipe(out);
    await new Promise((resolve) => out.on("end", resolve));
    expect(Buffer.concat(received).toString()).toBe(FILLED_STYLES);
    // Whatever a consumer does to what it received, the next request's bytes stay as they were.
    for (const chunk of received) chunk.fill(0);
    expect(styles.to.toString()).toBe(FILLED_STYLES);
  });
});

describe("the slots' content", () => {
  it("refuses bytes that would close their element early", () => {
    expect(() => stylesSplice("a{}</style><script>alert(1)</script>")).toThrow();
    expect(() => translationsSplice('{"a":"</script>"}')).toThrow();
  });

  it("carries the page's translations JSON exactly as the browser reads it back", () => {
    const splice = documentTranslationsSplice("ar", ["catalog"]);
    const json = documentTranslationsJson("ar", ["catalog"]);
    expect(splice.to.toString()).toBe(`<script id="i18n-resources" type="application/json">${json}</script>`);
    // Encoded once per language and namespaces.
    expect(documentTranslationsSplice("ar", ["catalog", "common"])).toBe(splice);
  });
});
