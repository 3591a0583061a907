// Certificate codes: 10 characters from an alphabet without look-alikes (no 0/O, no 1/I), drawn with the
// platform's cryptographic random source and shown as XXXX-XXXX-XX so they can be read out and typed.

/** 8 digits and 24 letters: 32 symbols, so each character carries 5 random bits (50 bits per code). */
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const CODE_LENGTH = 10;
/** A formatted code: XXXX-XXXX-XX. */
export const CODE_PATTERN = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/;

function format(raw: string): string {
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** A new random code. 32 divides 256, so masking a byte to 5 bits keeps every symbol equally likely. */
export function generateCertificateCode(random: (size: number) => Uint8Array = randomBytes): string {
  const bytes = random(CODE_LENGTH);
  let raw = "";
  for (const byte of bytes) raw += CODE_ALPHABET[byte & 31];
  return format(raw);
}

function randomBytes(size: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(size));
}

/**
 * What someone typed or scanned, in the stored form: case, spaces and dashes do not matter. Null when it
 * cannot be a code (wrong length, a symbol outside the alphabet), so the caller answers "not found"
 * without a query.
 */
export function normalizeCertificateCode(input: string): string | null {
  if (input.length > 40) return null;
  const raw = input.toUpperCase().replace(/[\s-]/g, "");
  if (raw.length !== CODE_LENGTH) return null;
  for (const char of raw) if (!CODE_ALPHABET.includes(char)) return null;
  return format(raw);
}
