// Value-added tax on an order (issue 47, item 1), free of the database: the rate as configured, and each line's
// net, tax and gross in integer minor units. One written rounding rule, applied per line: the line's tax is
// rounded half up to the currency's minor unit, and the order's totals are the sums of its lines, so the
// lines always add up to the totals (ZATCA's rule for simplified invoices is per line too).

/** A rate in hundredths of a percent (basis points): 15 % is 1500, 7.5 % is 750; integers keep the maths exact. */
export type TaxRate = { basisPoints: number };

const RATE = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/**
 * TAX_RATE_PERCENT as typed ("15", "5", "7.5", "0"): at most two decimals, from 0 to 100; anything else is
 * null, and the configuration refuses to start with it.
 */
export function parseTaxRate(text: string): TaxRate | null {
  const match = RATE.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= 10_000 ? { basisPoints } : null;
}

export type TaxedLine = { net: number; tax: number; gross: number };

/** `numerator / denominator` rounded half up, for the non-negative integers a price is. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * One line's tax. `amount` is what the line costs after its discount, in minor units: the gross when
 * catalogue prices include tax (PRICES_INCLUDE_TAX, the default), else the net.
 */
export function taxLine(amount: number, rate: TaxRate, pricesIncludeTax: boolean): TaxedLine {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`taxLine: ${amount} is not an amount`);
  if (rate.basisPoints === 0) return { net: amount, tax: 0, gross: amount };
  if (pricesIncludeTax) {
    const net = roundHalfUp(amount * 10_000, 10_000 + rate.basisPoints);
    return { net, tax: amount - net, gross: amount };
  }
  const tax = roundHalfUp(amount * rate.basisPoints, 10_000);
  return { net: amount, tax, gross: amount + tax };
}

/** Every line taxed, and the totals as the sums of the lines. */
export function taxOrder(
  amounts: readonly number[],
  rate: TaxRate,
  pricesIncludeTax: boolean,
): { lines: TaxedLine[]; net: number; tax: number; gross: number } {
  const lines = amounts.map((amount) => taxLine(amount, rate, pricesIncludeTax));
  const sum = (pick: (line: TaxedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    net: sum((line) => line.net),
    tax: sum((line) => line.tax),
    gross: sum((line) => line.gross),
  };
}

/**
 * An order's amounts from its items (list price and coupon share, in minor units): each line taxed on what
 * it costs after its discount, `subtotal` and `discount` in catalogue terms, `tax` the sum of the lines'
 * tax and `total` what the buyer pays (the sum of the lines' gross). With prices that include tax,
 * total = subtotal - discount; without, total = subtotal - discount + tax (decision 072).
 */
export function taxOrderItems(
  items: readonly { price: number; discount: number }[],
  rate: TaxRate,
  pricesIncludeTax: boolean,
): { lines: TaxedLine[]; subtotal: number; discount: number; net: number; tax: number; total: number } {
  const taxed = taxOrder(
    items.map((item) => item.price - item.discount),
    rate,
    pricesIncludeTax,
  );
  return {
    lines: taxed.lines,
    subtotal: items.reduce((sum, item) => sum + item.price, 0),
    discount: items.reduce((sum, item) => sum + item.discount, 0),
    net: taxed.net,
    tax: taxed.tax,
    total: taxed.gross,
  };
}

/** A rate as people read it: "15%" (Latin digits in Arabic too, as the site prints every number). */
export function taxRateLabel(basisPoints: number, locale: "en" | "ar"): string {
  return new Intl.NumberFormat(locale === "ar" ? "ar-u-nu-latn" : "en", {
    style: "percent",
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);
}
