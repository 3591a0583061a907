// The inline <head> scripts (app/head-scripts.server.ts): the web-font switch, the start of the page's
// modules after its first paint, and the first visit's attribution cookie (app/leads/attribution.ts). The server provides their text; the browser reads it back from the elements
// before hydrating and provides it here, so hydration renders identical markup without the text being part
// of the browser's JavaScript (every page's root chunk would otherwise carry it, ~0.5 KB gzipped).
import { createContext, useContext } from "react";

export type HeadScriptsText = { webFonts: string; startScripts: string; attribution: string };

const WEB_FONTS_SCRIPT_ID = "web-fonts-script";
const START_SCRIPTS_ID = "start-scripts";
const ATTRIBUTION_ID = "attribution-script";

const HeadScriptsContext = createContext<HeadScriptsText>({
  webFonts: "",
  startScripts: "",
  attribution: "",
});
export const HeadScriptsProvider = HeadScriptsContext.Provider;

/** One inline script with the CSP nonce. suppressHydrationWarning: the browser renders without the nonce. */
function InlineScript({ id, nonce, text }: { id: string; nonce: string | undefined; text: string }) {
  if (!text) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, not user input.
  return <script id={id} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}

export function HeadScripts({ nonce }: { nonce: string | undefined }) {
  const { webFonts, startScripts, attribution } = useContext(HeadScriptsContext);
  return (
    <>
      <InlineScript id={WEB_FONTS_SCRIPT_ID} nonce={nonce} text={webFonts} />
      <InlineScript id={ATTRIBUTION_ID} nonce={nonce} text={attribution} />
      <InlineScript id={START_SCRIPTS_ID} nonce={nonce} text={startScripts} />
    </>
  );
}

/** The browser side: the scripts' text as the server wrote it. */
export function readHeadScripts(): HeadScriptsText {
  return {
    webFonts: document.getElementById(WEB_FONTS_SCRIPT_ID)?.textContent ?? "",
    startScripts: document.getElementById(START_SCRIPTS_ID)?.textContent ?? "",
    attribution: document.getElementById(ATTRIBUTION_ID)?.textContent ?? "",
  };
}
