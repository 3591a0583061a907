// An order's VAT (issue 47, decision 072), as a property: for the rates the Gulf and Egypt charge (0, 5, 14,
// 15 %) and currencies with 0, 2 and 3 minor digits (JPY, SAR, KWD), prices with or without tax, any
// items and coupon shares: every line's net + tax = gross, the totals are the lines' sums, the order's
// check constraint holds, each line's tax is the exact tax rounded half up, and the amounts the QR code and
// the CSV print (with the currency's digits) add up too.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readBuyerFields } from "../../app/invoices/buyer";
import { taxOrderItems, taxRateLabel } from "../../app/invoices/tax";
import { minorUnitDigits, toAmountText } from "../../app/lib/money";

const RATES = [0, 500, 1400, 1500] as const;
const CURRENCIES = ["JPY", "SAR", "KWD"] as const;

/** A decimal text back to integer minor units without floating point. */
function textToMinor(text: string, digits: number): number {
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

describe("an order's VAT", () => {
  it("adds up for rates 0, 5, 14, 15 % and currencies with 0, 2, 3 digits", () => {
    expect(CURRENCIES.map(minorUnitDigits)).toEqual([0, 2, 3]);
    const item = fc
      .integer({ min: 0, max: 50_000_000 })
      .chain((price) =>
        fc.record({ price: fc.constant(price), discount: fc.integer({ min: 0, max: price }) }),
      );
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 50 }),
        fc.constantFrom(...RATES),
        fc.constantFrom(...CURRENCIES),
        fc.boolean(),
        (items, basisPoints, currency, included) => {
          const order = taxOrderItems(items, { basisPoints }, included);
          const sum = (pick: (line: (typeof order.lines)[number]) => number) =>
            order.lines.reduce((total, line) => total + pick(line), 0);
          for (const [index, line] of order.lines.entries()) {
            const { price, discount } = items[index] as { price: number; discount: number };
            const paid = price - discount;
            expect(line.net + line.tax).toBe(line.gross);
            expect(included ? line.gross : line.net).toBe(paid);
            // The exact tax, rounded half up: within half a minor unit (twice over to stay in integers).
            const exactTimes = included
              ? (paid * basisPoints) / (10_000 + basisPoints)
              : (paid * basisPoints) / 10_000;
            expect(Math.abs(2 * line.tax - 2 * exactTimes)).toBeLessThanOrEqual(1 + 1e-9);
          }
          expect(order.net).toBe(sum((line) => line.net));
          expect(order.tax).toBe(sum((line) => line.tax));
          expect(order.total).toBe(sum((line) => line.gross));
          expect(order.net + order.tax).toBe(order.total);
          // orders_amounts_valid (drizzle/0030_tax_invoices.sql).
          expect(order.total).toBe(order.subtotal - order.discount + (included ? 0 : order.tax));
          expect(order.tax).toBeLessThanOrEqual(order.total);
          // What the QR code and the CSV print, read back, adds up the same way.
          const digits = minorUnitDigits(currency);
          const printed = (minor: number) => textToMinor(toAmountText(minor, currency), digits);
          expect(printed(order.total)).toBe(order.total);
          expect(printed(order.net) + printed(order.tax)).toBe(printed(order.total));
          expect(order.lines.reduce((total, line) => total + printed(line.gross), 0)).toBe(
            printed(order.total),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("prints the rate as people read it, in both languages", () => {
    expect(taxRateLabel(1500, "en")).toBe("15%");
    expect(taxRateLabel(750, "en")).toBe("7.5%");
    expect(taxRateLabel(1500, "ar")).toMatch(/15/);
  });
});

describe("a business buyer at checkout", () => {
  it("is both a company and a VAT number, or neither", () => {
    expect(readBuyerFields("", " ")).toEqual({ ok: true, buyer: null });
    expect(readBuyerFields("شركة الأفق", "3001-2345 6700 003")).toEqual({
      ok: true,
      buyer: { company: "شركة الأفق", vatNumber: "300123456700003" },
    });
    expect(readBuyerFields("شركة الأفق", "")).toEqual({ ok: false, key: "checkout.errors.vatNumber" });
    expect(readBuyerFields("", "300123456700003")).toEqual({ ok: false, key: "checkout.errors.company" });
    expect(readBuyerFields("Acme", "12")).toEqual({ ok: false, key: "checkout.errors.vatNumber" });
    expect(readBuyerFields("Acme", "3".repeat(41))).toEqual({ ok: false, key: "checkout.errors.vatNumber" });
    expect(readBuyerFields("Ac\u0000me", "300123456700003")).toEqual({
      ok: false,
      key: "checkout.errors.company",
    });
  });
});
