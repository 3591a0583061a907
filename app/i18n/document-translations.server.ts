// Builds the JSON the document carries for the browser's translator (app/i18n/document-translations.tsx):
// the page language's namespaces that the matched routes declare in `handle.i18n`, plus "common", and — for
// a language other than English — only those English strings the browser could fall back to, i.e. the ones
// that language lacks or leaves empty. Arabic is complete today (tests/unit/locales.test.ts), so that part
// is normally empty; it keeps "translations fall back to English" true without shipping English twice.
// Nothing here depends on the visitor: the text is a function of (locale, namespaces) and cached as such.
import type { EntryContext } from "react-router";
import { translationsSplice } from "../lib/document-slots.server";
import type { Splice } from "../lib/splice-document.server";
import type { DocumentTranslations } from "./document-translations";
import { DEFAULT_LOCALE, type Locale, NAMESPACES, type Namespace } from "./languages";
import { resources } from "./resources.server";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: unknown };

const isTree = (value: unknown): value is Tree =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const isMissing = (value: unknown) => value === undefined || value === null || value === "";

/** Whether `primary` has every plural form its language uses for `base` (Intl's categories, as i18next). */
function hasAllPluralForms(primary: Tree, base: string, categories: readonly string[]): boolean {
  return categories.every((category) => !isMissing(primary[`${base}_${category}`]));
}

/**
 * The part of `fallback` that a lookup in `primary` can reach: leaves `primary` lacks or leaves empty,
 * whole plural families when `primary` misses one of its forms, whole arrays when any item is missing
 * (a `returnObjects` array comes from one language or the other, never merged).
 */
export function fallbackSubset(primary: unknown, fallback: Tree, categories: readonly string[]): Tree {
  const own: Tree = isTree(primary) ? primary : {};
  const subset: Tree = {};
  for (const [key, value] of Object.entries(fallback)) {
    const pluralBase = key.replace(PLURAL_SUFFIX, "");
    if (key !== pluralBase) {
      if (!hasAllPluralForms(own, pluralBase, categories)) subset[key] = value;
    } else if (Array.isArray(value)) {
      const ownArray = own[key];
      const complete =
        Array.isArray(ownArray) &&
        value.every((item, index) =>
          isTree(item)
            ? Object.keys(fallbackSubset(ownArray[index], item, categories)).length === 0
            : !isMissing(ownArray[index]),
        );
      if (!complete) subset[key] = value;
    } else if (isTree(value)) {
      const child = fallbackSubset(own[key], value, categories);
      if (Object.keys(child).length > 0) subset[key] = child;
    } else if (isMissing(own[key])) {
      subset[key] = value;
    }
  }
  return subset;
}

const pluralCategories = (locale: Locale) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

/** JSON safe inside <script>: no "<" can close the element, and U+2028/2029 stay escaped. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const cache = new Map<string, { json: string; splice: Splice }>();

/** The script text for a page in `locale` whose routes use `namespaces` ("common" is always included). */
export function documentTranslationsJson(locale: Locale, namespaces: readonly Namespace[]): string {
  return documentTranslations(locale, namespaces).json;
}

/** The document splice that writes that text into the page's empty translations script. */
export function documentTranslationsSplice(locale: Locale, namespaces: readonly Namespace[]): Splice {
  return documentTranslations(locale, namespaces).splice;
}

function documentTranslations(locale: Locale, namespaces: readonly Namespace[]) {
  const wanted = [...new Set<Namespace>(["common", ...namespaces])].sort();
  const cacheKey = `${locale}:${wanted.join(",")}`;
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;

  const payload: DocumentTranslations = { lng: locale, resources: {} };
  payload.resources[locale] = Object.fromEntries(wanted.map((ns) => [ns, resources[locale][ns]]));
  if (locale !== DEFAULT_LOCALE) {
    const categories = pluralCategories(locale);
    // Every namespace gets a (possibly empty) English bundle, so the browser never fetches English for it.
    payload.resources[DEFAULT_LOCALE] = Object.fromEntries(
      wanted.map((ns) => [
        ns,
        fallbackSubset(resources[locale][ns], resources[DEFAULT_LOCALE][ns] as Tree, categories),
      ]),
    );
  }
  const json = scriptJson(payload);
  const entry = { json, splice: translationsSplice(json) };
  cache.set(cacheKey, entry);
  return entry;
}

const isNamespace = (value: unknown): value is Namespace =>
  typeof value === "string" && (NAMESPACES as readonly string[]).includes(value);

/** The namespaces the rendered routes declare in `handle.i18n` (what remix-i18next/client used to read). */
export function renderedNamespaces(routerContext: EntryContext): Namespace[] {
  const matches = routerContext.staticHandlerContext?.matches ?? [];
  return matches.flatMap((match) => {
    const handle = routerContext.routeModules?.[match.route.id]?.handle as { i18n?: unknown } | undefined;
    const declared = handle?.i18n;
    const list = Array.isArray(declared) ? declared : [declared];
    return list.filter(isNamespace);
  });
}
