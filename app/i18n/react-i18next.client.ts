// What browser code gets when it imports "react-i18next" (vite.config.ts redirects the client build's
// imports here, as it does for the server with react-i18next.server.ts): `useTranslation` over the small
// translator in ./translator.ts instead of react-i18next + i18next, which weighed ~15 KB gzipped on every page
// (docs/decisions/022-client-weight.md). Call sites do not change: `useTranslation(ns?)` returns
// `{ t, i18n, ready }` and `[t, i18n, ready]`; `i18n.language` is the page's language.
//
// The page's namespaces come with the document (startTranslations, from app/entry.client.tsx). A component
// asking for one the page does not have (a client-side navigation to another route) suspends until
// GET /locales/:lng/:ns.json answers — React Router navigates in a transition, so the old page stays
// meanwhile, as with react-i18next's backend. The language never changes inside a document: switching
// language is a full page load (app/components/language-switcher.tsx), because the URL alone decides it.
import type { i18n as I18n, TFunction } from "i18next";
import { use } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import { DEFAULT_LOCALE } from "./languages";
import { type Bundles, type TranslateOptions, translate } from "./translator";

const bundles: Bundles = {};
let language: string = DEFAULT_LOCALE;
const i18n = {
  get language() {
    return language;
  },
  t: (key: string, options?: TranslateOptions) => translate(bundles, language, "common", key, options),
} as unknown as I18n;

/** Before hydrating: the page's language and the bundles the server wrote into the document. */
export function startTranslations(lng: string, resources: Bundles) {
  language = lng;
  for (const [code, namespaces] of Object.entries(resources)) {
    bundles[code] = { ...bundles[code], ...namespaces };
  }
}

/**
 * Loads by `language|namespace`, kept after they settle. A promise carries React's own `status` field, so
 * once it is fulfilled `use()` returns at once: a component that suspended on a load calls `use()` with the
 * same promise on every later render too (React warns when a render that suspended on `use()` finishes
 * without calling it).
 */
type TrackedLoad = Promise<void> & { status?: "pending" | "fulfilled"; value?: undefined };
const loads = new Map<string, TrackedLoad>();

async function fetchBundle(code: string, namespace: string) {
  try {
    const response = await fetch(
      `/locales/${encodeURIComponent(code)}/${encodeURIComponent(namespace)}.json`,
    );
    if (!response.ok) throw new Error(`/locales/${code}/${namespace}: ${response.status}`);
    // Read the body before spreading: loads of several namespaces run at once, and a spread taken before the
    // await would drop what another load stored meanwhile.
    const bundle = await response.json();
    bundles[code] = { ...bundles[code], [namespace]: bundle };
  } catch (error) {
    // As i18next after its retries: render the keys rather than wait for ever.
    console.error(error);
    bundles[code] = { ...bundles[code], [namespace]: {} };
  }
}

/** null when the namespace came with the document (in the page's language and its fallback), else its load. */
function pendingLoad(namespace: string): TrackedLoad | null {
  const key = `${language}|${namespace}`;
  const known = loads.get(key);
  if (known) return known;
  const codes = language === DEFAULT_LOCALE ? [language] : [language, DEFAULT_LOCALE];
  const missing = codes.filter((code) => !bundles[code]?.[namespace]);
  if (missing.length === 0) return null;
  // fetchBundle never rejects: a failed load leaves an empty bundle and the keys show.
  const load: TrackedLoad = Promise.all(missing.map((code) => fetchBundle(code, namespace))).then(() => {
    load.status = "fulfilled";
    load.value = undefined;
  });
  load.status = "pending";
  loads.set(key, load);
  return load;
}

/** One `t` per namespace, so its identity is stable across renders (safe in effect dependencies). */
const fixedTs = new Map<string, TFunction>();
function fixedT(namespace: string): TFunction {
  let t = fixedTs.get(namespace);
  if (!t) {
    t = ((key: string, options?: TranslateOptions) =>
      translate(bundles, language, namespace, key, options)) as unknown as TFunction;
    fixedTs.set(namespace, t);
  }
  return t;
}

type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

/** The namespaces the routes being rendered declare in `handle.i18n`. */
function declaredNamespaces(matches: readonly { route: { handle?: unknown } }[]): string[] {
  return matches.flatMap(({ route }) => {
    const declared = (route.handle as { i18n?: unknown } | undefined)?.i18n;
    return (Array.isArray(declared) ? declared : [declared]).filter((ns) => typeof ns === "string");
  });
}

export function useTranslation(ns?: string | readonly string[]): Translation {
  const namespaces: readonly string[] = ns === undefined ? ["common"] : typeof ns === "string" ? [ns] : ns;
  const waiting = namespaces.map(pendingLoad).filter((load) => load !== null);
  if (waiting.length > 0) {
    // Start every namespace the new page's routes declare before suspending: otherwise a navigation fetches
    // them one suspension at a time (the admin dashboard's seven namespaces took seven round trips).
    // `use`, not `useContext`, and only here: a render that has everything it needs does not subscribe to
    // the router's state, so components that translate do not re-render on every navigation and fetcher
    // change. Null outside a data router; during a navigation's render, the matches of the page being rendered.
    const routerState = use(UNSAFE_DataRouterStateContext);
    for (const namespace of declaredNamespaces(routerState?.matches ?? [])) pendingLoad(namespace);
    for (const load of waiting) use(load as Promise<void>);
  }
  const t = fixedT(namespaces[0] ?? "common");
  const result = [t, i18n, true] as Translation;
  result.t = t;
  result.i18n = i18n;
  result.ready = true;
  return result;
}
