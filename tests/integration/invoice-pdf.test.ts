// An issued document's PDF as a buyer and an accountant read it (issue 47): the ZATCA QR code read back from
// the PDF's image by a QR decoder (zbarimg) gives the five TLV fields with the document's values, the Arabic
// seller name's length counted in bytes; pdftotext gives the Arabic title and the number exactly; every kind
// renders, a receipt without a QR code; and without Chromium react-pdf draws a page whose QR code still reads.
// Needs poppler-utils, zbar-tools and Chromium (installed by .ci/run).
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IssuedDocument } from "../../app/invoices/document";
import { renderIssuedDocumentPdf } from "../../app/invoices/pdf.server";
import { readZatcaQr } from "../../app/invoices/zatca-qr";
import { captureLogs } from "../../app/lib/logger.server";
import { pdfChromium } from "../../app/lib/pdf/chromium.server";
import {
  creditNote,
  receipt,
  SELLER_NAME_AR,
  SELLER_VAT,
  simplifiedInvoice,
  standardInvoice,
} from "../fakes/issued-documents";

const run = promisify(execFile);
let dir: string;
const rendered = new Map<string, string>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "manara-invoice-pdf-"));
  // One Chromium at a time: the machine has two cores.
  for (const doc of [simplifiedInvoice, standardInvoice, creditNote, receipt]) {
    rendered.set(doc.number, await save(doc.number, await renderIssuedDocumentPdf(doc)));
  }
}, 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function save(name: string, bytes: Uint8Array): Promise<string> {
  const target = path.join(dir, `${name}.pdf`);
  await writeFile(target, bytes);
  return target;
}

function pdfOf(doc: IssuedDocument): string {
  const target = rendered.get(doc.number);
  if (!target) throw new Error(`not rendered: ${doc.number}`);
  return target;
}

/** pdftotext's text, without the bidi marks it wraps right-to-left runs in. */
async function text(target: string): Promise<string> {
  const { stdout } = await run("pdftotext", ["-enc", "UTF-8", target, "-"]);
  return stdout.replace(/[\u202a-\u202e\u200e\u200f]/g, "");
}

/** The page's images as PNG files (pdfimages), each decoded by zbarimg: the QR codes' texts. */
async function qrCodesInImages(target: string): Promise<string[]> {
  const out = path.join(dir, `${path.basename(target, ".pdf")}-images`);
  await mkdir(out, { recursive: true });
  await run("pdfimages", ["-png", target, path.join(out, "image")]);
  const images = (await readdir(out)).map((name) => path.join(out, name));
  if (images.length === 0) return [];
  return zbar(images);
}

/** The page rasterized at 200 dpi (pdftoppm), decoded by zbarimg. */
async function qrCodesOnPage(target: string): Promise<string[]> {
  const prefix = path.join(dir, `${path.basename(target, ".pdf")}-page`);
  await run("pdftoppm", ["-r", "200", "-png", "-singlefile", target, prefix]);
  return zbar([`${prefix}.png`]);
}

async function zbar(files: string[]): Promise<string[]> {
  const lines = (stdout: string) => stdout.split("\n").filter(Boolean);
  try {
    const { stdout } = await run("zbarimg", ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", ...files]);
    return lines(stdout);
  } catch (error) {
    // zbarimg exits 4 when an image had no code (react-pdf's QR comes with its alpha mask as a second image).
    const failed = error as { code?: number; stdout?: string };
    if (failed.code === 4) return lines(failed.stdout ?? "");
    throw error;
  }
}

describe("an issued document's PDF", () => {
  it("is printed by Chromium here, as in CI and the container", () => {
    expect(pdfChromium()).not.toBeNull();
  });

  it("carries a QR code that a decoder reads back as the invoice's five ZATCA fields", async () => {
    const target = pdfOf(simplifiedInvoice);
    const fromImage = await qrCodesInImages(target);
    expect(fromImage).toEqual([simplifiedInvoice.qr]);
    // And as a phone would see it: the printed page, rasterized.
    expect(await qrCodesOnPage(target)).toEqual([simplifiedInvoice.qr]);

    const fields = readZatcaQr(fromImage[0] ?? "");
    expect([...fields.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(fields.get(1)).toBe(SELLER_NAME_AR);
    expect(fields.get(2)).toBe(SELLER_VAT);
    expect(fields.get(3)).toBe("2025-03-01T11:05:09Z");
    expect(fields.get(4)).toBe("698.00");
    expect(fields.get(5)).toBe("91.05");
    // Tag 1's length is the Arabic name's UTF-8 bytes (two per letter here), not its characters.
    const bytes = Buffer.from(fromImage[0] ?? "", "base64");
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(Buffer.byteLength(SELLER_NAME_AR, "utf8"));
    expect(bytes[1]).not.toBe(SELLER_NAME_AR.length);
  });

  it("gives pdftotext the Arabic title, the English one and the number exactly", async () => {
    const words = await text(pdfOf(simplifiedInvoice));
    expect(words).toContain("فاتورة ضريبية مبسطة");
    expect(words).toContain("Simplified tax invoice");
    expect(words).toContain("INV-2025-000042");
    expect(words).toContain(SELLER_NAME_AR);
    expect(words).toContain("ليلى الحربي");
    // The Umm al-Qura date: 1 March 2025 is 1 Ramadan 1446.
    // pdftotext moves the digits around the Arabic month (its bidi, not the page's): the words are there.
    expect(words).toContain("رمضان");
    expect(words).toContain("1446");
    expect(words).toContain("Ramadan 1, 1446 AH");
    expect(words).toContain("14:05:09");
    for (const amount of ["433.91", "65.09", "499.00", "15%", "606.95 SAR", "91.05 SAR", "698.00 SAR"]) {
      expect(words).toContain(amount);
    }
  });

  it("is a tagged A4 portrait page in Arabic, titled, with XMP metadata in both languages", async () => {
    const target = pdfOf(simplifiedInvoice);
    const { stdout: info } = await run("pdfinfo", [target]);
    expect(info).toMatch(/^Title:\s+فاتورة ضريبية مبسطة INV-2025-000042$/m);
    expect(info).toMatch(/^Author:\s+Manara Training Co\.$/m);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Metadata Stream:\s+yes$/m);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+59\d\.\d+ x 841\.\d+ pts \(A4\)$/m);
    const { stdout: meta } = await run("pdfinfo", ["-meta", target]);
    expect(meta).toContain(
      "<dc:language><rdf:Bag><rdf:li>ar</rdf:li><rdf:li>en</rdf:li></rdf:Bag></dc:language>",
    );
    expect(meta).toContain('<rdf:li xml:lang="en">Simplified tax invoice INV-2025-000042</rdf:li>');
    expect(meta).toContain("<dc:identifier>INV-2025-000042</dc:identifier>");
    const doc = await PDFDocument.load(await readFile(target));
    expect(doc.catalog.get(PDFName.of("Lang"))?.toString()).toBe("(ar)");
  });

  it("titles a tax invoice as one and prints the buyer's company and VAT number", async () => {
    const words = await text(pdfOf(standardInvoice));
    expect(words).toContain("فاتورة ضريبية");
    expect(words).not.toContain("مبسطة");
    expect(words).toContain("Tax invoice");
    expect(words).toContain("INV-2025-000043");
    expect(words).toContain("Haddad Consulting");
    expect(words).toContain("300000000000003");
    expect(await qrCodesInImages(pdfOf(standardInvoice))).toEqual([standardInvoice.qr]);
  });

  it("renders a credit note with the invoice it refers to and its own QR code", async () => {
    const target = pdfOf(creditNote);
    const words = await text(target);
    expect(words).toContain("إشعار دائن");
    expect(words).toContain("Credit note");
    expect(words).toContain("CN-2025-000007");
    expect(words).toContain("INV-2025-000042");
    expect(words).toContain("199.00 SAR");
    const codes = await qrCodesInImages(target);
    expect(codes).toEqual([creditNote.qr]);
    expect(readZatcaQr(codes[0] ?? "").get(4)).toBe("199.00");
  });

  it("renders a receipt in the currency's digits, without VAT columns and without a QR code", async () => {
    const target = pdfOf(receipt);
    const words = await text(target);
    expect(words).toContain("إيصال");
    expect(words).toContain("Receipt");
    expect(words).toContain("RCT-2025-000003");
    // KWD has three minor digits.
    expect(words).toContain("25.500 KWD");
    expect(words).not.toContain("VAT rate");
    const { stdout: list } = await run("pdfimages", ["-list", target]);
    expect(list.trim().split("\n").length).toBe(2); // the header lines only: no image
    expect(await qrCodesOnPage(target)).toEqual([]);
  });

  it("renders the same file twice", async () => {
    const again = await renderIssuedDocumentPdf(creditNote);
    const first = await readFile(pdfOf(creditNote));
    expect(Buffer.from(again).equals(first)).toBe(true);
  });

  it("without Chromium falls back to @react-pdf, untagged, whose QR code still reads", async () => {
    const warn = captureLogs();
    const before = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = "none";
    try {
      expect(pdfChromium()).toBeNull();
      const target = await save("fallback", await renderIssuedDocumentPdf(simplifiedInvoice));
      const { stdout: info } = await run("pdfinfo", [target]);
      expect(info).toMatch(/^Tagged:\s+no$/m);
      expect(info).toMatch(/^Metadata Stream:\s+yes$/m);
      expect(await qrCodesInImages(target)).toEqual([simplifiedInvoice.qr]);
      expect(await text(target)).toContain("INV-2025-000042");
      expect(
        warn.lines.some((line) => line.level === "warn" && String(line.msg).includes("no Chromium")),
      ).toBe(true);
    } finally {
      if (before === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = before;
      warn.restore();
    }
  });
});
