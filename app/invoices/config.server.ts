// The tax on sales and the seller the invoices name (issue 47, item 1), read from the environment that
// app/config.server.ts lists. The server's start reads it once (server/app.ts) and refuses a bad one.
import { ConfigError, type Environment, environment, readCurrency } from "../config.server";
import { isSaudiVatNumber } from "./seller";
import { parseTaxRate, type TaxRate } from "./tax";

export type TaxConfig = {
  /** TAX_RATE_PERCENT in basis points (15 % is 1500); 0 by default: no tax. */
  rate: TaxRate;
  /** PRICES_INCLUDE_TAX: catalogue prices are what the buyer pays (true by default). */
  pricesIncludeTax: boolean;
  seller: {
    name: string;
    nameAr: string | null;
    vatNumber: string | null;
    address: string | null;
    addressAr: string | null;
  };
};

/**
 * The tax on sales and the seller the invoices name (issue 47, decision 072). TAX_RATE_PERCENT is a
 * percentage with at most two decimals (0 to 100). SELLER_VAT_NUMBER is required once the rate is above 0
 * (a tax invoice without the seller's registration is no tax invoice); when CURRENCY is SAR it must be a
 * Saudi one (15 digits, the first and the last a 3), else 5 to 20 letters and digits. SELLER_NAME defaults
 * to "Manara".
 */
export function readTaxConfig(env: Environment = environment()): TaxConfig {
  const rateText = env.TAX_RATE_PERCENT?.trim() || "0";
  const rate = parseTaxRate(rateText);
  if (!rate)
    throw new ConfigError(
      `TAX_RATE_PERCENT must be a percentage from 0 to 100 with at most two decimals (15, 5, 7.5); got "${env.TAX_RATE_PERCENT}".`,
    );
  const includeText = (env.PRICES_INCLUDE_TAX?.trim() || "true").toLowerCase();
  if (!["true", "false", "1", "0"].includes(includeText))
    throw new ConfigError(`PRICES_INCLUDE_TAX must be true or false; got "${env.PRICES_INCLUDE_TAX}".`);
  const text = (value: string | undefined) => value?.trim() || null;
  const vatNumber = text(env.SELLER_VAT_NUMBER)?.replace(/\s+/g, "") ?? null;
  const currency = readCurrency(env.CURRENCY);
  if (vatNumber !== null) {
    if (currency === "SAR" && !isSaudiVatNumber(vatNumber))
      throw new ConfigError(
        `SELLER_VAT_NUMBER must be a Saudi VAT number (15 digits, the first and the last a 3) when CURRENCY is SAR; got "${vatNumber}".`,
      );
    if (!/^[A-Z0-9]{5,20}$/i.test(vatNumber))
      throw new ConfigError(`SELLER_VAT_NUMBER must be 5 to 20 letters and digits; got "${vatNumber}".`);
  } else if (rate.basisPoints > 0) {
    throw new ConfigError("SELLER_VAT_NUMBER must be set when TAX_RATE_PERCENT is above 0.");
  }
  return {
    rate,
    pricesIncludeTax: includeText === "true" || includeText === "1",
    seller: {
      name: text(env.SELLER_NAME) ?? "Manara",
      nameAr: text(env.SELLER_NAME_AR),
      vatNumber,
      address: text(env.SELLER_ADDRESS),
      addressAr: text(env.SELLER_ADDRESS_AR),
    },
  };
}

/**
 * The tax configuration as it is now: read on each call from the environment (tests change it between
 * calls), like orderExpiryMinutes; the server's start reads it once through readConfig and refuses a bad one.
 */
export function taxConfig(env: Environment = environment()): TaxConfig {
  return readTaxConfig(env);
}
