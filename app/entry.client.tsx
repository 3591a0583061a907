// Browser start-up: take the translations the server wrote into the document, then hydrate. No
// /locales/*.json request happens before hydration, and no i18next runs in the browser: components translate
// with createBrowserTranslator (app/i18n/use-translation.ts), which loads a namespace the page lacks only when
// a client-side navigation asks for it.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HeadScriptsProvider, readHeadScripts } from "./head-scripts";
import { DocumentTranslationsProvider, readDocumentTranslations } from "./i18n/document-translations";
import { createBrowserTranslator, TranslationProvider } from "./i18n/use-translation";
import { DocumentStylesProvider, readDocumentStyles } from "./lib/document-styles";

const { json, translations } = readDocumentTranslations();
// The server chose the locale from the URL and wrote it into <html lang> and the translations.
const translator = createBrowserTranslator(
  translations?.lng ?? document.documentElement.lang,
  translations?.resources ?? {},
);

startTransition(() => {
  hydrateRoot(
    document,
    <TranslationProvider value={translator}>
      <DocumentTranslationsProvider value={json}>
        <DocumentStylesProvider value={readDocumentStyles()}>
          <HeadScriptsProvider value={readHeadScripts()}>
            <StrictMode>
              <HydratedRouter />
            </StrictMode>
          </HeadScriptsProvider>
        </DocumentStylesProvider>
      </DocumentTranslationsProvider>
    </TranslationProvider>,
  );
});
