// The translations written into the document must let the browser's i18next render exactly what the
// server's did, including English fallbacks, without shipping English in full on Arabic pages.
import { createInstance, type TFunction } from "i18next";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { DocumentTranslations } from "../../app/i18n/document-translations";
import {
  documentTranslationsJson,
  fallbackSubset,
  renderedNamespaces,
} from "../../app/i18n/document-translations.server";
import { i18nextOptions } from "../../app/i18n/i18next-options";
import { NAMESPACES } from "../../app/i18n/languages";
import { resources } from "../../app/i18n/resources.server";

const ARABIC_CATEGORIES = new Intl.PluralRules("ar").resolvedOptions().pluralCategories;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leafKeys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function fixedT(store: Record<string, Record<string, object>>, ns: string): TFunction {
  const instance = createInstance({
    ...i18nextOptions,
    ns: [ns],
    resources: store,
    lng: "ar",
    initAsync: false,
  });
  void instance.init();
  return instance.getFixedT("ar", ns);
}

/** Every key English has, asked with and without counts, answered the same by both stores. */
function expectSameAnswers(english: object, full: TFunction, partial: TFunction) {
  const keys = [...new Set(leafKeys(english).map((key) => key.replace(PLURAL, "")))];
  for (const key of keys) {
    for (const options of [
      {},
      { count: 0 },
      { count: 1 },
      { count: 2 },
      { count: 3 },
      { count: 11 },
      { count: 100 },
    ]) {
      expect(partial(key, { ...options, name: "N" }), `${key} ${JSON.stringify(options)}`).toEqual(
        full(key, { ...options, name: "N" }),
      );
    }
    expect(partial(key, { returnObjects: true }), key).toEqual(full(key, { returnObjects: true }));
  }
}

describe("fallbackSubset", () => {
  const english = {
    title: "Title",
    empty: "Empty in Arabic",
    nested: { kept: "Kept", lost: "Lost" },
    lessons_one: "{{count}} lesson",
    lessons_other: "{{count}} lessons",
    hours_one: "{{count}} hour",
    hours_other: "{{count}} hours",
    stats: [{ value: "1", label: "One" }],
    list: [{ value: "2", label: "Two" }],
  };
  const arabic = {
    title: "العنوان",
    empty: "",
    nested: { kept: "باق" },
    lessons_zero: "لا دروس",
    lessons_one: "درس",
    lessons_two: "درسان",
    lessons_few: "{{count}} دروس",
    lessons_many: "{{count}} درسًا",
    lessons_other: "{{count}} درس",
    hours_one: "ساعة",
    hours_other: "{{count}} ساعة",
    stats: [{ value: "١", label: "واحد" }],
    list: [{ value: "٢" }],
  };

  it("keeps only what an Arabic lookup can fall back to", () => {
    expect(fallbackSubset(arabic, english, ARABIC_CATEGORIES)).toEqual({
      empty: "Empty in Arabic",
      nested: { lost: "Lost" },
      hours_one: "{{count}} hour",
      hours_other: "{{count}} hours",
      list: [{ value: "2", label: "Two" }],
    });
  });

  it("answers every key as the full English store does (counts, objects, empty strings)", () => {
    const subset = fallbackSubset(arabic, english, ARABIC_CATEGORIES);
    const full = fixedT({ ar: { x: arabic }, en: { x: english } }, "x");
    const partial = fixedT({ ar: { x: arabic }, en: { x: subset } }, "x");
    expectSameAnswers(english, full, partial);
  });

  it("answers every real key of every namespace as the full store does", () => {
    for (const ns of NAMESPACES) {
      const subset = fallbackSubset(
        resources.ar[ns],
        resources.en[ns] as Record<string, unknown>,
        ARABIC_CATEGORIES,
      );
      const full = fixedT({ ar: { [ns]: resources.ar[ns] }, en: { [ns]: resources.en[ns] } }, ns);
      const partial = fixedT({ ar: { [ns]: resources.ar[ns] }, en: { [ns]: subset } }, ns);
      expectSameAnswers(resources.en[ns], full, partial);
    }
  });
});

describe("documentTranslationsJson", () => {
  const parse = (json: string) => JSON.parse(json) as DocumentTranslations;

  it("carries common and the declared namespaces of the page's language only, on English pages", () => {
    const payload = parse(documentTranslationsJson("en", ["catalog", "reviews"]));
    expect(payload.lng).toBe("en");
    expect(Object.keys(payload.resources)).toEqual(["en"]);
    expect(Object.keys(payload.resources.en ?? {}).sort()).toEqual(["catalog", "common", "reviews"]);
    expect(payload.resources.en?.catalog).toEqual(resources.en.catalog);
  });

  it("adds an English bundle per namespace on Arabic pages (empty while Arabic is complete)", () => {
    const payload = parse(documentTranslationsJson("ar", ["home"]));
    expect(payload.resources.ar?.home).toEqual(resources.ar.home);
    expect(Object.keys(payload.resources.en ?? {}).sort()).toEqual(["common", "home"]);
  });

  it("never lets a string close the <script> element", () => {
    for (const locale of ["en", "ar"] as const) {
      const json = documentTranslationsJson(locale, [...NAMESPACES]);
      expect(json).not.toContain("<");
      expect(parse(json).resources[locale]?.pages).toEqual(resources[locale].pages);
    }
  });
});

describe("renderedNamespaces", () => {
  it("reads handle.i18n of the matched routes and ignores anything else", () => {
    const context = {
      staticHandlerContext: {
        matches: [{ route: { id: "root" } }, { route: { id: "a" } }, { route: { id: "b" } }],
      },
      routeModules: {
        root: {},
        a: { handle: { i18n: ["catalog", "nope"] } },
        b: { handle: { i18n: "reviews" } },
      },
    } as unknown as EntryContext;
    expect(renderedNamespaces(context)).toEqual(["catalog", "reviews"]);
  });

  it("is empty when rendering happens without a router context", () => {
    expect(renderedNamespaces({} as EntryContext)).toEqual([]);
  });
});
