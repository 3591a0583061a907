// The invoices' pure rules (issue 47): the tax rate as configured, tax per line with one rounding rule whose
// lines add up to the totals, invoice numbers, the Saudi VAT number, the ZATCA QR payload checked against an
// independent implementation's published example, and the Umm al-Qura Hijri date beside the Gregorian one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gregorianDate, hijriDate } from "../../app/invoices/dates";
import { invoiceNumber, parseInvoiceNumber } from "../../app/invoices/numbering";
import { isSaudiVatNumber } from "../../app/invoices/seller";
import { parseTaxRate, taxLine, taxOrder } from "../../app/invoices/tax";
import { readZatcaQr, zatcaQrPayload } from "../../app/invoices/zatca-qr";

describe("the tax rate", () => {
  it("reads percents with up to two decimals, from 0 to 100", () => {
    expect(parseTaxRate("15")).toEqual({ basisPoints: 1500 });
    expect(parseTaxRate("7.5")).toEqual({ basisPoints: 750 });
    expect(parseTaxRate(" 0 ")).toEqual({ basisPoints: 0 });
    expect(parseTaxRate("100")).toEqual({ basisPoints: 10_000 });
    for (const bad of ["", "15%", "-5", "100.01", "1.234", "1e1", "abc", "0x10"])
      expect(parseTaxRate(bad), bad).toBeNull();
  });
});

describe("tax per line", () => {
  const saudi = { basisPoints: 1500 };

  it("takes the tax out of a price that includes it, rounded half up to the minor unit", () => {
    // 49.00 SAR including 15 %: net 42.61 (4900 / 1.15 = 4260.87), tax 6.39.
    expect(taxLine(4900, saudi, true)).toEqual({ net: 4261, tax: 639, gross: 4900 });
    // 115.00 including 15 %: exactly 100.00 + 15.00.
    expect(taxLine(11_500, saudi, true)).toEqual({ net: 10_000, tax: 1500, gross: 11_500 });
  });

  it("adds the tax to a price that excludes it", () => {
    expect(taxLine(10_000, saudi, false)).toEqual({ net: 10_000, tax: 1500, gross: 11_500 });
    // 0.03 at 15 % is 0.0045: rounds to 0; 0.10 is 0.015: half up to 0.02.
    expect(taxLine(3, saudi, false).tax).toBe(0);
    expect(taxLine(10, saudi, false).tax).toBe(2);
    // Egypt's 14 % and the UAE's 5 %.
    expect(taxLine(9999, { basisPoints: 1400 }, false).tax).toBe(1400);
    expect(taxLine(9999, { basisPoints: 500 }, true)).toEqual({ net: 9523, tax: 476, gross: 9999 });
  });

  it("charges no tax at 0 %, and refuses what is not an amount", () => {
    expect(taxLine(4900, { basisPoints: 0 }, true)).toEqual({ net: 4900, tax: 0, gross: 4900 });
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => taxLine(bad, saudi, true)).toThrow(RangeError);
  });

  it("always adds up: each line net + tax = gross, and the totals are the lines' sums, whatever the prices and rate", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (amounts, basisPoints, included) => {
          const order = taxOrder(amounts, { basisPoints }, included);
          for (const [index, line] of order.lines.entries()) {
            expect(line.net + line.tax).toBe(line.gross);
            expect(line.tax).toBeGreaterThanOrEqual(0);
            expect(included ? line.gross : line.net).toBe(amounts[index]);
          }
          expect(order.net + order.tax).toBe(order.gross);
          expect(order.gross).toBe(order.lines.reduce((sum, line) => sum + line.gross, 0));
        },
      ),
    );
  });
});

describe("invoice numbers", () => {
  it("print the series, the year and the sequence on six digits, and read back", () => {
    expect(invoiceNumber("invoice", 2026, 1)).toBe("INV-2026-000001");
    expect(invoiceNumber("creditNote", 2027, 1_234_567)).toBe("CN-2027-1234567");
    expect(parseInvoiceNumber("INV-2026-000042")).toEqual({ series: "invoice", year: 2026, sequence: 42 });
    // Wallet top-ups' receipts are their own series (issue 47, item 4).
    expect(invoiceNumber("receipt", 2026, 7)).toBe("RCT-2026-000007");
    expect(parseInvoiceNumber("RCT-2026-000007")).toEqual({ series: "receipt", year: 2026, sequence: 7 });
    expect(parseInvoiceNumber("CN-2026-000003")).toEqual({ series: "creditNote", year: 2026, sequence: 3 });
    for (const bad of ["INV-2026-42", "INV-2026-000000", "XX-2026-000001", "INV-26-000001", "RC-2026-000001"])
      expect(parseInvoiceNumber(bad), bad).toBeNull();
    expect(() => invoiceNumber("invoice", 2026, 0)).toThrow(RangeError);
  });
});

describe("the seller's Saudi VAT number", () => {
  it("is 15 digits that start and end with 3", () => {
    expect(isSaudiVatNumber("310122393500003")).toBe(true);
    for (const bad of [
      "31012239350000",
      "210122393500003",
      "310122393500002",
      "3101223935000033",
      "31012239350000x",
    ])
      expect(isSaudiVatNumber(bad), bad).toBe(false);
  });
});

describe("the ZATCA QR payload", () => {
  it("matches an independent implementation's published example byte for byte", () => {
    // SallaApp/ZATCA's README (https://github.com/SallaApp/ZATCA): Salla, 1234567891, 2021-07-12T14:25:09Z, 100.00, 15.00.
    expect(
      zatcaQrPayload({
        sellerName: "Salla",
        vatNumber: "1234567891",
        issuedAt: new Date("2021-07-12T14:25:09.000Z"),
        total: "100.00",
        vat: "15.00",
      }),
    ).toBe("AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=");
  });

  it("counts an Arabic name's length in UTF-8 bytes, and refuses a field over 255 bytes", () => {
    const payload = zatcaQrPayload({
      sellerName: "منارة للتسويق",
      vatNumber: "310122393500003",
      issuedAt: new Date("2026-12-07T10:00:00Z"),
      total: "49.00",
      vat: "6.39",
    });
    expect(Buffer.from(payload, "base64")[1]).toBe(Buffer.byteLength("منارة للتسويق"));
    expect(readZatcaQr(payload)).toEqual(
      new Map([
        [1, "منارة للتسويق"],
        [2, "310122393500003"],
        [3, "2026-12-07T10:00:00Z"],
        [4, "49.00"],
        [5, "6.39"],
      ]),
    );
    expect(() =>
      zatcaQrPayload({
        sellerName: "م".repeat(128),
        vatNumber: "3",
        issuedAt: new Date(0),
        total: "1",
        vat: "0",
      }),
    ).toThrow(RangeError);
  });
});

describe("an invoice's dates", () => {
  it("give the Umm al-Qura Hijri date beside the Gregorian one, on the seller's day in Riyadh", () => {
    // 21:30 UTC on 6 December is already 7 December in Riyadh (UTC+3).
    const at = new Date("2026-12-06T21:30:00Z");
    expect(gregorianDate(at, "en")).toBe("December 7, 2026");
    expect(hijriDate(at, "en")).toBe("Jumada II 27, 1448 AH");
    expect(hijriDate(at, "ar")).toBe("27 جمادى الآخرة 1448 هـ");
    expect(gregorianDate(at, "ar")).toBe("7 ديسمبر 2026");
  });
});
