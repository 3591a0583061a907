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
