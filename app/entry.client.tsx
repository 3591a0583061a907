// Browser start-up: take the translations the server wrote into the document, then hydrate. No
// /locales/*.json request happens before hydration, and no i18next runs in the browser: "react-i18next"
// resolves to app/i18n/react-i18next.client.ts there (vite.config.ts), which loads a namespace the page
// lacks only when a client-side navigation asks for it.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DocumentStylesProvider, readDocumentStyles } from "./document-styles";
import { HeadScriptsProvider, readHeadScripts } from "./head-scripts";
import { DocumentTranslationsProvider, readDocumentTranslations } from "./i18n/document-translations";
import { startTranslations } from "./i18n/react-i18next.client";

const { json, translations } = readDocumentTranslations();
// The server chose the locale from the URL and wrote it into <html lang> and the translations.
startTranslations(translations?.lng ?? document.documentElement.lang, translations?.resources ?? {});

startTransition(() => {
  hydrateRoot(
    document,
    <DocumentTranslationsProvider value={json}>
      <DocumentStylesProvider value={readDocumentStyles()}>
        <HeadScriptsProvider value={readHeadScripts()}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </HeadScriptsProvider>
      </DocumentStylesProvider>
    </DocumentTranslationsProvider>,
  );
});
