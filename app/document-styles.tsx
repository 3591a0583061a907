// The site's one stylesheet (app/app.css) is written into each document as a <style> element instead of a
// render-blocking <link>: the first paint waits for the HTML only (docs/decisions/022-client-weight.md).
// The server reads the compiled CSS (`app.css?inline` in entry.server.tsx, never imported by browser code,
// or it would land in the JavaScript); the browser reads the element's text once before hydrating and hands
// it back here, so hydration renders identical markup. The CSP allows inline styles.
import { createContext, useContext } from "react";

const DOCUMENT_STYLES_ID = "app-css";

const DocumentStylesContext = createContext("");
export const DocumentStylesProvider = DocumentStylesContext.Provider;

export function DocumentStyles() {
  const css = useContext(DocumentStylesContext);
  if (!css) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet, not user input.
  return <style id={DOCUMENT_STYLES_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

/** The browser side: the stylesheet text as the server wrote it. */
export function readDocumentStyles(): string {
  return document.getElementById(DOCUMENT_STYLES_ID)?.textContent ?? "";
}
