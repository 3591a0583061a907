// Money is integer minor units everywhere; this is the one place that turns it into text for a locale.
import currencyCodes from "currency-codes";
import { z } from "zod";
import type { Locale } from "../i18n/languages";

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(minorUnits: number, locale: Locale, currency: string): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // Arabic symbols like "US$" break apart in right-to-left text ("$US 42"); the ISO code stays whole.
    // ISO's minor digits, not CLDR's cash digits: 1.500 KWD shows as 1.500, and 1 IQD 250 fils as 1.250.
    const digits = minorUnitDigits(currency);
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay: locale === "ar" ? "code" : "symbol",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
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

/**
 * How many minor units a currency has, as ISO 4217 publishes it (2 for USD and SAR, 0 for JPY, 3 for KWD,
 * BHD, OMR, JOD and IQD), from the currency-codes package (https://github.com/freeall/currency-codes), which
 * carries ISO's list. CLDR's figure (Intl's) is the digits people use in cash, which differs for some (IQD
 * is 0 there); money is stored in ISO's minor units, so ISO decides. An unknown code falls back to Intl.
 */
export function minorUnitDigits(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits =
      isoCurrency(currency)?.digits ??
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2;
    minorDigits.set(currency, digits);
  }
  return digits;
}

/** ISO 4217's entry for a code, or undefined; funds, metals and test codes (no country) are not currencies. */
export function isoCurrency(code: string): { code: string; digits: number } | undefined {
  const entry = currencyCodes.code(code);
  if (!entry || entry.countries.every((country) => country.startsWith("Zz"))) return undefined;
  return { code: entry.code, digits: entry.digits };
}

/** Minor units in one unit of the currency: 100 for SAR, 1 for JPY, 1000 for KWD. */
export function minorUnitsPerUnit(currency: string): number {
  return 10 ** minorUnitDigits(currency);
}

/** The API speaks plain numbers in currency units; inside, money is integer minor units. */
export function toCurrencyUnits(minorUnits: number, currency: string): number {
  return minorUnits / minorUnitsPerUnit(currency);
}

/**
 * Minor units as the text a form field shows to edit them again: "49.90" for SAR, "4900" for JPY, "4.900"
 * for KWD, always with the currency's digits.
 */
export function toAmountText(minorUnits: number, currency: string): string {
  return toCurrencyUnits(minorUnits, currency).toFixed(minorUnitDigits(currency));
}

/** Arabic keyboards type Arabic-Indic digits and the Arabic decimal separator; both mean the same number. */
export function toAsciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, ".");
}

const DIGIT = "[0-9\\u0660-\\u0669\\u06f0-\\u06f9]";

/**
 * Text an amount may be typed as in a currency with `digits` minor digits: digits (Arabic-Indic too), and
 * unless the currency has none, a point (or the Arabic decimal separator) and at most `digits` decimals.
 */
export function amountTextPattern(digits: number): RegExp {
  const fraction = digits > 0 ? `(?:[.\\u066b]${DIGIT}{1,${digits}})?` : "";
  return new RegExp(`^\\s*${DIGIT}+${fraction}\\s*$`);
}

/**
 * A typed amount in currency units ("10.1", 10.5, "١٠٫٥") as integer minor units (1010, 1050) of a currency
 * with `digits` minor digits, or null when it has more decimals than that, a sign, an exponent, or more than
 * `maxWholeDigits` digits before the point. The digits are read as text, so "0.29" is 29 exactly rather
 * than 28.999….
 */
export function parseAmount(input: string | number, digits: number, maxWholeDigits: number): number | null {
  if (typeof input === "number" && !Number.isFinite(input)) return null;
  // String(10.5) is "10.5"; numbers that only print with an exponent (1e21, 1e-7) fail the pattern below.
  const text = toAsciiDigits(String(input).trim());
  const pattern = digits > 0 ? new RegExp(`^(\\d+)(?:\\.(\\d{1,${digits}}))?$`) : /^(\d+)()$/;
  const match = pattern.exec(text);
  if (!match) return null;
  const [, whole = "", fraction = ""] = match;
  // Checking the length first keeps Number() exact.
  if (whole.replace(/^0+/, "").length > maxWholeDigits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/**
 * A form or JSON amount in `currency` → integer minor units between `min` and `max` minor units. A number
 * is bounded and a multiple of the currency's smallest unit in the schema itself, so the OpenAPI document
 * says so; text follows the same digits rule as a pattern. `invalid` and `outOfRange` are messages (keys in
 * the caller's namespace). With `allowEmpty`, "" passes the pattern and is refused with `empty` after.
 */
export function amountSchema(options: {
  currency: string;
  min: number;
  max: number;
  invalid: string;
  outOfRange?: string;
  empty?: string;
}) {
  const { currency, min, max, invalid } = options;
  const outOfRange = options.outOfRange ?? invalid;
  const digits = minorUnitDigits(currency);
  const unit = 10 ** digits;
  const maxWholeDigits = String(Math.floor(max / unit)).length;
  const text = amountTextPattern(digits);
  return z
    .union(
      [
        z
          .number({ error: invalid })
          .min(min / unit, { error: outOfRange })
          .max(max / unit, { error: outOfRange })
          .multipleOf(1 / unit, { error: invalid }),
        z
          .string({ error: invalid })
          .regex(options.empty ? new RegExp(`^$|${text.source}`) : text, { error: invalid }),
      ],
      { error: invalid },
    )
    .transform((value, ctx) => {
      if (value === "" && options.empty) {
        ctx.addIssue({ code: "custom", message: options.empty });
        return z.NEVER;
      }
      const minorUnits = parseAmount(value, digits, maxWholeDigits);
      if (minorUnits === null) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      if (minorUnits < min || minorUnits > max) {
        ctx.addIssue({ code: "custom", message: outOfRange });
        return z.NEVER;
      }
      return minorUnits;
    });
}
