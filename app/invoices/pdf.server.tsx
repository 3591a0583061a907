// An issued document's PDF (issue 47): a tax invoice, a simplified tax invoice, a credit note or a receipt, on
// one A4 portrait page, Arabic first (each label in Arabic with its English beneath), the seller and the
// buyer, the dates (Gregorian and Umm al-Qura Hijri), the lines with net, VAT rate, VAT and gross, the totals
// and the ZATCA QR code (doc.qr exactly; none on a receipt).
//
// The same pipeline as the certificates (app/lib/pdf/, decision 054): Chromium prints a tagged PDF whose text
// extracts exactly when it is installed, @react-pdf/renderer draws the page otherwise (untagged), and pdf-lib
// sets the language, title, author and XMP metadata. What the page says comes from presentDocument
// (app/invoices/presentation.ts), which the web view prints too.

import { Document, Image, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import { renderToStaticMarkup } from "react-dom/server";
import { logger } from "../lib/logger.server";
import { arabicClass } from "../lib/pdf/arabic-lines";
import { pdfChromium, printWithChromium } from "../lib/pdf/chromium.server";
import { finishPdf } from "../lib/pdf/finish.server";
import { PDF_FONT_FAMILY as FAMILY, pdfFontFaceCss, registerPdfFonts } from "../lib/pdf/fonts.server";
import type { IssuedDocument } from "./document";
import {
  type Bilingual,
  type DocumentFact,
  type DocumentParty,
  type DocumentPresentation,
  presentDocument,
  valueIn,
} from "./presentation";

/** The brand colours of app/app.css, as the certificate's. */
const COLORS = {
  coral500: "#f2545b",
  coral700: "#b52b33",
  coral100: "#fde5e4",
  ink: "#1e2a3a",
  inkSoft: "#4b5563",
  line: "#e5e7eb",
  sand: "#f6efe7",
} as const;

/** The QR code as a PNG data URL: ZATCA's payload as it is, error correction M, a four-module quiet zone. */
export function zatcaQrDataUrl(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, {
    errorCorrectionLevel: "M",
    margin: 4,
    width: 400,
    color: { dark: "#000000", light: "#ffffff" },
  });
}

/** An Arabic text as a span that copies out exactly (no cosmetic ligatures without lam-alef; decision 054). */
function Ar({ text, className }: { text: string; className?: string }) {
  const classes = [className, arabicClass(text)].filter(Boolean).join(" ");
  return (
    <span lang="ar" className={classes || undefined}>
      {text}
    </span>
  );
}

/**
 * A long Arabic sentence (the note) word by word: only the words with lam-alef keep their ligatures, so one
 * "لا" no longer sets the whole sentence with the ligatures that copy out wrong (decision 054), and the
 * receipt's "ليس فاتورة ضريبية" (not a tax invoice) copies out exactly.
 */
function ArWords({ text }: { text: string }) {
  const words = text.split(" ");
  return (
    <span lang="ar">
      {words.map((word, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed sentence's words never move
        <span key={index} className={arabicClass(word)}>
          {index < words.length - 1 ? `${word} ` : word}
        </span>
      ))}
    </span>
  );
}

/**
 * English on its own line: the block takes the page's direction, so it lines up under the Arabic; the text
 * inside keeps its own (its brackets and full stop where English puts them).
 */
function En({ text, className = "en" }: { text: string; className?: string }) {
  return (
    <span className={className}>
      <span lang="en" dir="ltr">
        {text}
      </span>
    </span>
  );
}

/** A label: the Arabic, and the English beneath it. */
function Label({ label }: { label: Bilingual }) {
  return (
    <>
      <Ar text={label.ar} />
      <En text={label.en} />
    </>
  );
}

/** Text a person typed (a name, an address, a course title): its own direction, set to copy out exactly. */
function User({ text, className }: { text: string; className?: string }) {
  const inner = (
    <span dir="auto" className={arabicClass(text)}>
      {text}
    </span>
  );
  return className ? <span className={className}>{inner}</span> : inner;
}

function FactValue({ fact }: { fact: DocumentFact }) {
  if (typeof fact.value === "string") {
    return fact.user ? (
      <User text={fact.value} />
    ) : (
      <span dir={fact.ltr ? "ltr" : undefined}>{fact.value}</span>
    );
  }
  const arabic = fact.value.ar;
  const english = fact.value.en;
  if (fact.user) {
    return arabic === english ? (
      <User text={arabic} />
    ) : (
      <>
        <User text={arabic} />
        <User text={english} className="en" />
      </>
    );
  }
  return (
    <>
      <Ar text={arabic} />
      <En text={english} />
    </>
  );
}

function Facts({ facts, className }: { facts: DocumentFact[]; className: string }) {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <div key={fact.label.en}>
          <dt>
            <Label label={fact.label} />
          </dt>
          <dd>
            <FactValue fact={fact} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Party({ party }: { party: DocumentParty }) {
  return (
    <section className="party">
      <h2>
        <Label label={party.heading} />
      </h2>
      <p className="party-name">
        <User text={party.name.ar} />
      </p>
      {party.name.en !== party.name.ar ? (
        <p className="party-name-en">
          <User text={party.name.en} />
        </p>
      ) : null}
      <Facts facts={party.facts} className="party-facts" />
    </section>
  );
}

const px = (points: number) => `${points}pt`;

function css(fonts: string): string {
  return `${fonts}
@page { size: A4 portrait; margin: 0 }
* { box-sizing: border-box; margin: 0; padding: 0 }
html, body { width: 210mm; min-height: 297mm }
body { font-family: "${FAMILY}"; color: ${COLORS.ink}; background: #fff; padding: ${px(36)} ${px(40)};
  font-size: 9.5pt; line-height: 1.35; -webkit-print-color-adjust: exact; print-color-adjust: exact }
.en { display: block; color: ${COLORS.inkSoft}; font-size: 0.82em; font-weight: 400 }
header { display: flex; align-items: flex-start; gap: ${px(18)}; padding-bottom: ${px(14)};
  border-bottom: 3pt solid ${COLORS.coral500} }
.heading { flex: 1 1 auto }
.brand { font-size: 11pt; font-weight: 700; color: ${COLORS.coral700} }
h1 { margin-top: ${px(6)}; font-size: 22pt; font-weight: 700; line-height: 1.25 }
.title-en { font-size: 13pt; font-weight: 600; color: ${COLORS.inkSoft} }
.number { margin-top: ${px(10)}; display: flex; align-items: baseline; gap: ${px(10)} }
.number .label { font-size: 9pt; color: ${COLORS.inkSoft} }
.number .label .en, h2 .en, h3 .en { display: inline; margin: 0 ${px(5)} }
.number strong { font-size: 14pt; font-weight: 700; direction: ltr; unicode-bidi: isolate }
figure.qr { flex: 0 0 auto; text-align: center }
figure.qr img { width: 108pt; height: 108pt; display: block }
.parties { display: flex; gap: ${px(14)}; margin-top: ${px(16)} }
.party { flex: 1 1 0; border: 0.75pt solid ${COLORS.line}; border-radius: 4pt; padding: ${px(10)} ${px(12)} }
h2 { font-size: 10pt; font-weight: 700; color: ${COLORS.coral700} }
h2 .en, h3 .en { color: ${COLORS.coral700} }
.party-name { margin-top: ${px(6)}; font-size: 11.5pt; font-weight: 700 }
.party-name-en { font-size: 10pt; font-weight: 600; color: ${COLORS.inkSoft} }
dl > div { display: flex; gap: ${px(8)}; padding: ${px(4)} 0; border-top: 0.5pt solid ${COLORS.line} }
.party-facts { margin-top: ${px(6)} }
dt { flex: 0 0 42%; color: ${COLORS.inkSoft}; font-size: 8.5pt }
dd { flex: 1 1 auto; font-weight: 600 }
dd .en { font-weight: 400 }
.facts { margin-top: ${px(14)}; display: grid; grid-template-columns: 1fr 1fr; column-gap: ${px(14)} }
.facts > div { padding: ${px(5)} ${px(2)} }
h3 { margin-top: ${px(16)}; font-size: 10pt; font-weight: 700; color: ${COLORS.coral700} }
table { width: 100%; border-collapse: collapse; margin-top: ${px(6)} }
th { background: ${COLORS.sand}; font-size: 8.5pt; font-weight: 700; text-align: start; vertical-align: bottom;
  padding: ${px(5)} ${px(6)}; border-bottom: 1pt solid ${COLORS.coral100} }
td { padding: ${px(6)}; border-bottom: 0.5pt solid ${COLORS.line}; vertical-align: top }
td.amount, th.amount { text-align: end; white-space: nowrap }
td.amount { font-variant-numeric: tabular-nums }
/* The cell stays right-to-left, so its text sits at the column's end as its heading does; the figure inside reads
   left to right. */
td.amount > span { unicode-bidi: isolate }
.totals { width: 58%; margin-inline-start: auto; margin-top: ${px(10)} }
.totals td { padding: ${px(5)} ${px(6)} }
.totals tr.grand td { font-size: 11pt; font-weight: 700; border-top: 1.5pt solid ${COLORS.ink};
  border-bottom: none; background: ${COLORS.coral100} }
.note { margin-top: ${px(16)}; font-size: 8.5pt; color: ${COLORS.inkSoft} }
footer { margin-top: ${px(20)}; padding-top: ${px(8)}; border-top: 0.75pt solid ${COLORS.line}; font-size: 8pt;
  color: ${COLORS.inkSoft}; display: flex; justify-content: space-between }
.unjoined { font-feature-settings: "rlig" 0, "kern" 0 }`;
}

/** The page for Chromium: one document, right to left, every resource inline. */
function DocumentHtml({ p, qr, fonts }: { p: DocumentPresentation; qr: string | null; fonts: string }) {
  return (
    <html lang="ar" dir="rtl">
      <head>
        <meta charSet="utf-8" />
        <meta
          httpEquiv="Content-Security-Policy"
          content="default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:"
        />
        <title>{`${p.title.ar} ${p.number}`}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, no user content */}
        <style dangerouslySetInnerHTML={{ __html: css(fonts) }} />
      </head>
      <body>
        <header>
          <div className="heading">
            <p className="brand">
              <Ar text={p.brand.ar} /> · <span lang="en">{p.brand.en}</span>
            </p>
            <h1>
              <Ar text={p.title.ar} />
            </h1>
            <p className="title-en" lang="en">
              {p.title.en}
            </p>
            <p className="number">
              <span className="label">
                <Ar text={p.numberLabel.ar} />
                <En text={p.numberLabel.en} />
              </span>
              <strong>{p.number}</strong>
            </p>
          </div>
          {qr && p.qr ? (
            <figure className="qr">
              <img src={qr} alt={`${p.qrLabel.ar} — ${p.qrLabel.en}`} />
            </figure>
          ) : null}
        </header>
        <div className="parties">
          <Party party={p.seller} />
          <Party party={p.buyer} />
        </div>
        <Facts facts={p.facts} className="facts" />
        <h3>
          <Label label={p.linesHeading} />
        </h3>
        <table>
          <thead>
            <tr>
              {p.columns.map((column) => (
                <th key={column.key} className={column.key === "description" ? undefined : "amount"}>
                  <Label label={column.label} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an issued document never move
              <tr key={index}>
                <td>
                  <User text={row.title.ar} />
                  {row.title.en !== row.title.ar ? <User text={row.title.en} className="en" /> : null}
                </td>
                {row.cells.map((cell, cellIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  <td key={cellIndex} className="amount">
                    <span dir="ltr">{cell}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <table className="totals">
          <tbody>
            {p.totals.map((total) => (
              <tr key={total.label.en} className={total.grand ? "grand" : undefined}>
                <td>
                  <Label label={total.label} />
                </td>
                <td className="amount">
                  <span dir="ltr">{total.value}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {p.note ? (
          <p className="note">
            <ArWords text={p.note.ar} />
            <En text={p.note.en} />
          </p>
        ) : null}
        <footer>
          <User text={p.seller.name.ar} />
          <span dir="ltr">{p.number}</span>
        </footer>
      </body>
    </html>
  );
}

/** The page as an HTML document, for Chromium (and to look at). */
export function issuedDocumentHtml(doc: IssuedDocument, qr: string | null): string {
  return `<!doctype html>${renderToStaticMarkup(<DocumentHtml p={presentDocument(doc)} qr={qr} fonts={pdfFontFaceCss()} />)}`;
}

// The fallback: the same content drawn by @react-pdf/renderer, right to left by hand (rows reversed, text
// aligned right), untagged.
const styles = StyleSheet.create({
  page: { fontFamily: FAMILY, color: COLORS.ink, padding: 36, fontSize: 9.5 },
  header: {
    flexDirection: "row-reverse",
    borderBottomWidth: 3,
    borderBottomColor: COLORS.coral500,
    paddingBottom: 12,
  },
  heading: { flexGrow: 1, flexShrink: 1, width: "75%" },
  brand: { fontSize: 11, fontWeight: 700, color: COLORS.coral700 },
  title: { fontSize: 22, fontWeight: 700, marginTop: 4 },
  titleEn: { fontSize: 13, fontWeight: 600, color: COLORS.inkSoft },
  number: { fontSize: 14, fontWeight: 700, marginTop: 8 },
  small: { fontSize: 8.5, color: COLORS.inkSoft },
  qr: { width: 108, height: 108 },
  parties: { flexDirection: "row-reverse", marginTop: 14 },
  party: { width: "50%", borderWidth: 0.75, borderColor: COLORS.line, padding: 10 },
  h2: { fontSize: 10, fontWeight: 700, color: COLORS.coral700 },
  name: { fontSize: 11.5, fontWeight: 700, marginTop: 4 },
  fact: {
    flexDirection: "row-reverse",
    borderTopWidth: 0.5,
    borderTopColor: COLORS.line,
    paddingVertical: 3,
  },
  factLabel: { width: "46%", paddingLeft: 4 },
  factValue: { width: "54%", fontWeight: 600 },
  facts: { flexDirection: "row-reverse", flexWrap: "wrap", marginTop: 12 },
  factHalf: { width: "50%", paddingHorizontal: 4 },
  tableRow: {
    flexDirection: "row-reverse",
    borderBottomWidth: 0.5,
    borderBottomColor: COLORS.line,
    paddingVertical: 5,
  },
  tableHead: { backgroundColor: COLORS.sand, fontWeight: 700 },
  totals: { marginTop: 10, marginRight: "42%", width: "58%" },
  grand: { backgroundColor: COLORS.coral100, fontWeight: 700, fontSize: 11 },
  note: { marginTop: 14, fontSize: 8.5, color: COLORS.inkSoft },
});
const rtl = { textAlign: "right", direction: "rtl" } as const;
const ltr = { textAlign: "left", direction: "ltr" } as const;
/** English on the right-to-left page: aligned with the Arabic above it, its punctuation where English puts it. */
const enRight = { textAlign: "right", direction: "ltr" } as const;

function PdfLabel({ label }: { label: Bilingual }) {
  return (
    <View>
      <Text style={rtl}>{label.ar}</Text>
      <Text style={[styles.small, enRight]}>{label.en}</Text>
    </View>
  );
}

function PdfFact({ fact, style }: { fact: DocumentFact; style?: (typeof styles)[keyof typeof styles] }) {
  return (
    <View style={[styles.fact, style ?? {}]}>
      <View style={styles.factLabel}>
        <PdfLabel label={fact.label} />
      </View>
      <View style={styles.factValue}>
        <Text style={rtl}>{valueIn(fact.value, "ar")}</Text>
        {typeof fact.value === "string" || fact.value.ar === fact.value.en ? null : (
          <Text style={[styles.small, enRight]}>{fact.value.en}</Text>
        )}
      </View>
    </View>
  );
}

function PdfParty({ party }: { party: DocumentParty }) {
  return (
    <View style={styles.party}>
      <Text style={[styles.h2, rtl]}>{`${party.heading.ar} · ${party.heading.en}`}</Text>
      <Text style={[styles.name, rtl]}>{party.name.ar}</Text>
      {party.name.en !== party.name.ar ? <Text style={[styles.small, enRight]}>{party.name.en}</Text> : null}
      {party.facts.map((fact) => (
        <PdfFact key={fact.label.en} fact={fact} />
      ))}
    </View>
  );
}

function DocumentPdf({ p, qr }: { p: DocumentPresentation; qr: string | null }) {
  const width = (key: string) =>
    key === "description" ? (p.columns.length > 2 ? "32%" : "70%") : p.columns.length > 2 ? "17%" : "30%";
  return (
    <Document title={`${p.title.ar} ${p.number}`} author={p.seller.name.en} subject={p.number} language="ar">
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View style={styles.heading}>
            <Text style={[styles.brand, rtl]}>{`${p.brand.ar} · ${p.brand.en}`}</Text>
            <Text style={[styles.title, rtl]}>{p.title.ar}</Text>
            <Text style={[styles.titleEn, enRight]}>{p.title.en}</Text>
            <Text
              style={[styles.small, rtl, { marginTop: 8 }]}
            >{`${p.numberLabel.ar} · ${p.numberLabel.en}`}</Text>
            <Text style={[styles.number, rtl]}>{p.number}</Text>
          </View>
          {qr && p.qr ? <Image style={styles.qr} src={qr} /> : null}
        </View>
        <View style={styles.parties}>
          <PdfParty party={p.seller} />
          <PdfParty party={p.buyer} />
        </View>
        <View style={styles.facts}>
          {p.facts.map((fact) => (
            <PdfFact key={fact.label.en} fact={fact} style={styles.factHalf} />
          ))}
        </View>
        <View style={{ marginTop: 14 }}>
          <View style={[styles.tableRow, styles.tableHead]}>
            {p.columns.map((column) => (
              <View key={column.key} style={{ width: width(column.key), paddingHorizontal: 4 }}>
                <PdfLabel label={column.label} />
              </View>
            ))}
          </View>
          {p.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an issued document never move
            <View key={index} style={styles.tableRow}>
              <View style={{ width: width("description"), paddingHorizontal: 4 }}>
                <Text style={rtl}>{row.title.ar}</Text>
                {row.title.en !== row.title.ar ? (
                  <Text style={[styles.small, enRight]}>{row.title.en}</Text>
                ) : null}
              </View>
              {row.cells.map((cell, cellIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                <Text key={cellIndex} style={[{ width: width("amount"), paddingHorizontal: 4 }, ltr]}>
                  {cell}
                </Text>
              ))}
            </View>
          ))}
        </View>
        <View style={styles.totals}>
          {p.totals.map((total) => (
            <View key={total.label.en} style={[styles.tableRow, total.grand ? styles.grand : {}]}>
              <View style={{ width: "60%", paddingHorizontal: 4 }}>
                <PdfLabel label={total.label} />
              </View>
              <Text style={[{ width: "40%", paddingHorizontal: 4 }, ltr]}>{total.value}</Text>
            </View>
          ))}
        </View>
        {p.note ? (
          <View style={styles.note}>
            <Text style={rtl}>{p.note.ar}</Text>
            <Text style={enRight}>{p.note.en}</Text>
          </View>
        ) : null}
      </Page>
    </Document>
  );
}

let warnedNoChromium = false;

/**
 * The document's PDF bytes. Rendering the same document twice gives the same file with Chromium (fixed
 * dates, no clock, no randomness); issuing code stores the first one (ensureIssuedDocumentPdf).
 */
export async function renderIssuedDocumentPdf(doc: IssuedDocument): Promise<Uint8Array> {
  const p = presentDocument(doc);
  const qr = p.qr ? await zatcaQrDataUrl(p.qr) : null;
  const chromium = pdfChromium();
  let page: Uint8Array;
  if (chromium) {
    page = await printWithChromium(chromium, issuedDocumentHtml(doc, qr), "invoice");
  } else {
    if (!warnedNoChromium) {
      warnedNoChromium = true;
      logger("invoices").warn(
        "Invoice PDFs: no Chromium at CHROMIUM_PATH or /usr/bin/chromium, so @react-pdf/renderer draws them: " +
          "untagged, and their Arabic copies out imperfectly (decision 054). Install chromium.",
      );
    }
    registerPdfFonts();
    page = await renderToBuffer(<DocumentPdf p={p} qr={qr} />);
  }
  return finishPdf(page, {
    title: `${p.title.ar} ${p.number}`,
    titles: { en: `${p.title.en} ${p.number}` },
    author: doc.seller.name,
    subject: `${p.title.en} ${p.number} · ${doc.seller.name}`,
    keywords: [p.number, doc.kind, ...(p.qr ? ["ZATCA"] : [])],
    language: "ar",
    languages: ["ar", "en"],
    identifier: p.number,
    date: doc.issuedAt,
  });
}
