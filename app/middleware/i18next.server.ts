// Locale middleware: the URL is the only source of the language (no cookie, header or query detection).
// One i18next instance per locale, initialised once when the server starts and shared by every request in
// that locale (docs/decisions/016-server-throughput.md). Nothing on it belongs to a visitor: the instances
// are never changed after start-up (no changeLanguage, no added resources), so sharing them is safe.
import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { i18nextOptions } from "../i18n/i18next-options";
import { LANGUAGES, type Locale, localeFromPath } from "../i18n/languages";
import { resources } from "../i18n/resources.server";

function createLocaleInstance(locale: Locale): I18n {
  const instance = createInstance({ ...i18nextOptions, resources, lng: locale, initAsync: false });
  instance.use(initReactI18next);
  // With bundled resources and initAsync: false, init finishes synchronously.
  void instance.init();
  return instance;
}

const instances = new Map<Locale, I18n>(
  LANGUAGES.map((language) => [language.code, createLocaleInstance(language.code)]),
);

/** The i18next instance of a locale (for code outside a request, e.g. mail or tests). */
export function i18nFor(locale: Locale): I18n {
  const instance = instances.get(locale);
  if (!instance) throw new Error(`No i18next instance for ${locale}`);
  return instance;
}

const localeContext = createContext<Locale>();

export const i18nextMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(localeContext, localeFromPath(new URL(request.url).pathname));
  return next();
};

export function getLocaleFromContext(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

export function getI18n(context: Readonly<RouterContextProvider>): I18n {
  return i18nFor(getLocaleFromContext(context));
}
