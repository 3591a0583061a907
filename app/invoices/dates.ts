// An invoice's dates as Gulf readers expect them (issue 47): the Gregorian date and the Hijri date of the
// Umm al-Qura calendar, the one Saudi Arabia uses (`islamic-umalqura`; plain `islamic` is an arithmetic
// approximation that can be a day off), both in the seller's time zone.

/** The invoice's zone: a date on it is the seller's day, not the server's. */
export const INVOICE_TIME_ZONE = "Asia/Riyadh";

export function gregorianDate(at: Date, locale: "en" | "ar", timeZone = INVOICE_TIME_ZONE): string {
  // As the site's pages print dates (app/lib/route-context.server.ts), in the seller's zone.
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(at);
}

export function hijriDate(at: Date, locale: "en" | "ar", timeZone = INVOICE_TIME_ZONE): string {
  // Latin digits in Arabic too, as the site prints every number (ar-SA alone would print Arabic-Indic ones).
  return new Intl.DateTimeFormat(
    locale === "ar" ? "ar-SA-u-ca-islamic-umalqura-nu-latn" : "en-u-ca-islamic-umalqura",
    { dateStyle: "long", timeZone },
  ).format(at);
}
