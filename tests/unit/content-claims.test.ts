// The help pages promise only what the product does, and prices are not whole amounts (19.99 exists).
// Top-ups, the wallet history and account settings exist now (their lines were dropped). Checked in every
// locale file, in both languages.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../locales");

const UNTRUE: Record<"en" | "ar", RegExp[]> = {
  en: [/whole (amounts?|currency units?)|prices[^.]*whole numbers/i, /apply to teach from your profile/i],
  ar: [/مبالغ صحيحة|أرقامًا صحيحة|وحدات عملة صحيحة|مبلغًا صحيحًا/, /ملفك الشخصي/],
};

it("no page promises features that do not exist or whole-number prices", () => {
  const found: string[] = [];
  for (const locale of ["en", "ar"] as const) {
    for (const file of readdirSync(path.join(root, locale))) {
      const text = readFileSync(path.join(root, locale, file), "utf8");
      for (const pattern of UNTRUE[locale]) {
        const match = text.match(pattern);
        if (match) found.push(`${locale}/${file}: "${match[0]}"`);
      }
    }
  }
  expect(found).toEqual([]);
});
