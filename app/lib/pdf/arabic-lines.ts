// How a printed PDF (a certificate, an invoice) sets an Arabic line so that it copies out right (decision 054).
/**
 * IBM Plex Sans Arabic's required ligatures (rlig) join more than lam-alef: ب+ر in "نوفمبر", for one. A
 * ligature glyph stands for several letters, and pdftotext (like pypdf, pdfminer and PDFBox) reverses a right-
 * to-left line glyph by glyph but keeps each glyph's letters in their logical order, so "نوفمبر" copies out
 * as "نوفمرب". The other ligatures are cosmetic, so a line without lam-alef is set without them and copies
 * out exactly; a line with lam-alef keeps them, as Arabic requires (decision 054).
 */
export function arabicClass(text: string): string | undefined {
  return /\u0644[\u0622\u0623\u0625\u0627]/.test(text) ? undefined : "unjoined";
}
