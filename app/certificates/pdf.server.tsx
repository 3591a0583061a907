// The certificate PDF: one A4 landscape page with an English column and an Arabic column, the code, the
// verification URL and a QR code for it, and the certificate's signed Open Badges credential attached
// (credential.json), like a baked badge. Rendered once, when the certificate is issued (certificate-pdf job,
// or the first download; app/certificates/pdf-file.server.ts).
//
// Chromium prints it when it is installed (CHROMIUM_PATH, default /usr/bin/chromium): a tagged PDF whose
// Arabic text extracts exactly. Without Chromium, @react-pdf/renderer draws the same page, untagged, with
// Arabic ligatures that copy out in the wrong order. Either way pdf-lib then sets the document language,
// title, author, XMP metadata and the attachment. Decision 054 has the measurements.

import { Document, Image, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { AFRelationship } from "pdf-lib";
import QRCode from "qrcode";
import { renderToStaticMarkup } from "react-dom/server";
import ar from "../../locales/ar/certificates.json";
import en from "../../locales/en/certificates.json";
import type { Environment } from "../config.server";
import { logger } from "../lib/logger.server";
import { arabicClass } from "../lib/pdf/arabic-lines";
import { pdfChromium, printWithChromium } from "../lib/pdf/chromium.server";
import { finishPdf } from "../lib/pdf/finish.server";
import { PDF_FONT_FAMILY as FAMILY, pdfFontFaceCss, registerPdfFonts } from "../lib/pdf/fonts.server";

/** The brand colours of app/app.css. */
const COLORS = {
  coral500: "#f2545b",
  coral700: "#b52b33",
  coral100: "#fde5e4",
  ink: "#1e2a3a",
  inkSoft: "#4b5563",
  sand: "#f6efe7",
} as const;

export type CertificatePdfInput = {
  code: string;
  holderName: string;
  holderNameAr: string | null;
  courseTitle: string;
  courseTitleAr: string | null;
  trainerName: string;
  trainerNameAr: string | null;
  issuedAt: Date;
  verifyUrl: string;
};

/** Gregorian dates in both languages; Arabic month names with Western digits, as the site shows dates. */
export function certificateDates(issuedAt: Date): { en: string; ar: string } {
  const options = { dateStyle: "long", calendar: "gregory", timeZone: "UTC" } as const;
  return {
    en: new Intl.DateTimeFormat("en", options).format(issuedAt),
    ar: new Intl.DateTimeFormat("ar-u-nu-latn", options).format(issuedAt),
  };
}

const styles = StyleSheet.create({
  page: { fontFamily: FAMILY, backgroundColor: "#ffffff", color: COLORS.ink, padding: 22 },
  frame: {
    flexGrow: 1,
    borderWidth: 3,
    borderColor: COLORS.coral500,
    borderStyle: "solid",
    padding: 6,
  },
  inner: {
    flexGrow: 1,
    borderWidth: 0.75,
    borderColor: COLORS.coral700,
    borderStyle: "solid",
    paddingTop: 22,
    paddingBottom: 18,
    paddingHorizontal: 34,
  },
  brand: { width: "100%", textAlign: "center", fontSize: 13, fontWeight: 700, color: COLORS.coral700 },
  rule: { marginTop: 10, marginBottom: 16, height: 2, backgroundColor: COLORS.coral100 },
  columns: { flexDirection: "row", flexGrow: 1 },
  column: { width: "50%", paddingHorizontal: 12 },
  divider: { width: 1, backgroundColor: COLORS.coral100 },
  heading: { width: "100%", fontSize: 24, fontWeight: 700, color: COLORS.ink },
  lead: { width: "100%", marginTop: 16, fontSize: 11, color: COLORS.inkSoft },
  name: { width: "100%", marginTop: 4, fontSize: 22, fontWeight: 700, color: COLORS.coral700 },
  course: { width: "100%", marginTop: 4, fontSize: 15, fontWeight: 600, color: COLORS.ink },
  detail: { width: "100%", marginTop: 14, fontSize: 10.5, color: COLORS.inkSoft },
  footer: {
    flexDirection: "row",
    alignItems: "flex-end",
    marginTop: 10,
    paddingTop: 10,
    borderTopWidth: 1,
    borderTopColor: COLORS.coral100,
    borderTopStyle: "solid",
  },
  footerText: { flexGrow: 1, flexShrink: 1 },
  small: { width: "100%", fontSize: 9, color: COLORS.inkSoft },
  code: { width: "100%", fontSize: 12, fontWeight: 700, color: COLORS.ink, marginTop: 2 },
  url: { width: "100%", fontSize: 9, color: COLORS.coral700, marginTop: 2 },
  qr: { width: 78, height: 78 },
});

const ltr = { textAlign: "left", direction: "ltr" } as const;
const rtl = { textAlign: "right", direction: "rtl" } as const;

function CertificateDocument({ input, qr }: { input: CertificatePdfInput; qr: string }) {
  const dates = certificateDates(input.issuedAt);
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
  return (
    <Document
      title={`${en.pdf.title} — ${input.courseTitle}`}
      author={en.pdf.brand}
      subject={input.code}
      language="en"
    >
      <Page size="A4" orientation="landscape" style={styles.page}>
        <View style={styles.frame}>
          <View style={styles.inner}>
            <Text style={styles.brand}>{`${en.pdf.brand} · ${ar.pdf.brand}`}</Text>
            <View style={styles.rule} />
            <View style={styles.columns}>
              <View style={styles.column}>
                <Text style={[styles.heading, ltr]}>{en.pdf.title}</Text>
                <Text style={[styles.lead, ltr]}>{en.pdf.certifies}</Text>
                <Text style={[styles.name, ltr]}>{input.holderName}</Text>
                <Text style={[styles.lead, ltr]}>{en.pdf.completed}</Text>
                <Text style={[styles.course, ltr]}>{input.courseTitle}</Text>
                <Text style={[styles.detail, ltr]}>{fill(en.pdf.trainer, { name: input.trainerName })}</Text>
                <Text style={[styles.detail, ltr, { marginTop: 4 }]}>
                  {fill(en.pdf.issued, { date: dates.en })}
                </Text>
              </View>
              <View style={styles.divider} />
              <View style={styles.column}>
                <Text style={[styles.heading, rtl]}>{ar.pdf.title}</Text>
                <Text style={[styles.lead, rtl]}>{ar.pdf.certifies}</Text>
                <Text style={[styles.name, rtl]}>{input.holderNameAr || input.holderName}</Text>
                <Text style={[styles.lead, rtl]}>{ar.pdf.completed}</Text>
                <Text style={[styles.course, rtl]}>{input.courseTitleAr || input.courseTitle}</Text>
                <Text style={[styles.detail, rtl]}>
                  {fill(ar.pdf.trainer, { name: input.trainerNameAr || input.trainerName })}
                </Text>
                <Text style={[styles.detail, rtl, { marginTop: 4 }]}>
                  {fill(ar.pdf.issued, { date: dates.ar })}
                </Text>
              </View>
            </View>
            <View style={styles.footer}>
              <View style={styles.footerText}>
                <Text style={[styles.small, ltr]}>{`${en.pdf.code} · ${ar.pdf.code}`}</Text>
                <Text style={[styles.code, ltr]}>{input.code}</Text>
                <Text style={[styles.small, ltr, { marginTop: 6 }]}>
                  {`${en.pdf.verify} · ${ar.pdf.verify}`}
                </Text>
                <Text style={[styles.url, ltr]}>{input.verifyUrl}</Text>
              </View>
              <Image style={styles.qr} src={qr} />
            </View>
          </View>
        </View>
      </Page>
    </Document>
  );
}

function ArabicLine({ className, text }: { className: string; text: string }) {
  return <p className={[className, arabicClass(text)].filter(Boolean).join(" ")}>{text}</p>;
}

const px = (points: number) => `${points}pt`;

/** The same page as CertificateDocument, as HTML for Chromium: every length in points, as react-pdf's. */
function CertificateHtml({ input, qr, fonts }: { input: CertificatePdfInput; qr: string; fonts: string }) {
  const dates = certificateDates(input.issuedAt);
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
  const css = `${fonts}
@page { size: A4 landscape; margin: 0 }
* { box-sizing: border-box; margin: 0 }
html, body { width: 297mm; height: 210mm }
body { font-family: "${FAMILY}"; color: ${COLORS.ink}; background: #fff; padding: ${px(22)}; display: flex;
  -webkit-print-color-adjust: exact; print-color-adjust: exact }
main { flex-grow: 1; display: flex; border: 3pt solid ${COLORS.coral500}; padding: ${px(6)} }
.inner { flex-grow: 1; display: flex; flex-direction: column; border: 0.75pt solid ${COLORS.coral700};
  padding: ${px(22)} ${px(34)} ${px(18)} }
.brand { text-align: center; font-size: 13pt; font-weight: 700; color: ${COLORS.coral700}; line-height: 1.2 }
.rule { margin: ${px(10)} 0 ${px(16)}; height: 2pt; background: ${COLORS.coral100} }
.columns { display: flex; flex-direction: row; flex-grow: 1 }
section { width: 50%; padding: 0 ${px(12)} }
.divider { width: 1pt; background: ${COLORS.coral100} }
h1 { font-size: 24pt; font-weight: 700; line-height: 1.2 }
p { line-height: 1.2 }
.lead { margin-top: ${px(16)}; font-size: 11pt; color: ${COLORS.inkSoft} }
.name { margin-top: ${px(4)}; font-size: 22pt; font-weight: 700; color: ${COLORS.coral700} }
.course { margin-top: ${px(4)}; font-size: 15pt; font-weight: 600 }
.detail { margin-top: ${px(14)}; font-size: 10.5pt; color: ${COLORS.inkSoft} }
.detail + .detail { margin-top: ${px(4)} }
footer { display: flex; align-items: flex-end; margin-top: ${px(10)}; padding-top: ${px(10)};
  border-top: 1pt solid ${COLORS.coral100} }
.footer-text { flex: 1 1 auto }
.small { font-size: 9pt; color: ${COLORS.inkSoft} }
.code { font-size: 12pt; font-weight: 700; margin-top: ${px(2)} }
.url { font-size: 9pt; color: ${COLORS.coral700}; margin-top: ${px(2)} }
.small.gap { margin-top: ${px(6)} }
img { width: 78pt; height: 78pt }
.unjoined { font-feature-settings: "rlig" 0 }`;
  const both = (english: string, arabic: string) => (
    <>
      {english} · <span lang="ar">{arabic}</span>
    </>
  );
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta
          httpEquiv="Content-Security-Policy"
          content="default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:"
        />
        <title>{`${en.pdf.title} — ${input.courseTitle}`}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, no user content */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main>
          <div className="inner">
            <p className="brand">{both(en.pdf.brand, ar.pdf.brand)}</p>
            <div className="rule" />
            <div className="columns">
              <section>
                <h1>{en.pdf.title}</h1>
                <p className="lead">{en.pdf.certifies}</p>
                <p className="name">{input.holderName}</p>
                <p className="lead">{en.pdf.completed}</p>
                <p className="course">{input.courseTitle}</p>
                <p className="detail">{fill(en.pdf.trainer, { name: input.trainerName })}</p>
                <p className="detail">{fill(en.pdf.issued, { date: dates.en })}</p>
              </section>
              <div className="divider" />
              <section lang="ar" dir="rtl">
                <h1 className={arabicClass(ar.pdf.title)}>{ar.pdf.title}</h1>
                <ArabicLine className="lead" text={ar.pdf.certifies} />
                <ArabicLine className="name" text={input.holderNameAr || input.holderName} />
                <ArabicLine className="lead" text={ar.pdf.completed} />
                <ArabicLine className="course" text={input.courseTitleAr || input.courseTitle} />
                <ArabicLine
                  className="detail"
                  text={fill(ar.pdf.trainer, { name: input.trainerNameAr || input.trainerName })}
                />
                <ArabicLine className="detail" text={fill(ar.pdf.issued, { date: dates.ar })} />
              </section>
            </div>
            <footer>
              <div className="footer-text">
                <p className="small">{both(en.pdf.code, ar.pdf.code)}</p>
                <p className="code">{input.code}</p>
                <p className="small gap">{both(en.pdf.verify, ar.pdf.verify)}</p>
                <p className="url">{input.verifyUrl}</p>
              </div>
              <img src={qr} alt={`${en.pdf.qr} ${input.verifyUrl}`} />
            </footer>
          </div>
        </main>
      </body>
    </html>
  );
}

/** The page as an HTML document, for Chromium (and to look at). */
export function certificateHtml(input: CertificatePdfInput, qr: string): string {
  return `<!doctype html>${renderToStaticMarkup(<CertificateHtml input={input} qr={qr} fonts={pdfFontFaceCss()} />)}`;
}

/** The Chromium to print with (app/lib/pdf/chromium.server.ts); null when there is none. */
export function certificateChromium(env?: Environment): string | null {
  return pdfChromium(env);
}

let warnedNoChromium = false;

export type CertificatePdfFile = CertificatePdfInput & {
  /** The signed Open Badges credential, attached as credential.json (the bytes of its JSON download). */
  credential: string;
};

/** The PDF's bytes. The QR code encodes the verification URL. */
export async function renderCertificatePdf(input: CertificatePdfFile): Promise<Buffer> {
  const qr = await QRCode.toDataURL(input.verifyUrl, {
    errorCorrectionLevel: "M",
    margin: 1,
    width: 320,
    color: { dark: COLORS.ink, light: "#ffffff" },
  });
  const chromium = certificateChromium();
  let page: Uint8Array;
  if (chromium) {
    page = await printWithChromium(chromium, certificateHtml(input, qr), "certificate");
  } else {
    if (!warnedNoChromium) {
      warnedNoChromium = true;
      logger("certificates").warn(
        "Certificate PDFs: no Chromium at CHROMIUM_PATH or /usr/bin/chromium, so @react-pdf/renderer draws " +
          "them: untagged, and their Arabic copies out imperfectly (decision 054). Install chromium.",
      );
    }
    registerPdfFonts();
    page = await renderToBuffer(<CertificateDocument input={input} qr={qr} />);
  }
  return finishCertificatePdf(page, input);
}

/**
 * What any renderer's page gets (app/lib/pdf/finish.server.ts): the document's language (English, the page's
 * first; the Arabic column is tagged Arabic where the renderer tags), title, author and subject, the same in
 * XMP metadata, fixed dates, and the credential as an associated file.
 */
export async function finishCertificatePdf(page: Uint8Array, input: CertificatePdfFile): Promise<Buffer> {
  return finishPdf(page, {
    title: `${en.pdf.title} — ${input.courseTitle}`,
    titles: { ar: `${ar.pdf.title} — ${input.courseTitleAr || input.courseTitle}` },
    author: en.pdf.brand,
    subject: `${input.code} · ${input.verifyUrl}`,
    keywords: [input.code, "Open Badges 3.0", "certificate"],
    language: "en",
    languages: ["en", "ar"],
    identifier: input.code,
    date: input.issuedAt,
    attachments: [
      {
        bytes: new TextEncoder().encode(input.credential),
        name: "credential.json",
        mimeType: "application/ld+json",
        description: `${en.pdf.credential} (Open Badges 3.0)`,
        afRelationship: AFRelationship.Source,
      },
    ],
  });
}
