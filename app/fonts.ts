// The one font file a locale's first paint needs most: the 400 weight of its script (Latin for English,
// Arabic for Arabic). app/root.tsx preloads it so that, with font-display: optional (app/fonts.css), body
// text paints in IBM Plex Sans Arabic on a first visit. Other weights are not preloaded: every preload competes
// with the document and the largest paint for the phone's bandwidth (docs/decisions/022-client-weight.md).
import arabic400 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url";
import latin400 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff2?url";
import type { Locale } from "./i18n/languages";

export const FIRST_PAINT_FONT: Record<Locale, string> = { en: latin400, ar: arabic400 };
