// The browser's translator behind useTranslation (createBrowserTranslator, app/i18n/use-translation.ts):
// the document's namespaces translate at once without reading the router's state; a missing one suspends
// until /locales answers, after starting every namespace the rendered routes declare, and `t` keeps its
// identity throughout.
import { createElement, type ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { UNSAFE_DataRouterStateContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DocumentTranslations } from "../../app/i18n/document-translations";
import { documentTranslationsJson } from "../../app/i18n/document-translations.server";
import { resources } from "../../app/i18n/resources.server";
import { type Bundles, type TFunction, translate } from "../../app/i18n/translator";
import {
  createBrowserTranslator,
  TranslationProvider,
  type Translator,
  useTranslation,
} from "../../app/i18n/use-translation";

/** What the server writes into an Arabic page whose routes declare no namespace: `common` only. */
const documentBundles = (): Bundles =>
  (JSON.parse(documentTranslationsJson("ar", [])) as DocumentTranslations).resources;

/** The Arabic string of a key, as the translator reads it from all the bundled resources. */
const arabic = (ns: string, key: string) => translate(resources as Bundles, "ar", ns, key);

/** Answers /locales/:lng/:ns.json from the bundled resources, and records what was asked. */
function serveLocales(failing: readonly string[] = []): string[] {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    const [, , lng, file] = url.split("/");
    const ns = file?.replace(/\.json$/, "") ?? "";
    if (failing.includes(ns)) return new Response("", { status: 503 });
    const bundle = (resources as Bundles)[lng ?? ""]?.[ns];
    return bundle ? Response.json(bundle) : new Response("", { status: 404 });
  });
  return asked;
}

/** The router state's `matches`, counting how often a render reads them. */
function routerState(handles: unknown[]) {
  const state = {
    reads: 0,
    get matches() {
      state.reads++;
      return handles.map((handle) => ({ route: { handle } }));
    },
  };
  return state;
}

/** How often Probe started rendering, and the `t` of each render that finished. */
type Log = { renders: number; ts: TFunction[] };
const newLog = (): Log => ({ renders: 0, ts: [] });

function Probe({ ns, keyName, log }: { ns: string; keyName: string; log: Log }): ReactNode {
  log.renders++;
  const { t, i18n } = useTranslation(ns);
  log.ts.push(t);
  return `${i18n.language}:${t(keyName)}`;
}

/** Renders Probe to the end, waiting for whatever it suspends on (no boundary: the whole render waits). */
async function render(
  translator: Translator,
  state: ReturnType<typeof routerState>,
  probe: { ns: string; keyName: string; log: Log },
): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    createElement(
      TranslationProvider,
      { value: translator },
      createElement(
        UNSAFE_DataRouterStateContext.Provider,
        { value: state as never },
        createElement(Probe, probe),
      ),
    ),
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the browser's translator", () => {
  it("translates the document's namespaces at once, without reading the router's state or fetching", async () => {
    const asked = serveLocales();
    const translator = createBrowserTranslator("ar", documentBundles());
    const state = routerState([{ i18n: ["catalog"] }]);
    const log = newLog();
    const html = await render(translator, state, { ns: "common", keyName: "errors.backHome", log });
    expect(html).toBe(`ar:${arabic("common", "errors.backHome")}`);
    expect(state.reads).toBe(0);
    expect(asked).toEqual([]);
    expect(translator.load?.("common")).toBeNull();
    expect(log.renders).toBe(1);
    expect(log.ts[0]).toBe(translator.getFixedT(null, ["common", "catalog"]));
  });

  it("suspends for a missing namespace, loads every declared one in that wait, then renders", async () => {
    const asked = serveLocales();
    const translator = createBrowserTranslator("ar", documentBundles());
    const state = routerState([{ i18n: "common" }, undefined, { i18n: ["catalog", "admin"] }]);
    const log = newLog();
    const html = await render(translator, state, { ns: "catalog", keyName: "courses.title", log });
    expect(html).toBe(`ar:${arabic("catalog", "courses.title")}`);
    expect(html).not.toContain("courses.title");
    // The page's language and its English fallback, for the asked namespace and for the one declared beside it.
    expect(asked.sort()).toEqual([
      "/locales/ar/admin.json",
      "/locales/ar/catalog.json",
      "/locales/en/admin.json",
      "/locales/en/catalog.json",
    ]);
    expect(state.reads).toBeGreaterThan(0);
    // Suspended once, then rendered with the translator's own `t` of the namespace.
    expect(log.renders).toBe(2);
    expect(log.ts).toHaveLength(1);
    expect(log.ts[0]).toBe(translator.getFixedT(null, "catalog"));

    // Once loaded, a render neither fetches again nor reads the router's state.
    const later = routerState([{ i18n: ["catalog"] }]);
    const again = await render(translator, later, { ns: "admin", keyName: "dashboard.title", log: newLog() });
    expect(again).toBe(`ar:${arabic("admin", "dashboard.title")}`);
    expect(later.reads).toBe(0);
    expect(asked).toHaveLength(4);
  });

  it("shows the keys when a namespace cannot be loaded, rather than waiting for ever", async () => {
    serveLocales(["catalog"]);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const translator = createBrowserTranslator(
      "en",
      (JSON.parse(documentTranslationsJson("en", [])) as DocumentTranslations).resources,
    );
    const html = await render(translator, routerState([]), {
      ns: "catalog",
      keyName: "courses.count",
      log: newLog(),
    });
    expect(html).toBe("en:courses.count");
    expect(logged).toHaveBeenCalledOnce();
  });
});
