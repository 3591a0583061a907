// Typed amounts become exact integer minor units, and everything that is not a plain positive amount is refused.
import { describe, expect, it } from "vitest";
import { parseCurrencyAmount, toCurrencyUnits } from "../../app/wallet/wallet.server";

describe("parseCurrencyAmount", () => {
  it.each([
    ["10.1", 1010],
    ["0.29", 29],
    ["1.15", 115],
    ["4.35", 435],
    ["0.01", 1],
    ["10", 1000],
    ["10.50", 1050],
    [" 7.5 ", 750],
    ["1000000", 100_000_000],
    ["1000000.00", 100_000_000],
    ["0001.5", 150],
  ])("reads %j as %i minor units", (input, minorUnits) => {
    expect(parseCurrencyAmount(input)).toBe(minorUnits);
  });

  it.each([
    [10.1, 1010],
    [0.29, 29],
    [10.5, 1050],
    [1e3, 100_000],
    [1_000_000, 100_000_000],
  ])("reads the number %d as %i minor units", (input, minorUnits) => {
    expect(parseCurrencyAmount(input)).toBe(minorUnits);
  });

  it("reads Arabic-Indic digits and the Arabic decimal separator", () => {
    expect(parseCurrencyAmount("١٠٫٥")).toBe(1050);
    expect(parseCurrencyAmount("۲۵")).toBe(2500);
  });

  it.each([
    "1e3",
    "-5",
    "0",
    "0.00",
    "1.234",
    "abc",
    "",
    " ",
    ".5",
    "5.",
    "+5",
    "0x10",
    "1,000",
    "10,5",
    "1 000",
    "1000000.01",
    "10000000",
    "99999999999999999999",
    "Infinity",
    "NaN",
    "12abc",
  ])("refuses %j", (input) => {
    expect(parseCurrencyAmount(input)).toBeNull();
  });

  it.each([0, -5, 0.001, 1.234, 0.1 + 0.2, 1_000_000.01, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 1e-7])(
    "refuses the number %d",
    (input) => {
      expect(parseCurrencyAmount(input)).toBeNull();
    },
  );

  it("always returns an integer, never a float with rounding error", () => {
    for (let cents = 1; cents < 1000; cents++) {
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
      const minorUnits = parseCurrencyAmount(text);
      expect(Number.isInteger(minorUnits), text).toBe(true);
      expect(minorUnits, text).toBe(cents);
    }
  });
});

describe("toCurrencyUnits", () => {
  it("shows minor units as the API's plain numbers", () => {
    expect(toCurrencyUnits(1050)).toBe(10.5);
    expect(toCurrencyUnits(29)).toBe(0.29);
    expect(toCurrencyUnits(0)).toBe(0);
  });
});
