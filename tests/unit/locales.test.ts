// Arabic is a full translation: every key English has must exist, non-empty, in Arabic.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(value: unknown, prefix = ""): Map<string, unknown> {
  const result = new Map<string, unknown>();
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, leafValue] of leaves(child, prefix ? `${prefix}.${key}` : key))
        result.set(leaf, leafValue);
    }
  } else {
    result.set(prefix, value);
  }
  return result;
}

const read = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(root, locale, file), "utf8"));
const files = readdirSync(path.join(root, "en")).filter((file) => file.endsWith(".json"));

describe.each(files)("locales/%s", (file) => {
  const english = leaves(read("en", file));
  const arabic = leaves(read("ar", file));

  it("exists in Arabic with every English key, none empty", () => {
    const missing: string[] = [];
    for (const key of english.keys()) {
      // English plurals (_one/_other) map onto Arabic's six forms; _other must exist in both.
      const arabicKey = PLURAL.test(key) ? key.replace(PLURAL, "_other") : key;
      const value = arabic.get(arabicKey);
      if (typeof value !== "string" || value.trim() === "") missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  it("has no English key left untranslated (identical text) except identifiers and addresses", () => {
    const copied = [...english.entries()].filter(([key, value]) => {
      if (typeof value !== "string" || !/[A-Za-z]{4,}/.test(value)) return false;
      if (/\.icon$/.test(key) || /@|https?:/.test(value)) return false;
      return arabic.get(key) === value;
    });
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});

it("Arabic has no keys English lacks (except Arabic plural forms)", () => {
  for (const file of files) {
    const english = leaves(read("en", file));
    const extra = [...leaves(read("ar", file)).keys()].filter(
      (key) => !english.has(key) && !(PLURAL.test(key) && english.has(key.replace(PLURAL, "_other"))),
    );
    expect(extra, file).toEqual([]);
  }
});

// Counts: i18next picks the plural form from `count`; Arabic has six (zero, one, two, few, many, other) and
// "5 دقيقة" instead of "5 دقائق" is exactly the slip a single form makes.
const ARABIC_FORMS = ["zero", "one", "two", "few", "many", "other"] as const;
/** Interpolations that carry a number of things must be called `count`, or no plural form is chosen. */
const COUNT_LIKE = /\{\{\s*(minutes|seconds|hours|days|items|lessons|courses|learners|users|n|number)\s*\}\}/;

describe("plural counts", () => {
  it("every English string with {{count}} is a plural key, and no count hides under another name", () => {
    const problems: string[] = [];
    for (const file of files) {
      for (const [key, value] of leaves(read("en", file))) {
        if (typeof value !== "string") continue;
        if (value.includes("{{count}}") && !PLURAL.test(key))
          problems.push(`${file} ${key}: not a plural key`);
        if (COUNT_LIKE.test(value))
          problems.push(`${file} ${key}: ${value.match(COUNT_LIKE)?.[0]} is a count`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every count key has all six Arabic forms and English one/other", () => {
    const problems: string[] = [];
    for (const file of files) {
      const english = leaves(read("en", file));
      const arabic = leaves(read("ar", file));
      const bases = new Set(
        [...english.keys()].filter((key) => PLURAL.test(key)).map((k) => k.replace(PLURAL, "")),
      );
      for (const base of bases) {
        for (const form of ["one", "other"])
          if (!english.has(`${base}_${form}`)) problems.push(`en ${file} ${base}_${form}`);
        for (const form of ARABIC_FORMS) {
          const value = arabic.get(`${base}_${form}`);
          if (typeof value !== "string" || value.trim() === "") problems.push(`ar ${file} ${base}_${form}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("every t(key, { count }) in the app names a plural key", () => {
    const appRoot = path.resolve(import.meta.dirname, "../../app");
    const sources = readdirSync(appRoot, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => readFileSync(path.join(appRoot, file), "utf8"));
    const allEnglish = files.map((file) => leaves(read("en", file)));
    const calls = sources.flatMap((source) =>
      [...source.matchAll(/\bt\(\s*"([\w:.]+)",\s*\{[^}]*\bcount\b/g)].map((match) => match[1] ?? ""),
    );
    expect(calls.length).toBeGreaterThan(5);
    const unknown = calls.filter((call) => {
      const key = call.includes(":") ? call.split(":")[1] : call;
      return !allEnglish.some((english) => english.has(`${key}_other`));
    });
    expect(unknown).toEqual([]);
  });
});
