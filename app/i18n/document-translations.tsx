// The translations a page rendered with travel inside its HTML, as an inert JSON <script>, so the browser
// starts its translator from them and hydrates without fetching /locales/*.json first (docs/decisions/022).
// The server renders the script empty and its document splice writes the JSON into it, bytes encoded once per
// (language, namespaces) (app/i18n/document-translations.server.ts, docs/decisions/027-document-splices.md);
// the browser reads it once before hydrating and hands the same text back here, so hydration renders the
// markup the browser has.
import { createContext, useContext } from "react";
import type { Locale } from "./languages";

export const DOCUMENT_TRANSLATIONS_ID = "i18n-resources";

/** What the script holds: the page's language and, per language, the namespaces the page's routes declared. */
export type DocumentTranslations = {
  lng: Locale;
  resources: Partial<Record<Locale, Record<string, object>>>;
};

/** The script's text: "" on the server (the splice fills it), as written (JSON with `<` escaped) in the browser. */
const DocumentTranslationsContext = createContext<string | null>(null);
export const DocumentTranslationsProvider = DocumentTranslationsContext.Provider;

export function DocumentTranslationsScript() {
  const json = useContext(DocumentTranslationsContext);
  if (json === null) return null;
  return (
    <script
      id={DOCUMENT_TRANSLATIONS_ID}
      type="application/json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-built JSON with every "<" escaped.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** The browser side: the script's text as the server wrote it and its parsed content. */
export function readDocumentTranslations(): {
  json: string | null;
  translations: DocumentTranslations | null;
} {
  const json = document.getElementById(DOCUMENT_TRANSLATIONS_ID)?.textContent ?? null;
  if (!json) return { json, translations: null };
  return { json, translations: JSON.parse(json) as DocumentTranslations };
}
