// The QR code of a simplified tax invoice in Saudi Arabia (ZATCA, phase 1, in force since December 2021):
// Base64 of five TLV fields, each a one-byte tag, a one-byte length and the value's UTF-8 bytes. Free of the
// database; the invoice page draws the QR image from this text.

export type ZatcaQrFields = {
  /** Tag 1. */
  sellerName: string;
  /** Tag 2: the seller's VAT registration number. */
  vatNumber: string;
  /** Tag 3: when the invoice was issued, as ISO 8601 in UTC without milliseconds. */
  issuedAt: Date;
  /** Tag 4: the total with VAT, as a decimal in the currency's units ("115.00"). */
  total: string;
  /** Tag 5: the VAT total, the same way ("15.00"). */
  vat: string;
};

function tlv(tag: number, value: string): Buffer {
  const bytes = Buffer.from(value, "utf8");
  // One byte of length: a longer value cannot be encoded, and a shortened name would be another seller's.
  if (bytes.length > 255) throw new RangeError(`ZATCA QR: tag ${tag} is ${bytes.length} bytes, over 255`);
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
}

/** The text the QR code holds. */
export function zatcaQrPayload(fields: ZatcaQrFields): string {
  return Buffer.concat([
    tlv(1, fields.sellerName),
    tlv(2, fields.vatNumber),
    tlv(3, fields.issuedAt.toISOString().replace(/\.\d{3}Z$/, "Z")),
    tlv(4, fields.total),
    tlv(5, fields.vat),
  ]).toString("base64");
}

/** The fields back from a payload, as a reader (or a test) sees them: tag → value. */
export function readZatcaQr(payload: string): Map<number, string> {
  const bytes = Buffer.from(payload, "base64");
  const fields = new Map<number, string>();
  for (let at = 0; at + 2 <= bytes.length; ) {
    const tag = bytes[at] ?? 0;
    const length = bytes[at + 1] ?? 0;
    fields.set(tag, bytes.subarray(at + 2, at + 2 + length).toString("utf8"));
    at += 2 + length;
  }
  return fields;
}
