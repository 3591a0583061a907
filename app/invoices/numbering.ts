// Invoice numbers (issue 47, item 2), free of the database: a series, the year and a sequence number that the
// issuing transaction takes under a lock with no gaps (INV-2026-000001; credit notes and wallet top-ups'
// receipts are their own series, CN and RCT).

/**
 * The series: tax invoices and simplified tax invoices share one, credit notes have their own, and so do the
 * receipts of wallet top-ups (not sales, so never in the invoices' series).
 */
export const INVOICE_SERIES = { invoice: "INV", creditNote: "CN", receipt: "RCT" } as const;
export type InvoiceSeries = keyof typeof INVOICE_SERIES;

/** The number as printed: the series, the year, and the sequence on at least six digits. */
export function invoiceNumber(series: InvoiceSeries, year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`invoiceNumber: ${sequence}`);
  return `${INVOICE_SERIES[series]}-${year}-${String(sequence).padStart(6, "0")}`;
}

/** Reads a printed number back, or null when it is not one. */
export function parseInvoiceNumber(
  text: string,
): { series: InvoiceSeries; year: number; sequence: number } | null {
  const match = /^(INV|CN|RCT)-(\d{4})-(\d{6,10})$/.exec(text.trim());
  if (!match) return null;
  const sequence = Number(match[3]);
  if (sequence < 1) return null;
  const series: InvoiceSeries = match[1] === "CN" ? "creditNote" : match[1] === "RCT" ? "receipt" : "invoice";
  return { series, year: Number(match[2]), sequence };
}
