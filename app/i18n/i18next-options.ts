// i18next configured as the app translates, for the tests that hold ./translator.ts to i18next's answers.
import type { InitOptions } from "i18next";
import { DEFAULT_LOCALE, NAMESPACES } from "./languages";

export const i18nextOptions = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ["en", "ar"],
  ns: [...NAMESPACES],
  defaultNS: "common",
  // An empty Arabic string must fall back to English rather than render nothing (SPEC §9).
  returnEmptyString: false,
  returnNull: false,
  interpolation: { escapeValue: false },
} satisfies InitOptions;
