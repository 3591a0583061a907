// The site's one stylesheet (app/app.css) is written into each document as a <style> element instead of a
// render-blocking <link>: the first paint waits for the HTML only (docs/decisions/022-client-weight.md).
// The server renders the element empty and its document splice writes the compiled CSS into it, bytes
// encoded once per process (app/lib/document-slots.server.ts, docs/decisions/027-document-splices.md); the
// browser reads the element's text once before hydrating and hands it back here, so hydration renders the
// markup the browser has. The CSS never reaches browser code, or it would land in the JavaScript. The CSP
// allows inline styles.
import { createContext, useContext } from "react";

export const DOCUMENT_STYLES_ID = "app-css";

/** The element's text: "" on the server (the splice fills it), the document's text in the browser. */
const DocumentStylesContext = createContext<string | null>(null);
export const DocumentStylesProvider = DocumentStylesContext.Provider;

export function DocumentStyles() {
  const css = useContext(DocumentStylesContext);
  if (css === null) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet, not user input.
  return <style id={DOCUMENT_STYLES_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

/** The browser side: the stylesheet text as the server wrote it, or null on a document without it. */
export function readDocumentStyles(): string | null {
  return document.getElementById(DOCUMENT_STYLES_ID)?.textContent ?? null;
}
