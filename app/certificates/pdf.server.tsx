// The certificate PDF: one A4 landscape page with an English column and an Arabic column, the code, the
// verification URL and a QR code for it. Rendered once, when the certificate is issued (see
// certificates.server.ts), with @react-pdf/renderer and the full IBM Plex Sans Arabic (Arabic and Latin in
// one font), which shape and order Arabic and mixed Arabic/Latin/digit lines correctly (RESEARCH.md).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import ar from "../../locales/ar/certificates.json";
import en from "../../locales/en/certificates.json";
import { woffToSfnt } from "../lib/woff.server";

const require = createRequire(import.meta.url);
const FAMILY = "IBM Plex Sans Arabic";
let fontsRegistered = false;

function registerFonts() {
  if (fontsRegistered) return;
  // The package ships WOFF only; react-pdf gets each face unpacked once, as a data URL (app/lib/woff.server.ts
  // says why: rendering from the WOFF files took about five times as long).
  const font = (weight: string) => {
    const woff = readFileSync(
      require.resolve(`@ibm/plex-sans-arabic/fonts/complete/woff/IBMPlexSansArabic-${weight}.woff`),
    );
    return `data:font/ttf;base64,${Buffer.from(woffToSfnt(woff)).toString("base64")}`;
  };
  Font.register({
    family: FAMILY,
    fonts: [
      { src: font("Regular"), fontWeight: 400 },
      { src: font("SemiBold"), fontWeight: 600 },
      { src: font("Bold"), fontWeight: 700 },
    ],
  });
  // Words are never split with hyphens (Arabic has none, and a name must stay whole).
  Font.registerHyphenationCallback((word) => [word]);
  fontsRegistered = true;
}

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

/** The PDF's bytes. The QR code encodes the verification URL. */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  registerFonts();
  const qr = await QRCode.toDataURL(input.verifyUrl, {
    errorCorrectionLevel: "M",
    margin: 1,
    width: 320,
    color: { dark: COLORS.ink, light: "#ffffff" },
  });
  return renderToBuffer(<CertificateDocument input={input} qr={qr} />);
}
