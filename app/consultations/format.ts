// How a consultation's time is written, on pages and in mails: the day and the time in a given zone, in the
// reader's language. Pure; the page's small script uses the same for the visitor's own zone.
import type { Locale } from "../i18n/languages";

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions, key: string) {
  const id = `${locale}|${timeZone}|${key}`;
  let found = formats.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(id, found);
  }
  return found;
}

/** "Sunday, 13 December 2026 at 10:00" (or its Arabic) in `timeZone`. */
export function formatWhen(instant: Date, locale: Locale | string, timeZone: string): string {
  return format(locale, timeZone, { dateStyle: "full", timeStyle: "short" }, "when").format(instant);
}

/** "Sunday, 13 December" in `timeZone`: a day's heading. */
export function formatDay(instant: Date, locale: Locale | string, timeZone: string): string {
  return format(locale, timeZone, { weekday: "long", day: "numeric", month: "long" }, "day").format(instant);
}

/** "10:00" in `timeZone`. */
export function formatTime(instant: Date, locale: Locale | string, timeZone: string): string {
  return format(locale, timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, "time").format(
    instant,
  );
}
