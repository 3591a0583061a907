// What an issued document says before a renderer lays it out (app/invoices/presentation.ts): the kind's
// titles, the facts a kind has and has not, the columns and totals with the currency's digits, the Riyadh time.
import { describe, expect, it } from "vitest";
import { issueTimeText, presentDocument, taxRateText, valueIn } from "../../app/invoices/presentation";
import { creditNote, receipt, simplifiedInvoice, standardInvoice } from "../fakes/issued-documents";

const labels = (facts: { label: { en: string } }[]) => facts.map((fact) => fact.label.en);

describe("presentDocument", () => {
  it("titles each kind in Arabic and English", () => {
    expect(presentDocument(simplifiedInvoice).title).toEqual({
      ar: "فاتورة ضريبية مبسطة",
      en: "Simplified tax invoice",
    });
    expect(presentDocument(standardInvoice).title).toEqual({ ar: "فاتورة ضريبية", en: "Tax invoice" });
    expect(presentDocument(creditNote).title).toEqual({ ar: "إشعار دائن", en: "Credit note" });
    expect(presentDocument(receipt).title).toEqual({ ar: "إيصال استلام", en: "Receipt" });
  });

  it("names the buyer's company and VAT number only when given", () => {
    expect(labels(presentDocument(simplifiedInvoice).buyer.facts)).toEqual(["Email"]);
    const standard = presentDocument(standardInvoice).buyer.facts;
    expect(labels(standard)).toEqual(["Company", "VAT registration number", "Email"]);
    expect(standard[1]?.value).toBe("300000000000003");
  });

  it("gives the dates in both calendars and the time in Riyadh to the second", () => {
    const facts = presentDocument(simplifiedInvoice).facts;
    const hijri = facts.find((fact) => fact.label.en === "Hijri date (Umm al-Qura)");
    expect(valueIn(hijri?.value ?? "", "en")).toBe("Ramadan 1, 1446 AH");
    expect(valueIn(hijri?.value ?? "", "ar")).toBe("1 رمضان 1446 هـ");
    expect(issueTimeText(new Date("2025-03-01T11:05:09Z"))).toBe("14:05:09");
    // Past midnight in Riyadh, still the evening before in UTC.
    expect(issueTimeText(new Date("2025-03-01T21:30:00Z"))).toBe("00:30:00");
  });

  it("names the invoice a credit note refers to, and calls its payment a refund", () => {
    const facts = labels(presentDocument(creditNote).facts);
    expect(facts).toContain("For invoice");
    expect(facts).toContain("Refund method");
    expect(facts).not.toContain("Payment method");
    expect(labels(presentDocument(simplifiedInvoice).facts)).not.toContain("For invoice");
  });

  it("prints lines with net, VAT rate, VAT and gross, and the totals, in the currency's digits", () => {
    const p = presentDocument(simplifiedInvoice);
    expect(p.columns.map((column) => column.key)).toEqual(["description", "net", "taxRate", "tax", "gross"]);
    expect(p.rows[0]?.cells).toEqual(["433.91", "15%", "65.09", "499.00"]);
    expect(p.totals.map((total) => total.value)).toEqual(["606.95 SAR", "91.05 SAR", "698.00 SAR"]);
    const yen = presentDocument({
      ...simplifiedInvoice,
      currency: "JPY",
      subtotal: 1000,
      tax: 100,
      total: 1100,
    });
    expect(yen.totals.map((total) => total.value)).toEqual(["1000 JPY", "100 JPY", "1100 JPY"]);
  });

  it("gives a receipt no VAT columns and no QR code, even were one passed", () => {
    const p = presentDocument({ ...receipt, qr: simplifiedInvoice.qr });
    expect(p.columns.map((column) => column.key)).toEqual(["description", "amount"]);
    expect(p.totals).toEqual([
      { label: { ar: "المبلغ المستلم", en: "Amount received" }, value: "25.500 KWD", grand: true },
    ]);
    expect(p.qr).toBeNull();
  });

  it("passes doc.qr through exactly", () => {
    expect(presentDocument(creditNote).qr).toBe(creditNote.qr);
  });
});

describe("taxRateText", () => {
  it("prints basis points as a percentage without trailing zeros", () => {
    expect(taxRateText(1500)).toBe("15%");
    expect(taxRateText(500)).toBe("5%");
    expect(taxRateText(1250)).toBe("12.5%");
    expect(taxRateText(1)).toBe("0.01%");
    expect(taxRateText(0)).toBe("0%");
  });
});
