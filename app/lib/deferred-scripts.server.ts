import { type Environment, environment } from "../config.server";
// The browser's JavaScript starts after the first paint (docs/decisions/026-first-paint.md).
//
// A page of Manara is complete as the server sends it: every link and form works without JavaScript, which
// only makes things quicker once it is there. So the modules that hydrate a page must not compete with the
// document and its largest image for a phone's bandwidth, nor delay its first paint. React Router's <Scripts>
// names them in <link rel="modulepreload"> elements and one inline module script, which the browser fetches as
// soon as it parses them; the server renames those two (app/lib/defer-module-scripts.server.ts), so the parser
// fetches nothing, and START_SCRIPTS, inline in <head>, recreates them once the document has been parsed and
// painted: low-priority module preloads, then the module script itself. Everything else about <Scripts> (the
// router context, the streamed data) is untouched, and React hydrates over the renamed elements, which carry
// React Router's suppressHydrationWarning, then drops them as it always does.

/**
 * DEFER_PAGE_SCRIPTS=0 switches the deferral off: React Router's <Scripts> markup goes out as it is written
 * and no start script is sent (docs/decisions/041-deferred-scripts-after-react-router-8.md).
 */
export function pageScriptsDeferred(env: Environment = environment()): boolean {
  return env.DEFER_PAGE_SCRIPTS !== "0";
}

/** What the server writes instead of rel="modulepreload". */
export const DEFERRED_PRELOAD_REL = "x-deferred-modulepreload";
/**
 * What the server writes instead of `type="module" async=""` on React Router's inline module script: a data
 * block (a MIME type with a subtype, and no `async`, which HTML allows only on scripts the browser runs), so
 * the document stays valid HTML (the Nu HTML Checker).
 */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * Runs in <head> (inline, with the CSP nonce). Starts once the browser has reported the first contentful
 * paint (a Paint Timing entry, dispatched after the frame is on screen) and the document has been parsed.
 * Fallbacks: a tab opened in the background, which paints nothing, starts once parsed; a browser without
 * Paint Timing, or a page that paints nothing contentful, starts a frame after the load event.
 */
export const START_SCRIPTS = `(function(){
var started=false,d=document;
function start(){
if(started)return;started=true;
d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(l){var n=d.createElement("link");n.rel="modulepreload";n.href=l.getAttribute("href");n.setAttribute("fetchpriority","low");d.head.appendChild(n)});
d.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(s){var n=d.createElement("script");n.type="module";n.nonce=s.nonce;n.textContent=s.textContent;d.head.appendChild(n)});
}
function whenParsed(){if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",start,{once:true});else start()}
if(d.hidden){whenParsed();return}
try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();whenParsed()}}).observe({type:"paint",buffered:true})}catch(e){}
addEventListener("load",function(){requestAnimationFrame(function(){setTimeout(start,0)})},{once:true});
})()`;
