// Who issues the invoices (issue 47, item 1): the rules on the seller's VAT registration number, free of the
// configuration that reads it.

/**
 * A Saudi VAT registration number (ZATCA): 15 digits, the first and the last a 3. Other countries' numbers
 * are not checked beyond being given.
 */
export function isSaudiVatNumber(text: string): boolean {
  return /^3\d{13}3$/.test(text);
}
