// The request's language and the server's translators, beside the router context that carries them (like
// app/db/context.ts): what loaders, actions and domain answers read. The middleware that sets the language
// from the URL is app/middleware/i18next.server.ts; the URL is the only source of it.
//
// One translator per locale, built once when the server starts and shared by every request in that locale
// (docs/decisions/016-server-throughput.md, 024-server-render-cost.md). Nothing on it belongs to a visitor:
// it reads the bundled resources and never changes, so sharing it is safe.
//
// The server translates with the same small translator as the browser (app/i18n/translator.ts), not with
// i18next: i18next's `t` (key parsing, resolver chain, option merging) was ~10% of a page's CPU, and
// tests/unit/translator.test.ts holds the translator to i18next's answers for every key of every namespace.
import { createContext, type RouterContextProvider } from "react-router";
import { isLocale, LANGUAGES, type Locale } from "./languages";
import { resources } from "./resources.server";
import { type Bundles, type TFunction, type TranslateOptions, translate } from "./translator";

/**
 * What server code translates with, and what app/entry.server.tsx hands to components' `useTranslation`
 * (app/i18n/use-translation.ts): the part of i18next's instance this app uses. `getFixedT(lng, ns)` answers
 * as i18next's does (the first namespace of a list is the default one; `ns:key` picks another).
 */
export interface ServerI18n {
  readonly language: Locale;
  readonly t: TFunction;
  getFixedT(lng?: string | null, ns?: string | readonly string[] | null): TFunction;
}

/**
 * A translator over `bundles` (tests pass their own); `t` functions are built once per (language, namespace).
 * A key asked without options always gives the same string, so each `t` remembers those answers — only for
 * keys the bundles have (a key built from a request's input and missing stays out: the memory is bounded by
 * the translation files).
 */
export function createServerI18n(locale: Locale, bundles: Bundles = resources as Bundles): ServerI18n {
  const fixedTs = new Map<string, TFunction>();
  const getFixedT = (lng?: string | null, ns?: string | readonly string[] | null): TFunction => {
    const language = isLocale(lng) ? lng : locale;
    const namespace = (typeof ns === "string" ? ns : ns?.[0]) ?? "common";
    const key = `${language}:${namespace}`;
    let t = fixedTs.get(key);
    if (!t) {
      const plain = new Map<string, unknown>();
      t = ((textKey: string, options?: TranslateOptions) => {
        if (options !== undefined) return translate(bundles, language, namespace, textKey, options);
        let text = plain.get(textKey);
        if (text === undefined) {
          text = translate(bundles, language, namespace, textKey);
          if (text !== textKey) plain.set(textKey, text);
        }
        return text;
      }) as TFunction;
      fixedTs.set(key, t);
    }
    return t;
  };
  return { language: locale, t: getFixedT(locale, "common"), getFixedT };
}

const translators = new Map<Locale, ServerI18n>(
  LANGUAGES.map((language) => [language.code, createServerI18n(language.code)]),
);

/** The translator of a locale (for code outside a request, e.g. mail or tests). */
export function i18nFor(locale: Locale): ServerI18n {
  const translator = translators.get(locale);
  if (!translator) throw new Error(`No translator for ${locale}`);
  return translator;
}

const localeContext = createContext<Locale>();

/** Sets the request's locale: the locale middleware's part (app/middleware/i18next.server.ts), and tests'. */
export function setLocale(context: Readonly<RouterContextProvider>, locale: Locale): void {
  context.set(localeContext, locale);
}

export function getLocaleFromContext(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

export function getI18n(context: Readonly<RouterContextProvider>): ServerI18n {
  return i18nFor(getLocaleFromContext(context));
}
