// Browser start-up: load the translations the server rendered with, then hydrate.
import i18next from "i18next";
import FetchBackend from "i18next-fetch-backend";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nextOptions } from "./i18n/i18next-options";

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(FetchBackend)
    .init({
      ...i18nextOptions,
      // The server already chose the locale from the URL and wrote it into <html lang>.
      lng: document.documentElement.lang,
      ns: ["common", ...getInitialNamespaces()],
      backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate().catch((error) => console.error(error));
