// Lists every language with code, flag, native and English name; a choice reloads this path and query in it.
import { useRef } from "react";
import { useLocation } from "react-router";
import { LANGUAGES, localizePath } from "../i18n/languages";
import { useLocale } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { useDismissableDetails } from "./dismissable-details";
import { Flag } from "./flag";

export function languageHref(pathname: string, search: string, code: (typeof LANGUAGES)[number]["code"]) {
  return localizePath(pathname, code) + search;
}

function LanguageList({ onDark }: { onDark: boolean }) {
  const location = useLocation();
  const locale = useLocale();
  return (
    <ul className="flex flex-col gap-1">
      {LANGUAGES.map((language) => (
        <li key={language.code}>
          {/* A full document load, so <html lang dir> and every string switch together. */}
          <a
            href={languageHref(location.pathname, location.search, language.code)}
            hrefLang={language.code}
            // The entry follows the page's direction so the list lines up; each name is isolated in its own.
            aria-current={language.code === locale ? "true" : undefined}
            data-language={language.code}
            className={`flex items-center gap-3 rounded-md px-3 py-2 text-start ${
              onDark ? "hover:bg-coral-700" : "hover:bg-coral-50"
            } ${language.code === locale ? "font-semibold" : ""}`}
          >
            <Flag code={language.code} className="h-4 w-6" />
            <span className="flex flex-col leading-tight">
              {/* Another language's name keeps the system font: one word such as "العربية" must not make an
                  English page download the Arabic font files (~45 KB a weight). */}
              <bdi lang={language.code} className={language.code === locale ? undefined : "font-system"}>
                {language.nativeName}
              </bdi>
              <span className={`text-xs ${onDark ? "text-white" : "text-ink/70"}`} lang="en">
                {language.englishName} · {language.code.toUpperCase()}
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The desktop dropdown. */
export function LanguageDropdown() {
  const { t } = useTranslation();
  const locale = useLocale();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  const current = LANGUAGES.find((language) => language.code === locale) ?? LANGUAGES[0];
  return (
    <details ref={ref} className="relative" data-testid="language-dropdown">
      {/* The accessible name starts with the visible label ("EN"), then says what it is (WCAG 2.5.3). */}
      <summary className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold hover:bg-coral-700">
        <Flag code={current.code} />
        <span>{current.code.toUpperCase()}</span>
        <span className="sr-only">{t("language.current", { name: current.nativeName })}</span>
      </summary>
      <div className="absolute end-0 z-40 mt-2 w-56 rounded-lg bg-white p-2 text-ink shadow-xl ring-1 ring-black/5">
        <p className="px-3 pb-1 text-xs font-semibold text-ink/70">{t("language.choose")}</p>
        <LanguageList onDark={false} />
      </div>
    </details>
  );
}

/** The inline list inside the mobile menu. */
export function LanguageMenuList() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="mobile-language-heading">
      <h2 id="mobile-language-heading" className="px-3 pb-1 text-xs font-semibold uppercase text-white">
        {t("language.label")}
      </h2>
      <LanguageList onDark />
    </section>
  );
}
