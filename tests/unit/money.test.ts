import { describe, expect, it } from "vitest";
import { formatMoney, formatPrice } from "../../app/lib/money";

describe("money formatting", () => {
  it("turns minor units into a currency string for the locale", () => {
    expect(formatMoney(4900, "en", "USD")).toBe("$49.00");
    expect(formatMoney(123456, "en", "USD")).toBe("$1,234.56");
    // Arabic puts the ISO code after the amount; the digits follow the runtime's CLDR data.
    expect(formatMoney(4900, "ar", "USD")).toMatch(/^\u200f?(49\.00|٤٩٫٠٠)\s?USD$/);
  });

  it("respects currencies without minor units", () => {
    // formatMoney itself is general; CURRENCY is restricted to two-decimal codes elsewhere.
    expect(formatMoney(500, "en", "JPY")).toBe("¥500");
  });

  it("shows zero as the localized free label", () => {
    expect(formatPrice(0, "ar", "USD", "مجانية")).toBe("مجانية");
    expect(formatPrice(1, "en", "USD", "Free")).toBe("$0.01");
  });
});
