// The typeface of every PDF Manara prints (certificates, invoices): IBM Plex Sans Arabic, whose Latin is
// Plex Sans, in three weights. Chromium gets the WOFF files as @font-face data URLs; @react-pdf/renderer,
// the fallback, gets each face unpacked to TrueType once (app/lib/woff.server.ts says why).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";
import { woffToSfnt } from "../woff.server";

const require = createRequire(import.meta.url);

export const PDF_FONT_FAMILY = "IBM Plex Sans Arabic";

const FACES = [
  { name: "Regular", weight: 400 },
  { name: "SemiBold", weight: 600 },
  { name: "Bold", weight: 700 },
] as const;

function woffOf(name: string): Buffer {
  return readFileSync(
    require.resolve(`@ibm/plex-sans-arabic/fonts/complete/woff/IBMPlexSansArabic-${name}.woff`),
  );
}

let registered = false;

/** The faces registered with react-pdf, once per process; words are never hyphenated. */
export function registerPdfFonts(): void {
  if (registered) return;
  Font.register({
    family: PDF_FONT_FAMILY,
    fonts: FACES.map(({ name, weight }) => ({
      src: `data:font/ttf;base64,${Buffer.from(woffToSfnt(woffOf(name))).toString("base64")}`,
      fontWeight: weight,
    })),
  });
  // Words are never split with hyphens (Arabic has none, and a name must stay whole).
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

let fontFaces: string | undefined;

/** The three faces as @font-face rules with WOFF data URLs, which Chromium reads as they are. */
export function pdfFontFaceCss(): string {
  fontFaces ??= FACES.map(
    ({ name, weight }) =>
      `@font-face { font-family: "${PDF_FONT_FAMILY}"; font-weight: ${weight}; src: url(data:font/woff;base64,${woffOf(name).toString("base64")}) format("woff") }`,
  ).join("\n");
  return fontFaces;
}
