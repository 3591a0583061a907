// How components translate: `useTranslation(ns?)` reads the translator a `TranslationProvider` above them
// supplies — on the server the request's per-locale translator (app/entry.server.tsx, ServerI18n from
// app/middleware/i18next.server.ts), in the browser `createBrowserTranslator` below (app/entry.client.tsx).
// Both translate with ./translator.ts; neither i18next nor react-i18next runs.
// The hook hands out the translator's cached `t` of the namespace (the first of a list; `ns:key` reaches
// another), the same function on every call: rendering copies nothing per call
// (docs/decisions/016-server-throughput.md, 024-server-render-cost.md) and `t` is safe in effect dependencies.
//
// The browser's translator lives here rather than in a module of its own because every page loads this
// module anyway: reached only from the entry, it would put ./languages.ts in a chunk of its own, one more
// request and ~100 bytes gzipped on every page (docs/decisions/022-client-weight.md). The server build leaves
// it out (nothing there imports it).
import { createContext, use, useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import { DEFAULT_LOCALE } from "./languages";
import { type Bundles, type TFunction, type TranslateOptions, translate } from "./translator";

/**
 * A namespace's load in the browser. It carries React's own `status` field, so once it is fulfilled `use()`
 * returns at once: a component that suspended on a load calls `use()` with the same promise on every later
 * render too (React warns when a render that suspended on `use()` finishes without calling it).
 */
export type NamespaceLoad = Promise<void> & { status: "pending" | "fulfilled"; value: undefined };

/** What a `TranslationProvider` supplies. The server's ServerI18n is one as it is. */
export interface Translator {
  /** The page's language; it never changes inside a document (switching language loads a new page). */
  readonly language: string;
  /** The `t` of `ns` (the first of a list) in the page's language (`lng` null), built once per namespace. */
  getFixedT(lng: null, ns: string | readonly string[]): TFunction;
  /**
   * Browser only: null when `namespace` is there (it came with the document), else its load, kept after it
   * settles. On the server every namespace is bundled, so there is nothing to wait for.
   */
  load?(namespace: string): NamespaceLoad | null;
}

const TranslatorContext = createContext<Translator | null>(null);
export const TranslationProvider = TranslatorContext.Provider;

/** What call sites use: `t`, and `i18n.language` for the page's language. */
export type Translation = { t: TFunction; i18n: Pick<Translator, "language"> };

/** The namespaces the routes being rendered declare in `handle.i18n`. */
function declaredNamespaces(matches: readonly { route: { handle?: unknown } }[]): string[] {
  return matches.flatMap(({ route }) => {
    const declared = (route.handle as { i18n?: unknown } | undefined)?.i18n;
    return (Array.isArray(declared) ? declared : [declared]).filter((ns) => typeof ns === "string");
  });
}

export function useTranslation(ns?: string | readonly string[]): Translation {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a TranslationProvider");
  if (translator.load) {
    const namespaces: readonly string[] = ns === undefined ? ["common"] : typeof ns === "string" ? [ns] : ns;
    const loads: NamespaceLoad[] = [];
    for (const namespace of namespaces) {
      const load = translator.load(namespace);
      if (load) loads.push(load);
    }
    if (loads.some((load) => load.status !== "fulfilled")) {
      // Start every namespace the new page's routes declare before suspending: otherwise a navigation fetches
      // them one suspension at a time (the admin dashboard's seven namespaces took seven round trips).
      // `use`, not `useContext`, and only while a load is pending: a render that has everything it needs does
      // not subscribe to the router's state, so components that translate do not re-render on every
      // navigation and fetcher change. Null outside a data router; during a navigation's render, the matches
      // of the page being rendered.
      const routerState = use(UNSAFE_DataRouterStateContext);
      for (const namespace of declaredNamespaces(routerState?.matches ?? [])) translator.load(namespace);
    }
    for (const load of loads) use(load);
  }
  return { t: translator.getFixedT(null, ns ?? "common"), i18n: translator };
}

/**
 * The browser's translator: `language` and the bundles the server wrote into the document (app/entry.client.tsx
 * reads them before hydrating). A component asking for a namespace the page does not have (a client-side
 * navigation to another route) suspends until GET /locales/:lng/:ns.json answers — React Router navigates in
 * a transition, so the old page stays meanwhile.
 */
export function createBrowserTranslator(language: string, resources: Bundles): Translator {
  // Copied, because loads add to it.
  const bundles: Bundles = { ...resources };

  async function fetchBundle(code: string, namespace: string) {
    try {
      const response = await fetch(
        `/locales/${encodeURIComponent(code)}/${encodeURIComponent(namespace)}.json`,
      );
      if (!response.ok) throw new Error(`/locales/${code}/${namespace}: ${response.status}`);
      // Read the body before spreading: loads of several namespaces run at once, and a spread taken before
      // the await would drop what another load stored meanwhile.
      const bundle = await response.json();
      bundles[code] = { ...bundles[code], [namespace]: bundle };
    } catch (error) {
      // As i18next after its retries: render the keys rather than wait for ever.
      console.error(error);
      bundles[code] = { ...bundles[code], [namespace]: {} };
    }
  }

  /** Loads by namespace (the language is the translator's for its whole life), kept after they settle. */
  const loads = new Map<string, NamespaceLoad>();
  function load(namespace: string): NamespaceLoad | null {
    const known = loads.get(namespace);
    if (known) return known;
    const codes = language === DEFAULT_LOCALE ? [language] : [language, DEFAULT_LOCALE];
    const missing = codes.filter((code) => !bundles[code]?.[namespace]);
    if (missing.length === 0) return null;
    // fetchBundle never rejects: a failed load leaves an empty bundle and the keys show.
    const loading: NamespaceLoad = Object.assign(
      Promise.all(missing.map((code) => fetchBundle(code, namespace))).then(() => {
        loading.status = "fulfilled";
      }),
      { status: "pending", value: undefined } as const,
    );
    loads.set(namespace, loading);
    return loading;
  }

  /** One `t` per namespace, so its identity is stable across renders. */
  const fixedTs = new Map<string, TFunction>();
  function getFixedT(_lng: null, ns: string | readonly string[]): TFunction {
    const namespace = (typeof ns === "string" ? ns : ns[0]) ?? "common";
    let t = fixedTs.get(namespace);
    if (!t) {
      t = ((key: string, options?: TranslateOptions) =>
        translate(bundles, language, namespace, key, options)) as TFunction;
      fixedTs.set(namespace, t);
    }
    return t;
  }

  return { language, getFixedT, load };
}
