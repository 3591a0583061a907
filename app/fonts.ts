// Web fonts from a visitor's second page on (docs/decisions/026-first-paint.md).
//
// A first page paints in the system font and fetches no font file before its first paint: on a phone's slow
// link the IBM Plex Sans Arabic files (about 45 KB per Arabic weight, 20 KB per Latin one; an Arabic page uses
// six) would share the bandwidth with the document and delay the first paint, and with font-display: optional
// the browser would most often show the fallback on that page anyway. Once the page has loaded, the browser
// fetches the faces in the background (cached, hashed file names) and remembers that it has them, so every
// later document paints in the web font from its first frame. Nothing ever swaps fonts under a reader's eyes:
// a document opened in the system font switches only when the reader moves to another page, which repaints
// it anyway (a client-side navigation).
//
// The switch is an attribute on <html>: app/app.css keeps the family out of --font-sans until
// html[data-web-fonts] puts it in. Without JavaScript (the `scripting: none` media query) the family is always
// in, so such visitors get the web font as before (font-display: optional decides per page).
//
// A page fetches the subsets its language needs: Latin on English pages (no Arabic file: ~134 KB for three
// weights that an English page never shows), Latin and Arabic on Arabic pages. The browser remembers which
// languages it has the faces for, and a document switches from its first frame only if its own is among them.
//
// A visitor whose browser sends `Save-Data: on` (app/lib/save-data.ts) gets none of this: no @font-face rule,
// no head script, no fetch after load; the system font stays.

/** localStorage key: the languages (space-separated `lang` codes) whose faces this browser has fetched. */
export const WEB_FONTS_KEY = "manara:web-fonts";
export const WEB_FONTS_ATTRIBUTE = "data-web-fonts";
// The inline <head> script that reads the key before the first frame is WEB_FONTS_SCRIPT in
// app/head-scripts.server.ts: server-only, so its text is not in the browser's JavaScript twice.

/** Text that makes the browser pick the subsets of a weight a page in `lang` uses (unicode-range). */
function sampleText(lang: string): string {
  return lang === "ar" ? "Aa عربي" : "Aa";
}
const WEIGHTS = [400, 600, 700] as const;

let fontsFetched = false;

function markWebFontsReady(lang: string) {
  fontsFetched = true;
  try {
    const fetched = new Set((localStorage.getItem(WEB_FONTS_KEY) ?? "").split(" ").filter(Boolean));
    fetched.add(lang);
    localStorage.setItem(WEB_FONTS_KEY, [...fetched].join(" "));
  } catch {
    // No storage: the next document starts in the system font again, which is still correct.
  }
}

/**
 * After the page has loaded (and the browser is idle), fetch the faces a later page will use. Loading a face
 * through document.fonts changes nothing on screen: no element names the family yet.
 */
export function fetchWebFontsLater(): void {
  if (document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE)) {
    fontsFetched = true;
    return;
  }
  const lang = document.documentElement.lang;
  const fetchFaces = () => {
    Promise.all(
      WEIGHTS.map((weight) => document.fonts.load(`${weight} 1em "IBM Plex Sans Arabic"`, sampleText(lang))),
    ).then(
      (faces) => {
        if (faces.every((loaded) => loaded.length > 0)) markWebFontsReady(lang);
      },
      () => {},
    );
  };
  const whenIdle = () =>
    "requestIdleCallback" in window ? window.requestIdleCallback(fetchFaces) : setTimeout(fetchFaces, 1);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/** Called when a client-side navigation starts: the page is about to change, so the font may change too. */
export function switchToWebFonts(): void {
  if (fontsFetched) document.documentElement.setAttribute(WEB_FONTS_ATTRIBUTE, "");
}
