// Invoice numbers (issue 47, item 2), free of the database: a series, the year and a sequence number that the
// issuing transaction takes under a lock with no gaps (INV-2026-000001; credit notes are their own series).

/** The series: tax invoices and simplified tax invoices share one, credit notes have their own. */
export const INVOICE_SERIES = { invoice: "INV", creditNote: "CN" } as const;
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
  const match = /^(INV|CN)-(\d{4})-(\d{6,10})$/.exec(text.trim());
  if (!match) return null;
  const sequence = Number(match[3]);
  if (sequence < 1) return null;
  return { series: match[1] === "CN" ? "creditNote" : "invoice", year: Number(match[2]), sequence };
}
