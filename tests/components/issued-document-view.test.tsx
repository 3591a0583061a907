// An issued document on a web page (app/components/invoices/issued-document-view.tsx), in English and in
// Arabic: the page's language first and the other beneath, each marked with its `lang`; names as the buyer
// typed them (`dir="auto"`); the ZATCA QR code an inline SVG of doc.qr with an accessible name; no QR code on a
// receipt; and the amounts with the currency's digits.
import { within } from "@testing-library/react";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { IssuedDocumentView, zatcaQrSvg } from "../../app/components/invoices/issued-document-view";
import type { IssuedDocument } from "../../app/invoices/document";
import { creditNote, receipt, simplifiedInvoice } from "../fakes/issued-documents";
import { type PageProps, renderPage, serverHtml } from "./render";

type Data = { doc: IssuedDocument; pdfHref?: string };

function Page({ loaderData }: PageProps<Data>) {
  return <IssuedDocumentView doc={loaderData.doc} pdfHref={loaderData.pdfHref} />;
}

const open = (url: string, doc: IssuedDocument, pdfHref?: string) =>
  serverHtml<Data>({ path: "/account/billing", url, loaderData: { doc, pdfHref }, Page });

describe("an issued document's web view", () => {
  it("puts English first on an English page, the Arabic beneath with its language", () => {
    const page = open("/account/billing", simplifiedInvoice, "/api/orders/42/invoice.pdf");
    const title = within(page).getByRole("heading", { level: 2 });
    const [first, second] = [...title.querySelectorAll("[lang]")];
    expect(first?.textContent).toBe("Simplified tax invoice");
    expect(first?.getAttribute("lang")).toBe("en");
    expect(second?.textContent).toBe("فاتورة ضريبية مبسطة");
    expect(second?.getAttribute("lang")).toBe("ar");
    expect(second?.getAttribute("dir")).toBe("rtl");
    expect(within(page).getByTestId("document-number").textContent).toBe("INV-2025-000042");
    const link = within(page).getByRole("link", { name: "Download INV-2025-000042 as a PDF" });
    expect(link.getAttribute("href")).toBe("/api/orders/42/invoice.pdf");
  });

  it("puts Arabic first on an Arabic page", () => {
    const page = open("/ar/account/billing", simplifiedInvoice);
    const title = within(page).getByRole("heading", { level: 2 });
    const [first, second] = [...title.querySelectorAll("[lang]")];
    expect(first?.textContent).toBe("فاتورة ضريبية مبسطة");
    expect(first?.getAttribute("lang")).toBe("ar");
    expect(second?.textContent).toBe("Simplified tax invoice");
    expect(second?.getAttribute("dir")).toBe("ltr");
    expect(within(page).getByRole("heading", { name: /^البائع/ })).toBeTruthy();
    // The Umm al-Qura date in Arabic first, the English beneath.
    expect(page.textContent).toContain("1 رمضان 1446 هـ");
    expect(page.textContent).toContain("Ramadan 1, 1446 AH");
  });

  it("draws the QR code of doc.qr as an inline SVG with an accessible name", () => {
    const page = open("/account/billing", simplifiedInvoice);
    const qr = within(page).getByRole("img", { name: /ZATCA QR code of INV-2025-000042/ });
    const svg = qr.querySelector("svg");
    expect(svg).not.toBeNull();
    // The very SVG qrcode draws for doc.qr (compared as parsed markup: the DOM writes it back its own way).
    const expected = document.createElement("div");
    expected.innerHTML = zatcaQrSvg(simplifiedInvoice.qr ?? "");
    expect(svg?.isEqualNode(expected.querySelector("svg"))).toBe(true);
    // The SVG's modules are those of doc.qr's QR code: as many as its size asks for, with the quiet zone.
    const size = QRCode.create(simplifiedInvoice.qr ?? "", { errorCorrectionLevel: "M" }).modules.size;
    expect(svg?.getAttribute("viewBox")).toBe(`0 0 ${size + 8} ${size + 8}`);
  });

  it("prints what a person typed with its own direction", () => {
    const page = open("/account/billing", simplifiedInvoice);
    const buyer = within(page).getByText("ليلى الحربي");
    expect(buyer.getAttribute("dir")).toBe("auto");
    const line = within(page).getByText("Cloud Computing Fundamentals");
    expect(line.getAttribute("dir")).toBe("auto");
  });

  it("lists the lines and the totals with the currency's digits", () => {
    const page = open("/account/billing", simplifiedInvoice);
    const rows = within(page).getAllByRole("row");
    // The header and two lines.
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["433.91", "15%", "65.09", "499.00"]);
    const totals = within(page).getByTestId("document-totals");
    expect(
      within(totals)
        .getAllByRole("definition")
        .map((value) => value.textContent),
    ).toEqual(["606.95 SAR", "91.05 SAR", "698.00 SAR"]);
  });

  it("names the invoice a credit note refers to", () => {
    const page = open("/account/billing", creditNote);
    expect(within(page).getByRole("heading", { level: 2 }).textContent).toContain("Credit note");
    expect(page.textContent).toContain("For invoice");
    expect(page.textContent).toContain("INV-2025-000042");
    expect(within(page).getByRole("img", { name: /CN-2025-000007/ })).toBeTruthy();
  });

  it("shows a receipt without VAT and without a QR code, in three-digit dinars", () => {
    const page = open("/ar/account/billing", receipt);
    expect(within(page).getByRole("heading", { level: 2 }).textContent).toContain("إيصال");
    expect(within(page).queryByTestId("document-qr")).toBeNull();
    expect(within(page).getAllByRole("columnheader")).toHaveLength(2);
    expect(within(page).getByTestId("document-totals").textContent).toContain("25.500 KWD");
  });

  it("renders the same once hydrated", () => {
    const { getByTestId } = renderPage<Data>({
      path: "/account/billing",
      url: "/ar/account/billing",
      loaderData: { doc: simplifiedInvoice },
      Page,
    });
    expect(getByTestId("document-qr").querySelector("svg")).not.toBeNull();
  });
});
