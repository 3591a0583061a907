// One issued document as it is printed (issue 47): a tax invoice, a simplified tax invoice, a credit note or
// a wallet top-up's receipt, with everything the PDF, the HTML view, the mail and the API print, and nothing
// they would have to look up. Built from the stored, immutable rows by the invoices module; the renderers
// take it as it is. Amounts are integer minor units of `currency`.

export type IssuedDocumentKind =
  /** فاتورة ضريبية: the buyer gave a company name and a VAT number at checkout. */
  | "standard"
  /** فاتورة ضريبية مبسطة: every other sale (B2C). */
  | "simplified"
  /** إشعار دائن: a refund, whole or partial, of an invoiced sale. */
  | "credit_note"
  /** إيصال: a wallet top-up; not a sale, so no tax and no QR code. */
  | "receipt";

export type IssuedDocumentLine = {
  title: string;
  titleAr: string | null;
  /** Before tax. */
  net: number;
  /** The rate in basis points (1500 is 15 %). */
  taxRateBasisPoints: number;
  tax: number;
  /** net + tax. */
  gross: number;
};

export type IssuedDocument = {
  kind: IssuedDocumentKind;
  /** INV-2026-000001, CN-2026-000001, RCT-2026-000001. */
  number: string;
  issuedAt: Date;
  /** ISO 4217; the digits of its minor unit come from app/lib/money. */
  currency: string;
  seller: {
    name: string;
    nameAr: string | null;
    vatNumber: string | null;
    address: string | null;
    addressAr: string | null;
  };
  buyer: {
    name: string;
    email: string;
    /** Given at checkout for a standard tax invoice. */
    company: string | null;
    vatNumber: string | null;
  };
  lines: IssuedDocumentLine[];
  /** The sums of the lines: net, tax and gross (the total the buyer paid, or is given back). */
  subtotal: number;
  tax: number;
  total: number;
  paymentMethod: "wallet" | "card" | "transfer";
  /** moyasar, paymob, stripe; null for the wallet and transfers. */
  provider: string | null;
  /**
   * A receipt's bank transfer: the reference the learner gave for it (absent on documents issued before
   * receipts, and null when none was given).
   */
  paymentReference?: string | null;
  /** The order it belongs to (M-2026-000042); null for a receipt. */
  orderNumber: string | null;
  /** A credit note's invoice. */
  invoiceNumber: string | null;
  /** The ZATCA QR payload (app/invoices/zatca-qr.ts); null for a receipt. */
  qr: string | null;
};
