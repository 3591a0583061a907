// Lists every language by its name in its own script (English, العربية), never a flag: a flag names a state,
// not a language (issue 50). A choice reloads this path and query in it.
import { useRef } from "react";
import { useLocation } from "react-router";
import { LANGUAGES, localizePath } from "../i18n/languages";
import { useLocale } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { useDismissableDetails } from "./dismissable-details";

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
            {/* Another language's name keeps the system font: one word such as "العربية" must not make an
                English page download the Arabic font files (~45 KB a weight). */}
            <bdi lang={language.code} className={language.code === locale ? undefined : "font-system"}>
              {language.nativeName}
            </bdi>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A globe: the switcher's sign, which names no country. */
function GlobeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9s1.3-6.3 3.8-9z" />
    </svg>
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
      {/* The accessible name starts with the visible label ("English"), then says what it is (WCAG 2.5.3). */}
      <summary className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold hover:bg-coral-700">
        <GlobeIcon />
        <bdi lang={current.code}>{current.nativeName}</bdi>
        <span className="sr-only">{t("language.choose")}</span>
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
