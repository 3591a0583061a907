// Picks the column for the page's language; an empty Arabic value falls back to English, like the UI strings.
import type { Locale } from "../i18n/languages";

export function pick<T>(locale: Locale, english: T, arabic: T | null | undefined): T {
  if (locale === "ar" && arabic !== null && arabic !== undefined && arabic !== "") return arabic;
  return english;
}
