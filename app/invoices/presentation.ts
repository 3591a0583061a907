// What an issued document says, in both languages, before any renderer lays it out (issue 47): the PDF
// (app/invoices/pdf.server.tsx, Chromium and react-pdf) and the web view (app/components/invoices/) print the
// same labels, values and rows from here, so the file a buyer keeps and the page they read never disagree.
// Free of the server: the web view imports it too.
import ar from "../../locales/ar/invoices.json";
import en from "../../locales/en/invoices.json";
import { toAmountText } from "../lib/money";
import { gregorianDate, hijriDate, INVOICE_TIME_ZONE } from "./dates";
import type { IssuedDocument, IssuedDocumentKind } from "./document";

export type Bilingual = { ar: string; en: string };

/** A value: the same text in both languages (a number, an amount), or one text per language. */
export type DocumentValue = string | Bilingual;

export type DocumentFact = {
  label: Bilingual;
  value: DocumentValue;
  /** Typed by a person (a name, an address): its direction comes from its text (`dir="auto"`). */
  user?: boolean;
  /** Left to right whatever the page (numbers, codes, emails). */
  ltr?: boolean;
};

export type DocumentParty = { heading: Bilingual; name: Bilingual; facts: DocumentFact[] };

export type DocumentColumn = {
  key: "description" | "net" | "taxRate" | "tax" | "gross" | "amount";
  label: Bilingual;
};

export type DocumentRow = { title: Bilingual; cells: string[] };

export type DocumentTotal = { label: Bilingual; value: string; grand: boolean };

export type DocumentPresentation = {
  kind: IssuedDocumentKind;
  title: Bilingual;
  number: string;
  numberLabel: Bilingual;
  seller: DocumentParty;
  buyer: DocumentParty;
  facts: DocumentFact[];
  linesHeading: Bilingual;
  columns: DocumentColumn[];
  rows: DocumentRow[];
  totals: DocumentTotal[];
  currency: string;
  note: Bilingual | null;
  /** The ZATCA payload the QR code encodes (doc.qr as it is); null for a receipt. */
  qr: string | null;
  qrLabel: Bilingual;
  brand: Bilingual;
  /** The PDF link's text, and its accessible name with the number. */
  download: Bilingual;
  downloadLabel: Bilingual;
};

type Labels = typeof en.document;
const both = (pick: (labels: Labels) => string): Bilingual => ({
  ar: pick(ar.document),
  en: pick(en.document),
});

/** Basis points as a percentage: 1500 → "15%", 1250 → "12.5%". */
export function taxRateText(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}

/** The issue time in the seller's zone, to the second (the QR code's timestamp is the same instant). */
export function issueTimeText(at: Date, timeZone = INVOICE_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(at);
}

const named = (arabic: string | null, english: string): Bilingual => ({ ar: arabic || english, en: english });

export function presentDocument(doc: IssuedDocument): DocumentPresentation {
  const amount = (minorUnits: number) => toAmountText(minorUnits, doc.currency);
  const withCurrency = (minorUnits: number) => `${amount(minorUnits)} ${doc.currency}`;
  const receipt = doc.kind === "receipt";

  const sellerFacts: DocumentFact[] = [];
  if (doc.seller.address || doc.seller.addressAr)
    sellerFacts.push({
      label: both((l) => l.address),
      value: named(doc.seller.addressAr, doc.seller.address ?? doc.seller.addressAr ?? ""),
      user: true,
    });
  if (doc.seller.vatNumber)
    sellerFacts.push({ label: both((l) => l.vatNumber), value: doc.seller.vatNumber, ltr: true });

  const buyerFacts: DocumentFact[] = [];
  if (doc.buyer.company)
    buyerFacts.push({ label: both((l) => l.company), value: doc.buyer.company, user: true });
  if (doc.buyer.vatNumber)
    buyerFacts.push({ label: both((l) => l.vatNumber), value: doc.buyer.vatNumber, ltr: true });
  buyerFacts.push({ label: both((l) => l.email), value: doc.buyer.email, ltr: true });

  const payment: Bilingual = {
    ar: ar.document.payment[doc.paymentMethod],
    en: en.document.payment[doc.paymentMethod],
  };
  if (doc.provider) {
    const provider = doc.provider.charAt(0).toUpperCase() + doc.provider.slice(1);
    payment.ar = `${payment.ar} (${provider})`;
    payment.en = `${payment.en} (${provider})`;
  }

  const facts: DocumentFact[] = [
    {
      label: both((l) => l.gregorian),
      value: { ar: gregorianDate(doc.issuedAt, "ar"), en: gregorianDate(doc.issuedAt, "en") },
    },
    {
      label: both((l) => l.hijri),
      value: { ar: hijriDate(doc.issuedAt, "ar"), en: hijriDate(doc.issuedAt, "en") },
    },
    { label: both((l) => l.issueTime), value: issueTimeText(doc.issuedAt), ltr: true },
  ];
  if (doc.invoiceNumber) facts.push({ label: both((l) => l.invoice), value: doc.invoiceNumber, ltr: true });
  if (doc.orderNumber) facts.push({ label: both((l) => l.order), value: doc.orderNumber, ltr: true });
  facts.push({
    label: doc.kind === "credit_note" ? both((l) => l.refundMethod) : both((l) => l.paymentMethod),
    value: payment,
  });
  // A receipt's bank transfer: the reference the learner gave for it, as they typed it.
  if (doc.paymentReference)
    facts.push({ label: both((l) => l.reference), value: doc.paymentReference, user: true });
  facts.push({ label: both((l) => l.currency), value: doc.currency, ltr: true });

  const inCurrency = (label: Bilingual): Bilingual => ({
    ar: `${label.ar} (${doc.currency})`,
    en: `${label.en} (${doc.currency})`,
  });
  const columns: DocumentColumn[] = receipt
    ? [
        { key: "description", label: both((l) => l.description) },
        { key: "amount", label: inCurrency(both((l) => l.amount)) },
      ]
    : [
        { key: "description", label: both((l) => l.description) },
        { key: "net", label: inCurrency(both((l) => l.net)) },
        { key: "taxRate", label: both((l) => l.taxRate) },
        { key: "tax", label: inCurrency(both((l) => l.tax)) },
        { key: "gross", label: inCurrency(both((l) => l.gross)) },
      ];
  const rows: DocumentRow[] = doc.lines.map((line) => ({
    title: named(line.titleAr, line.title),
    cells: receipt
      ? [amount(line.gross)]
      : [amount(line.net), taxRateText(line.taxRateBasisPoints), amount(line.tax), amount(line.gross)],
  }));
  const totals: DocumentTotal[] = receipt
    ? [{ label: both((l) => l.received), value: withCurrency(doc.total), grand: true }]
    : [
        { label: both((l) => l.subtotal), value: withCurrency(doc.subtotal), grand: false },
        { label: both((l) => l.taxTotal), value: withCurrency(doc.tax), grand: false },
        { label: both((l) => l.total), value: withCurrency(doc.total), grand: true },
      ];

  return {
    kind: doc.kind,
    title: both((l) => l.kind[doc.kind]),
    number: doc.number,
    numberLabel: both((l) => l.number[doc.kind]),
    seller: {
      heading: both((l) => l.seller),
      name: named(doc.seller.nameAr, doc.seller.name),
      facts: sellerFacts,
    },
    buyer: { heading: both((l) => l.buyer), name: named(null, doc.buyer.name), facts: buyerFacts },
    facts,
    linesHeading: both((l) => l.lines),
    columns,
    rows,
    totals,
    currency: doc.currency,
    note: receipt
      ? both((l) => l.receiptNote)
      : doc.kind === "credit_note"
        ? both((l) => l.creditNote)
        : null,
    qr: receipt ? null : doc.qr,
    qrLabel: {
      ar: ar.document.qr.replace("{{reference}}", doc.number),
      en: en.document.qr.replace("{{reference}}", doc.number),
    },
    brand: both((l) => l.brand),
    download: both((l) => l.download),
    downloadLabel: {
      ar: ar.document.downloadLabel.replace("{{reference}}", doc.number),
      en: en.document.downloadLabel.replace("{{reference}}", doc.number),
    },
  };
}

/** A value in one language. */
export function valueIn(value: DocumentValue, locale: "ar" | "en"): string {
  return typeof value === "string" ? value : value[locale];
}
