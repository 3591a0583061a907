// Issued documents as the invoices module hands them to the renderers (app/invoices/document.ts): one of each
// kind, with an Arabic seller name (its length in the QR code's TLV is counted in bytes, not characters).
import type { IssuedDocument } from "../../app/invoices/document";
import { zatcaQrPayload } from "../../app/invoices/zatca-qr";

export const SELLER_NAME_AR = "شركة منارة للتدريب";
export const SELLER_VAT = "310122393500003";
/** 1 Ramadan 1446 in Riyadh (Umm al-Qura), 14:05:09 there. */
export const ISSUED = new Date("2025-03-01T11:05:09Z");

const seller: IssuedDocument["seller"] = {
  name: "Manara Training Co.",
  nameAr: SELLER_NAME_AR,
  vatNumber: SELLER_VAT,
  address: "King Fahd Road, Al Olaya, Riyadh 12214",
  addressAr: "طريق الملك فهد، حي العليا، الرياض 12214",
};

const qr = (total: string, vat: string, issuedAt = ISSUED) =>
  zatcaQrPayload({ sellerName: SELLER_NAME_AR, vatNumber: SELLER_VAT, issuedAt, total, vat });

export const simplifiedInvoice: IssuedDocument = {
  kind: "simplified",
  number: "INV-2025-000042",
  issuedAt: ISSUED,
  currency: "SAR",
  seller,
  buyer: { name: "ليلى الحربي", email: "layla@example.com", company: null, vatNumber: null },
  lines: [
    {
      title: "Cloud Computing Fundamentals",
      titleAr: "أساسيات الحوسبة السحابية",
      net: 43391,
      taxRateBasisPoints: 1500,
      tax: 6509,
      gross: 49900,
    },
    {
      title: "Digital Marketing Basics",
      titleAr: "مبادئ التسويق الرقمي",
      net: 17304,
      taxRateBasisPoints: 1500,
      tax: 2596,
      gross: 19900,
    },
  ],
  subtotal: 60695,
  tax: 9105,
  total: 69800,
  paymentMethod: "card",
  provider: "moyasar",
  orderNumber: "M-2025-000042",
  invoiceNumber: null,
  qr: qr("698.00", "91.05"),
};

export const standardInvoice: IssuedDocument = {
  ...simplifiedInvoice,
  kind: "standard",
  number: "INV-2025-000043",
  buyer: {
    name: "Omar Haddad",
    email: "omar@example.com",
    company: "Haddad Consulting",
    vatNumber: "300000000000003",
  },
  orderNumber: "M-2025-000043",
};

export const creditNote: IssuedDocument = {
  ...simplifiedInvoice,
  kind: "credit_note",
  number: "CN-2025-000007",
  issuedAt: new Date("2025-03-05T08:00:00Z"),
  lines: [simplifiedInvoice.lines[1] as IssuedDocument["lines"][number]],
  subtotal: 17304,
  tax: 2596,
  total: 19900,
  invoiceNumber: "INV-2025-000042",
  qr: qr("199.00", "25.96", new Date("2025-03-05T08:00:00Z")),
};

export const receipt: IssuedDocument = {
  ...simplifiedInvoice,
  kind: "receipt",
  number: "RCT-2025-000003",
  currency: "KWD",
  lines: [
    {
      title: "Wallet top-up",
      titleAr: "شحن المحفظة",
      net: 25500,
      taxRateBasisPoints: 0,
      tax: 0,
      gross: 25500,
    },
  ],
  subtotal: 25500,
  tax: 0,
  total: 25500,
  paymentMethod: "transfer",
  provider: null,
  orderNumber: null,
  qr: null,
};

export const ALL_KINDS = { simplifiedInvoice, standardInvoice, creditNote, receipt };
