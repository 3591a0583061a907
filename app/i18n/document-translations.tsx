// The translations a page rendered with travel inside its HTML, as an inert JSON <script>, so the browser
// starts i18next from them and hydrates without fetching /locales/*.json first (docs/decisions/022).
// The server fills the script (app/i18n/document-translations.server.ts via entry.server); the browser reads
// it once before hydrating and hands the same text back here, so hydration renders identical markup.
import { createContext, useContext } from "react";
import type { Locale } from "./languages";

export const DOCUMENT_TRANSLATIONS_ID = "i18n-resources";

/** What the script holds: the page's language and, per language, the namespaces the page's routes declared. */
export type DocumentTranslations = {
  lng: Locale;
  resources: Partial<Record<Locale, Record<string, object>>>;
};

/** The script's text exactly as written (JSON with `<` escaped), or "" on a document without it. */
const DocumentTranslationsContext = createContext("");
export const DocumentTranslationsProvider = DocumentTranslationsContext.Provider;

export function DocumentTranslationsScript() {
  const json = useContext(DocumentTranslationsContext);
  if (!json) return null;
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
export function readDocumentTranslations(): { json: string; translations: DocumentTranslations | null } {
  const json = document.getElementById(DOCUMENT_TRANSLATIONS_ID)?.textContent ?? "";
  if (!json) return { json, translations: null };
  return { json, translations: JSON.parse(json) as DocumentTranslations };
}
