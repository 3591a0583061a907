// Money is integer minor units everywhere; this is the one place that turns it into text for a locale.
import type { Locale } from "../i18n/languages";

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(minorUnits: number, locale: Locale, currency: string): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // Arabic symbols like "US$" break apart in right-to-left text ("$US 42"); the ISO code stays whole.
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay: locale === "ar" ? "code" : "symbol",
    });
    formatters.set(key, formatter);
  }
  return formatter.format(minorUnits / 10 ** minorUnitDigits(currency));
}

/** A price as shown on cards and course pages: 0 is the localized word for free. */
export function formatPrice(minorUnits: number, locale: Locale, currency: string, freeLabel: string): string {
  return minorUnits === 0 ? freeLabel : formatMoney(minorUnits, locale, currency);
}

const minorDigits = new Map<string, number>();

/** How many minor units a currency has (2 for USD, 0 for JPY, 3 for KWD). */
export function minorUnitDigits(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    // Building an Intl.NumberFormat is slow (it showed in the API's CPU profile): once per currency.
    digits =
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2;
    minorDigits.set(currency, digits);
  }
  return digits;
}

/** The API speaks plain numbers in currency units; inside, money is integer minor units. */
export function toCurrencyUnits(minorUnits: number, currency: string): number {
  return minorUnits / 10 ** minorUnitDigits(currency);
}

/** Minor units per currency unit of the wallet's amounts as typed (two decimals). */
export const MINOR_UNITS_PER_UNIT = 100;

/** Arabic keyboards type Arabic-Indic digits and the Arabic decimal separator; both mean the same number. */
export function toAsciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, ".");
}

/** Text an amount may be typed as: digits (Arabic-Indic too), a point and at most two decimals. */
export const AMOUNT_TEXT =
  /^\s*[0-9\u0660-\u0669\u06f0-\u06f9]+(?:[.\u066b][0-9\u0660-\u0669\u06f0-\u06f9]{1,2})?\s*$/;
