// The elements the server renders empty and the document splice fills (docs/decisions/027-document-splices.md).
// `from` is exactly what React writes for the empty element (tests/unit/document-slots.test.tsx renders it);
// `to` is the element with its content, encoded once and shared by every request.

import { DOCUMENT_TRANSLATIONS_ID } from "../i18n/document-translations";
import { DOCUMENT_STYLES_ID } from "./document-styles";
import type { Splice } from "./splice-document.server";

export const EMPTY_STYLES_ELEMENT = `<style id="${DOCUMENT_STYLES_ID}"></style>`;
export const EMPTY_TRANSLATIONS_ELEMENT = `<script id="${DOCUMENT_TRANSLATIONS_ID}" type="application/json"></script>`;

/** Fills the stylesheet element with `css` (the compiled app.css; it holds no "</style>"). */
export function stylesSplice(css: string): Splice {
  if (css.includes("</style")) throw new Error("The stylesheet would close its own <style> element.");
  return {
    from: Buffer.from(EMPTY_STYLES_ELEMENT),
    to: Buffer.from(`<style id="${DOCUMENT_STYLES_ID}">${css}</style>`),
    once: true,
  };
}

/** Fills the translations script with `json` (script-safe JSON: every "<" escaped). */
export function translationsSplice(json: string): Splice {
  if (json.includes("<")) throw new Error("The translations JSON must escape every '<'.");
  return {
    from: Buffer.from(EMPTY_TRANSLATIONS_ELEMENT),
    to: Buffer.from(`<script id="${DOCUMENT_TRANSLATIONS_ID}" type="application/json">${json}</script>`),
    once: true,
  };
}
