// The inline <head> scripts every document carries (docs/decisions/026-first-paint.md). Their text lives
// in server-only modules and reaches the browser once, in the document: app/head-scripts.tsx renders them on
// the server and, in the browser, hydrates with the text read back from the elements, as the stylesheet does.
import { WEB_FONTS_ATTRIBUTE, WEB_FONTS_KEY } from "./fonts";
import type { HeadScriptsText } from "./head-scripts";
import { ATTRIBUTION_SCRIPT } from "./leads/attribution";
import { pageScriptsDeferred, START_SCRIPTS } from "./lib/deferred-scripts.server";

/**
 * Runs before the body is parsed, so a visitor whose browser already holds the font files of the page's
 * language gets them from the first frame (app/fonts.ts). Storage can throw (privacy modes): then no web
 * font.
 */
export const WEB_FONTS_SCRIPT = `try{var d=document.documentElement;if((localStorage.getItem(${JSON.stringify(WEB_FONTS_KEY)})||"").split(" ").indexOf(d.lang)>-1)d.setAttribute(${JSON.stringify(WEB_FONTS_ATTRIBUTE)},"")}catch(e){}`;

export const HEAD_SCRIPTS: HeadScriptsText = {
  webFonts: WEB_FONTS_SCRIPT,
  startScripts: pageScriptsDeferred() ? START_SCRIPTS : "",
  // The first page a visitor opens writes where they came from (issue 48, decision 063).
  attribution: ATTRIBUTION_SCRIPT,
};

/** For a visitor saving data (app/lib/save-data.ts): no web fonts, so nothing switches to them. */
export const HEAD_SCRIPTS_WITHOUT_WEB_FONTS: HeadScriptsText = { ...HEAD_SCRIPTS, webFonts: "" };
