// The server's useTranslation (app/i18n/use-translation.ts under the TranslationProvider app/entry.server.tsx
// renders) over the shared per-locale translators (app/middleware/i18next.server.ts): the same strings
// i18next gives, which is what react-i18next's hook handed out before the app had its own.
import { createInstance, type i18n as I18n } from "i18next";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  createServerI18n,
  getI18n,
  getLocaleFromContext,
  i18nFor,
  type ServerI18n,
} from "../../app/i18n/context.server";
import { i18nextOptions } from "../../app/i18n/i18next-options";
import { type Locale, NAMESPACES } from "../../app/i18n/languages";
import { resources } from "../../app/i18n/resources.server";
import { type Bundles, type TFunction, translate } from "../../app/i18n/translator";
import { TranslationProvider, useTranslation } from "../../app/i18n/use-translation";
import { i18nextMiddleware } from "../../app/middleware/i18next.server";

type Body = (t: TFunction) => string;

function Probe({ body }: { body: Body }): ReactNode {
  const { t } = useTranslation("catalog");
  const { t: common, i18n } = useTranslation();
  const { t: listed } = useTranslation(["reviews", "common"]);
  return `${body(t)}|${common("errors.backHome")}|${listed("common:errors.backHome")}|${i18n.language}`;
}

/** Collects the `t` it is handed for "catalog", alone and first of a list. */
function Keep({ seen }: { seen: TFunction[] }): ReactNode {
  seen.push(useTranslation("catalog").t, useTranslation(["catalog", "common"]).t);
  return null;
}

function render(i18n: ServerI18n, body: Body): string {
  return renderToStaticMarkup(
    createElement(TranslationProvider, { value: i18n }, createElement(Probe, { body })),
  );
}

/** What Probe renders, asked of i18next: react-i18next's hook was `getFixedT(null, first namespace)`. */
function reference(i18n: I18n, body: Body): string {
  const catalog = i18n.getFixedT(null, "catalog");
  const common = i18n.getFixedT(null, "common");
  const reviews = i18n.getFixedT(null, "reviews");
  return `${body(catalog)}|${common("errors.backHome")}|${reviews("common:errors.backHome")}|${i18n.language}`;
}

function i18next(locale: Locale): I18n {
  const instance = createInstance({ ...i18nextOptions, resources, lng: locale, initAsync: false });
  void instance.init();
  return instance;
}

describe("server-side translations", () => {
  it("gives the same strings as i18next, in both languages, with Arabic plural forms", () => {
    for (const locale of ["en", "ar"] as const)
      for (const count of [0, 1, 2, 3, 11, 100]) {
        const body: Body = (t) => t("courses.count", { count });
        expect(render(i18nFor(locale), body)).toBe(reference(i18next(locale), body));
      }
    expect(render(i18nFor("ar"), (t) => t("courses.count", { count: 2 }))).toContain("دورتان");
    expect(render(i18nFor("en"), (t) => t("courses.count", { count: 2 }))).toContain("2 courses");
  });

  it("hands out the translator's own t functions, the same on every render", () => {
    const seen: TFunction[] = [];
    const i18n = i18nFor("ar");
    for (let round = 0; round < 2; round++)
      renderToStaticMarkup(
        createElement(TranslationProvider, { value: i18n }, createElement(Keep, { seen })),
      );
    expect(seen).toHaveLength(4);
    for (const t of seen) expect(t).toBe(i18n.getFixedT(null, "catalog"));
  });

  it("refuses to render without a TranslationProvider", () => {
    expect(() => renderToStaticMarkup(createElement(Probe, { body: () => "" }))).toThrow(
      /TranslationProvider/,
    );
  });

  it("falls back to English for a key Arabic lacks, and reads other namespaces by prefix", () => {
    const bundles = {
      en: { ...resources.en, catalog: { ...resources.en.catalog, onlyInEnglishForTest: "English only" } },
      ar: resources.ar,
    };
    const ar = createServerI18n("ar", bundles);
    expect(render(ar, (t) => t("onlyInEnglishForTest"))).toContain("English only");
    expect(ar.getFixedT("ar", "catalog")("onlyInEnglishForTest")).toBe("English only");
    expect(render(i18nFor("en"), (t) => t("common:errors.backHome"))).toContain("Back to the home page");
  });

  it("getFixedT answers as i18next's for a language and a namespace, and reuses its functions", () => {
    for (const locale of ["en", "ar"] as const) {
      const ours = i18nFor(locale);
      const theirs = i18next(locale);
      expect(ours.getFixedT(locale, "catalog")("courses.count", { count: 3 })).toBe(
        theirs.getFixedT(locale, "catalog")("courses.count", { count: 3 }),
      );
      expect(ours.getFixedT(locale)("errors.backHome")).toBe(theirs.getFixedT(locale)("errors.backHome"));
      expect(ours.t("errors.backHome")).toBe(theirs.t("errors.backHome"));
      // The other language, asked explicitly (mails in the recipient's language).
      const other = locale === "en" ? "ar" : "en";
      expect(ours.getFixedT(other, "catalog")("courses.count", { count: 2 })).toBe(
        theirs.getFixedT(other, "catalog")("courses.count", { count: 2 }),
      );
      expect(ours.getFixedT(locale, "catalog")).toBe(ours.getFixedT(locale, "catalog"));
    }
  });

  it("remembers answers to plain keys without changing them, and never remembers unknown keys", () => {
    const leaves = (tree: unknown, prefix = ""): string[] =>
      typeof tree === "string"
        ? [prefix.replace(/_(zero|one|two|few|many|other)$/, "")]
        : tree && typeof tree === "object" && !Array.isArray(tree)
          ? Object.entries(tree).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key))
          : [];
    for (const locale of ["en", "ar"] as const) {
      const ours = createServerI18n(locale);
      for (const ns of NAMESPACES)
        for (const key of leaves(resources.en[ns])) {
          const expected = translate(resources as Bundles, locale, ns, key);
          const t = ours.getFixedT(locale, ns);
          expect(t(key), `${locale} ${ns}:${key}`).toBe(expected);
          expect(t(key), `${locale} ${ns}:${key} (remembered)`).toBe(expected);
        }
      const t = ours.getFixedT(locale, "catalog");
      expect(t("no.such.key")).toBe("no.such.key");
      expect(t("courses.count", { count: 2 })).toBe(
        translate(resources as Bundles, locale, "catalog", "courses.count", { count: 2 }),
      );
    }
  });

  it("takes the locale from the URL path alone, per request, on shared translators", async () => {
    const seen: string[] = [];
    for (const url of [
      "http://x/ar/courses",
      "http://x/courses?lng=ar",
      "http://x/ar.data",
      "http://x/arabic",
    ]) {
      const context = new RouterContextProvider();
      await i18nextMiddleware(
        {
          request: new Request(url, { headers: { "accept-language": "ar" } }),
          url: new URL(url),
          context,
        } as never,
        async () => new Response(null),
      );
      seen.push(`${getLocaleFromContext(context)}:${getI18n(context).language}`);
    }
    expect(seen).toEqual(["ar:ar", "en:en", "ar:ar", "en:en"]);
    expect(i18nFor("en")).toBe(i18nFor("en"));
  });
});
