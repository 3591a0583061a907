// Locale middleware: the URL is the only source of the language (no cookie, header or query detection).
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { i18nextOptions } from "../i18n/i18next-options";
import { DEFAULT_LOCALE, localeFromPath } from "../i18n/languages";
import { resources } from "../i18n/resources.server";

export const [i18nextMiddleware, getLocaleFromContext, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: ["en", "ar"],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: async (request) => localeFromPath(new URL(request.url).pathname),
  },
  i18next: { ...i18nextOptions, resources },
  plugins: [initReactI18next],
});
