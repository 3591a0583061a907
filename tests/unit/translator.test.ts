// The browser's small translator (app/i18n/translator.ts) must answer exactly as i18next does on the server:
// every key of every namespace, in both languages, with and without counts and variables.
import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nextOptions } from "../../app/i18n/i18next-options";
import { NAMESPACES } from "../../app/i18n/languages";
import { resources } from "../../app/i18n/resources.server";
import { type Bundles, translate } from "../../app/i18n/translator";

const PLURAL = /_(zero|one|two|few|many|other)$/;

function server(store: Bundles, lng: string): I18n {
  const instance = createInstance({ ...i18nextOptions, resources: store as never, lng, initAsync: false });
  void instance.init();
  return instance;
}

/** Every string leaf (asked with t(key)) and every array or object (asked with returnObjects). */
function paths(value: unknown, prefix = ""): { strings: string[]; objects: string[] } {
  if (typeof value === "string") return { strings: [prefix], objects: [] };
  if (value === null || typeof value !== "object") return { strings: [], objects: [] };
  const result = { strings: [] as string[], objects: prefix ? [prefix] : [] };
  if (Array.isArray(value)) return result;
  for (const [key, child] of Object.entries(value)) {
    const inner = paths(child, prefix ? `${prefix}.${key}` : key);
    result.strings.push(...inner.strings);
    result.objects.push(...inner.objects);
  }
  return result;
}

const OPTION_SETS = [
  {},
  { count: 0 },
  { count: 1 },
  { count: 2 },
  { count: 3 },
  { count: 11 },
  { count: 100 },
  { count: 1.5 },
  // Every variable the strings use, including one set to undefined (named, so it becomes "").
  {
    count: 4,
    title: "T",
    name: "N",
    date: "D",
    amount: 5,
    code: "C",
    max: 9,
    index: 2,
    completed: undefined,
  },
];

function expectSame(store: Bundles, lng: string, namespace: string, english: object) {
  const t = server(store, lng).getFixedT(lng, namespace);
  const { strings, objects } = paths(english);
  const bases = [...new Set(strings.map((key) => key.replace(PLURAL, "")))];
  for (const base of bases) {
    for (const key of [base, `${namespace}:${base}`]) {
      for (const options of OPTION_SETS) {
        expect(
          translate(store, lng, namespace, key, options),
          `${lng} ${key} ${JSON.stringify(options)}`,
        ).toEqual(t(key, options));
      }
    }
  }
  // Arrays and objects (the home page's stats, the FAQ) come whole, with their strings interpolated.
  for (const key of objects) {
    const options = { returnObjects: true, name: "N" };
    expect(translate(store, lng, namespace, key, options), `${lng} ${key}`).toEqual(t(key, options));
  }
}

describe("translate answers as i18next", () => {
  it.each(["en", "ar"])("every key of every namespace in %s", (lng) => {
    for (const ns of NAMESPACES) expectSame(resources as Bundles, lng, ns, resources.en[ns]);
  });

  it("a key from another namespace, as react-i18next's first-namespace rule", () => {
    const i18n = server(resources as Bundles, "ar");
    expect(translate(resources as Bundles, "ar", "catalog", "common:nav.courses")).toBe(
      i18n.getFixedT("ar", "catalog")("common:nav.courses"),
    );
    expect(translate(resources as Bundles, "ar", "catalog", "nav.courses")).toBe(
      i18n.getFixedT("ar", "catalog")("nav.courses"),
    );
  });

  it("falls back to English for what Arabic lacks or leaves empty, per language plural rules", () => {
    const store: Bundles = {
      en: {
        x: {
          only: "English only",
          empty: "English {{name}}",
          items_one: "{{count}} item",
          items_other: "{{count}} items",
          nested: { deep: "Deep {{a.b}}" },
          list: [{ q: "Q {{name}}" }],
        },
      },
      ar: { x: { empty: "", items_one: "عنصر", items_other: "{{count}} عنصر", nested: {} } },
    };
    expectSame(store, "ar", "x", store.en?.x as object);
    // Arabic has no _few form here, so 3 falls back to English, which picks its own form (_other).
    expect(translate(store, "ar", "x", "items", { count: 3 })).toBe("3 items");
    expect(translate(store, "ar", "x", "items", { count: 1 })).toBe("عنصر");
    expect(translate(store, "ar", "x", "empty", { name: "N" })).toBe("English N");
    expect(translate(store, "ar", "x", "missing.key")).toBe("missing.key");
  });
});
