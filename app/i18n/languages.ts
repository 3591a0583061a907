// The supported interface languages and the URL rules that choose between them (SPEC §9: the URL alone decides).
import { pagePath } from "../lib/page-path";
export const LANGUAGES = [
  { code: "en", nativeName: "English", englishName: "English", dir: "ltr" },
  { code: "ar", nativeName: "العربية", englishName: "Arabic", dir: "rtl" },
] as const;

export type Locale = (typeof LANGUAGES)[number]["code"];
export const DEFAULT_LOCALE: Locale = "en";
export const NAMESPACES = [
  "common",
  "home",
  "pages",
  "catalog",
  "contact",
  "auth",
  "admin",
  "studio",
  "editorial",
  "video",
  "learning",
  "certificates",
  "wallet",
  "reviews",
  "analytics",
  "mail",
  "payments",
  "apidocs",
  "qa",
  "notifications",
  "leads",
  "site",
  "orders",
  "mylearning",
  "consultations",
  "invoices",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isLocale(value: unknown): value is Locale {
  return LANGUAGES.some((language) => language.code === value);
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/**
 * The locale a pathname is in. Data requests arrive as `/ar.data`, `/ar/courses.data` or `/_.data`, so the
 * page they name is read (app/lib/page-path.ts). Anything but an `/ar` prefix is English; unknown prefixes are
 * rejected by the locale layout route, not here.
 */
export function localeFromPath(pathname: string): Locale {
  const first = pagePath(pathname).split("/")[1];
  return first === "ar" ? "ar" : DEFAULT_LOCALE;
}

/** Removes a leading `/ar` or `/en` segment: `/ar/courses` → `/courses`, `/ar` → `/`. */
export function stripLocale(pathname: string): string {
  const stripped = pathname.replace(/^\/(ar|en)(?=\/|$)/, "");
  return stripped === "" ? "/" : stripped;
}

/** The same page in another locale: English is unprefixed, Arabic lives under `/ar`. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === "/" ? `/${locale}` : `/${locale}${bare}`;
}
