// Currencies with 0, 2 or 3 minor digits (issue 46, item 7): ISO 4217 decides how many minor units a
// currency has; typing, validation, the API's numbers and the OpenAPI document follow it.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  amountSchema,
  formatMoney,
  minorUnitDigits,
  parseAmount,
  toAmountText,
  toCurrencyUnits,
} from "../../app/lib/money";
import { parsePrice, priceField } from "../../app/studio/inputs";
import { amountField, parseCurrencyAmount } from "../../app/wallet/wallet.server";

describe("ISO 4217 minor digits", () => {
  it.each([
    ["SAR", 2],
    ["AED", 2],
    ["EGP", 2],
    ["KWD", 3],
    ["BHD", 3],
    ["OMR", 3],
    ["JOD", 3],
    // ISO says 3; CLDR's cash digits (what Intl reports) say 0.
    ["IQD", 3],
    ["JPY", 0],
  ])("%s has %i", (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });
});

describe("formatting", () => {
  // Intl puts a no-break space between the code and the amount.
  const shown = (minorUnits: number, currency: string) =>
    formatMoney(minorUnits, "en", currency).replace(/\s/g, " ");

  it("shows every minor digit the currency has", () => {
    expect(shown(1_500, "KWD")).toBe("KWD 1.500");
    expect(shown(4_900, "SAR")).toBe("SAR 49.00");
    expect(shown(4_900, "JPY")).toBe("¥4,900");
    expect(shown(1_250, "IQD")).toBe("IQD 1.250");
    expect(formatMoney(1_500, "ar", "KWD")).toMatch(/^\u200f?(1\.500|١٫٥٠٠)\s?KWD$/);
  });

  it("gives the API's numbers and the form's text in currency units", () => {
    expect(toCurrencyUnits(10_125, "KWD")).toBe(10.125);
    expect(toCurrencyUnits(1_050, "SAR")).toBe(10.5);
    expect(toCurrencyUnits(500, "JPY")).toBe(500);
    expect(toAmountText(10_100, "KWD")).toBe("10.100");
    expect(toAmountText(4_990, "SAR")).toBe("49.90");
    expect(toAmountText(4_900, "JPY")).toBe("4900");
  });
});

describe("typed amounts", () => {
  it.each([
    ["KWD", "10.125", 10_125],
    ["KWD", "10.1", 10_100],
    ["KWD", "١٠٫١٢٥", 10_125],
    ["KWD", 0.001, 1],
    ["SAR", "10.5", 1_050],
    ["SAR", 0.29, 29],
    ["JPY", "500", 500],
    ["JPY", 500, 500],
  ])("%s: %j is %i minor units", (currency, typed, minorUnits) => {
    expect(parseAmount(typed, minorUnitDigits(currency), 7)).toBe(minorUnits);
  });

  it.each([
    ["KWD", "10.1255"],
    ["SAR", "10.125"],
    ["JPY", "500.5"],
    ["JPY", "500."],
    ["SAR", "-1"],
    ["SAR", "1e3"],
  ])("%s refuses %j", (currency, typed) => {
    expect(parseAmount(typed, minorUnitDigits(currency), 7)).toBeNull();
  });

  it("the wallet and the studio take the currency's digits", () => {
    expect(parseCurrencyAmount("1000000", "KWD")).toBe(1_000_000_000);
    expect(parseCurrencyAmount("1000000.001", "KWD")).toBeNull();
    expect(parseCurrencyAmount("0.5", "JPY")).toBeNull();
    expect(parsePrice("49.900", "KWD")).toBe(49_900);
    expect(parsePrice("49.90", "JPY")).toBeNull();
    expect(parsePrice("4900", "JPY")).toBe(4_900);
  });
});

describe("schemas, and so the OpenAPI document", () => {
  const kwd = amountField(1, 1_000_000_000, "invalid", "invalid", "KWD");
  const jpy = amountField(1, 1_000_000, "invalid", "invalid", "JPY");
  const sar = amountField(1, 100_000_000, "invalid", "invalid", "SAR");

  it("a JSON number is a multiple of the currency's smallest unit", () => {
    expect(kwd.parse(10.125)).toBe(10_125);
    expect(kwd.safeParse(10.1255).success).toBe(false);
    expect(sar.parse(10.5)).toBe(1_050);
    expect(sar.safeParse(10.125).success).toBe(false);
    expect(jpy.parse(500)).toBe(500);
    expect(jpy.safeParse(500.5).success).toBe(false);
  });

  it("the document states the step and the bounds in currency units", () => {
    const numberBranch = (schema: z.ZodType) =>
      (
        z.toJSONSchema(schema, { io: "input" }) as {
          anyOf: { type: string; multipleOf?: number; maximum?: number }[];
        }
      ).anyOf.find((branch) => branch.type === "number");
    expect(numberBranch(kwd)).toMatchObject({ multipleOf: 0.001, maximum: 1_000_000 });
    expect(numberBranch(sar)).toMatchObject({ multipleOf: 0.01, maximum: 1_000_000 });
    expect(numberBranch(jpy)).toMatchObject({ multipleOf: 1, maximum: 1_000_000 });
    expect(numberBranch(priceField("KWD"))).toMatchObject({
      multipleOf: 0.001,
      minimum: 0,
      maximum: 100_000,
    });
  });

  it("text follows the same rule, and an empty price asks for one", () => {
    expect(kwd.parse("١٠٫١٢٥")).toBe(10_125);
    expect(jpy.safeParse("10.5").success).toBe(false);
    const price = priceField("JPY").safeParse("");
    expect(price.success ? null : price.error.issues[0]?.message).toBe("errors.priceRequired");
    expect(priceField("KWD").parse(0)).toBe(0);
    expect(amountSchema({ currency: "OMR", min: 1, max: 5_000, invalid: "x" }).parse("4.999")).toBe(4_999);
  });
});
