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

/** localStorage key: set once the faces have been fetched on this browser. */
export const WEB_FONTS_KEY = "manara:web-fonts";
export const WEB_FONTS_ATTRIBUTE = "data-web-fonts";
// The inline <head> script that reads the key before the first frame is WEB_FONTS_SCRIPT in
// app/head-scripts.server.ts: server-only, so its text is not in the browser's JavaScript twice.

/** Text that makes the browser pick the Latin and Arabic subsets of a weight. */
const SAMPLE_TEXT = "Aa عربي";
const WEIGHTS = [400, 600, 700] as const;

let fontsFetched = false;

function markWebFontsReady() {
  fontsFetched = true;
  try {
    localStorage.setItem(WEB_FONTS_KEY, "1");
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
  const fetchFaces = () => {
    Promise.all(
      WEIGHTS.map((weight) => document.fonts.load(`${weight} 1em "IBM Plex Sans Arabic"`, SAMPLE_TEXT)),
    ).then(
      (faces) => {
        if (faces.every((loaded) => loaded.length > 0)) markWebFontsReady();
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
