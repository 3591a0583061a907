// Browser start-up: start i18next from the translations the server wrote into the document, then hydrate.
// No /locales/*.json request happens before hydration; a client-side navigation to a route whose namespace
// the page does not have yet loads it through the small backend below (react-i18next suspends meanwhile).
import i18next, { type BackendModule } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DocumentStylesProvider, readDocumentStyles } from "./document-styles";
import { DocumentTranslationsProvider, readDocumentTranslations } from "./i18n/document-translations";
import { i18nextOptions } from "./i18n/i18next-options";

/** Loads a namespace the document did not carry from GET /locales/:lng/:ns.json (app/routes/locales.ts). */
const localesRoute: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`/locales/${language}/${namespace}: ${response.status}`);
        return response.json();
      })
      .then(
        (bundle) => callback(null, bundle),
        // `true` lets i18next retry a failed request a few times, as the fetch backend did.
        (error: Error) => callback(error, true),
      );
  },
};

async function hydrate() {
  const { json, translations } = readDocumentTranslations();
  // The server already chose the locale from the URL and wrote it into <html lang>.
  const lng = translations?.lng ?? document.documentElement.lang;
  const resources = translations?.resources ?? {};
  await i18next
    .use(initReactI18next)
    .use(localesRoute)
    .init({
      ...i18nextOptions,
      lng,
      resources,
      // The bundles above are a part of all there is: fetch the others when a page asks for them.
      partialBundledLanguages: true,
      ns: Object.keys(resources[lng as keyof typeof resources] ?? { common: {} }),
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <DocumentTranslationsProvider value={json}>
          <DocumentStylesProvider value={readDocumentStyles()}>
            <StrictMode>
              <HydratedRouter />
            </StrictMode>
          </DocumentStylesProvider>
        </DocumentTranslationsProvider>
      </I18nextProvider>,
    );
  });
}

hydrate().catch((error) => console.error(error));
