// The server build's thin useTranslation (app/i18n/react-i18next.server.ts) with the shared per-locale
// instances (app/middleware/i18next.server.ts): the same strings react-i18next's own hook gives.
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, useTranslation as reactUseTranslation } from "react-i18next";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { useTranslation } from "../../app/i18n/react-i18next.server";
import {
  getI18n,
  getLocaleFromContext,
  i18nextMiddleware,
  i18nFor,
} from "../../app/middleware/i18next.server";

type Hook = typeof useTranslation;

type Body = (t: ReturnType<Hook>["t"]) => string;

function Probe({ hook, body }: { hook: Hook; body: Body }): ReactNode {
  const [t] = hook("catalog");
  const { t: common } = hook();
  const { t: prefixed } = hook("common", { keyPrefix: "errors" });
  return `${body(t)}|${common("errors.backHome")}|${prefixed("backHome")}`;
}

function render(locale: "en" | "ar", hook: Hook, body: Body): string {
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: i18nFor(locale) }, createElement(Probe, { hook, body })),
  );
}

describe("server-side translations", () => {
  it("gives the same strings as react-i18next's hook, in both languages, with Arabic plural forms", () => {
    for (const locale of ["en", "ar"] as const)
      for (const count of [0, 1, 2, 3, 11, 100]) {
        const body = (t: ReturnType<Hook>["t"]) => t("courses.count", { count });
        expect(render(locale, useTranslation, body)).toBe(render(locale, reactUseTranslation as Hook, body));
      }
    expect(render("ar", useTranslation, (t) => t("courses.count", { count: 2 }))).toContain("دورتان");
    expect(render("en", useTranslation, (t) => t("courses.count", { count: 2 }))).toContain("2 courses");
  });

  it("falls back to English for a key Arabic lacks, and reads other namespaces by prefix", () => {
    // The first key of every namespace is in both files (the locales test); this one is only in English here.
    const ar = i18nFor("ar");
    ar.addResource("en", "catalog", "onlyInEnglishForTest", "English only");
    expect(render("ar", useTranslation, (t) => t("onlyInEnglishForTest"))).toContain("English only");
    expect(render("en", useTranslation, (t) => t("common:errors.backHome"))).toContain(
      "Back to the home page",
    );
  });

  it("takes the locale from the URL path alone, per request, on shared instances", async () => {
    const seen: string[] = [];
    for (const url of [
      "http://x/ar/courses",
      "http://x/courses?lng=ar",
      "http://x/ar.data",
      "http://x/arabic",
    ]) {
      const context = new RouterContextProvider();
      await i18nextMiddleware(
        { request: new Request(url, { headers: { "accept-language": "ar" } }), context } as never,
        async () => new Response(null),
      );
      seen.push(`${getLocaleFromContext(context)}:${getI18n(context).language}`);
    }
    expect(seen).toEqual(["ar:ar", "en:en", "ar:ar", "en:en"]);
    expect(i18nFor("en")).toBe(i18nFor("en"));
  });
});
