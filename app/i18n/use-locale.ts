// The page's locale and a link builder for it, both derived from the URL so error pages agree with the rest.
import { useCallback } from "react";
import { useLocation } from "react-router";
import { type Locale, localeFromPath, localizePath } from "./languages";

export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** `localize("/courses")` → `/ar/courses` on an Arabic page. */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
