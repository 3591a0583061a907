// The browser's translation function, in place of i18next (about 14 KB gzipped on every page; budget of
// issue 15, docs/decisions/022-client-weight.md). It covers exactly what this app's strings use, with
// i18next's rules (tests/unit/translator.test.ts compares every key of every namespace, in both languages,
// with and without counts, against i18next configured as on the server):
//  - "ns:key.path" picks a namespace, otherwise the first namespace asked for (react-i18next's default);
//  - the page's language first, then English (fallbackLng), an empty string counting as missing;
//  - plurals from `count` with Intl.PluralRules (`_zero` first when count is 0, then the category, then the
//    bare key), per language, as i18next does;
//  - `{{name}}` interpolation from the options (nested `{{a.b}}` too); a variable the options lack stays
//    as written unless the options name it (then it becomes "");
//  - `returnObjects` returns the object or array with every string inside interpolated.
// No formatters, nesting ($t), context or ordinal plurals: no string uses them (the test would say so).
import { DEFAULT_LOCALE } from "./languages";

type Tree = { [key: string]: unknown };
export type Bundles = Partial<Record<string, Record<string, object>>>;
export type TranslateOptions = { count?: unknown; returnObjects?: boolean; [variable: string]: unknown };

/**
 * A translation function over one namespace, server and browser alike: a string, or with `returnObjects`
 * whatever the key holds (call sites say what shape they expect).
 */
export interface TFunction {
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
  (key: string, options?: TranslateOptions): string;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

const usable = (value: unknown) => value !== undefined && value !== null && value !== "";

function interpolate(text: string, options: TranslateOptions): string {
  return text.replace(/\{\{(.+?)\}\}/g, (match, name: string) => {
    const variable = name.trim();
    const value = lookup(options, variable);
    if (value === undefined) return Object.hasOwn(options, variable) ? "" : match;
    return value === null ? "" : String(value);
  });
}

function interpolateDeep(value: unknown, options: TranslateOptions): unknown {
  if (typeof value === "string") return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, options));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, options)]),
    );
  }
  return value;
}

/** The keys i18next tries for `key` in `language`, most specific first. */
function candidates(key: string, language: string, count: unknown): string[] {
  if (typeof count !== "number") return [key];
  const keys = [`${key}_${pluralCategory(language, count)}`, key];
  return count === 0 ? [`${key}_zero`, ...keys] : keys;
}

export function translate(
  bundles: Bundles,
  language: string,
  namespace: string,
  fullKey: string,
  options: TranslateOptions = {},
): unknown {
  const separator = fullKey.indexOf(":");
  const ns = separator > 0 ? fullKey.slice(0, separator) : namespace;
  const key = separator > 0 ? fullKey.slice(separator + 1) : fullKey;
  const languages = language === DEFAULT_LOCALE ? [language] : [language, DEFAULT_LOCALE];
  for (const code of languages) {
    const tree = bundles[code]?.[ns];
    if (!tree) continue;
    for (const candidate of candidates(key, code, options.count)) {
      const value = lookup(tree, candidate);
      if (!usable(value)) continue;
      if (typeof value === "string") return interpolate(value, options);
      if (options.returnObjects && typeof value === "object") return interpolateDeep(value, options);
    }
  }
  return key;
}
