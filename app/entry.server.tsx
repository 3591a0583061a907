// Server rendering: React Router's Node entry, wrapped in the request's translator, the page's
// translations for the browser, the inlined stylesheet (with the web fonts' faces unless the visitor saves
// data) and the CSP nonce. A page that failed because the database is away renders its error page with 503
// and Retry-After instead of 500.
// Written so that no request can leave a timer or a rejected promise behind that takes the process down.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import appCss from "./app.css?inline";
import {
  databaseUnavailableResponse,
  databaseWasUnavailable,
  noteDatabaseUnavailable,
} from "./db/availability.server";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "./db/errors";
import fontFacesCss from "./fonts.css?inline";
import { HeadScriptsProvider } from "./head-scripts";
import { HEAD_SCRIPTS, HEAD_SCRIPTS_WITHOUT_WEB_FONTS } from "./head-scripts.server";
import { getI18n, type ServerI18n } from "./i18n/context.server";
import { DocumentTranslationsProvider } from "./i18n/document-translations";
import { documentTranslationsSplice, renderedNamespaces } from "./i18n/document-translations.server";
import type { Locale } from "./i18n/languages";
import { TranslationProvider } from "./i18n/use-translation";
import { DEFER_MODULE_SCRIPTS } from "./lib/defer-module-scripts.server";
import { stylesSplice } from "./lib/document-slots.server";
import { DocumentStylesProvider } from "./lib/document-styles";
import { logger } from "./lib/logger.server";
import { noteFailureLogged, requestIdOf } from "./lib/request-id";
import { asksToSaveData } from "./lib/save-data";
import { spliceDocument } from "./lib/splice-document.server";
import { cardCheckoutOrigins } from "./payments/providers/registry.server";
import { contentSecurityPolicy, createNonce } from "./security/csp.server";
import { NonceProvider } from "./security/nonce";

export const streamTimeout = 5_000;

/** The stylesheet's bytes, encoded once: React renders its element empty and the splice fills it. */
const STYLES_SPLICE = stylesSplice(`${appCss}\n${fontFacesCss}`);
/**
 * For a visitor saving data (app/lib/save-data.ts): without the web fonts' @font-face rules, so the browser
 * has no font file to fetch whatever names the family (`@media (scripting: none)` in app.css does). The
 * browser hydrates with the text it has, so nothing else needs to know.
 */
const STYLES_WITHOUT_WEB_FONTS_SPLICE = stylesSplice(appCss);

/** The request's translator, or null when the middleware never ran (a path that matched no route). */
function requestI18n(loadContext: RouterContextProvider): ServerI18n | null {
  try {
    return getI18n(loadContext);
  } catch {
    return null;
  }
}

/**
 * A request that reaches rendering without the middleware chain (React Router matched no route at all,
 * e.g. a path with an encoded newline) gets a small static page instead of a render that would throw.
 */
function plainErrorPage(status: number, headers: Headers): Response {
  const title = status === 404 ? "404 Not Found" : `${status} Bad Request`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  headers.set("Cache-Control", "no-store");
  return new Response(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p><a href="/">Manara</a></p></html>`,
    { status, headers },
  );
}

/**
 * Every error React Router caught in a loader, an action or a middleware comes here before anything is
 * answered. One that says the database is away is noted on the request (one log line, no stack), so the
 * answer becomes 503; anything else is logged in full, as React Router's own handler does.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    noteDatabaseUnavailable(context, request, error);
    return;
  }
  // A Response thrown on purpose (the 503 below) is an answer, not an error.
  if (error instanceof Response) return;
  // React Router's own answers to a client's mistake (a page asked with a method it lacks, a 404) are
  // not our errors: one line, no stack, so a scanner's OPTIONS and PROPFIND do not fill the log.
  const line = {
    requestId: requestIdOf(context),
    method: request.method,
    path: new URL(request.url).pathname,
  };
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger("http").warn({ ...line, status: error.status }, "client error");
    return;
  }
  // Its other errors carry the Error that explains them, which its default handler logs. Every one is
  // logged with the request id its 500 carries in X-Request-Id (decision 059).
  const explained = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logger("http").error({ ...line, err: explained ?? error }, "unexpected error");
  noteFailureLogged(context);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The page failed because the database is away: thrown, this makes React Router render the error page
  // again as a 503 (its data, for the browser, says 503 too), and that second render comes back here.
  if (responseStatusCode === 500 && databaseWasUnavailable(loadContext)) throw databaseUnavailableResponse();
  if (responseStatusCode === 503) {
    responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  const i18n = requestI18n(loadContext);
  if (!i18n) return plainErrorPage(responseStatusCode >= 400 ? responseStatusCode : 404, responseHeaders);

  const nonce = createNonce();
  // Saving data: no web fonts, neither their faces nor the head script that switches to them (the root
  // leaves out their fetch after load).
  const saveData = asksToSaveData(request.headers);
  // The strings this page uses, written into the document for the browser's translator (no fetch before hydrating).
  const translations = documentTranslationsSplice(i18n.language as Locale, renderedNamespaces(routerContext));
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, { cardOrigins: cardCheckoutOrigins() }),
  );
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
    };
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let stream: ReturnType<typeof renderToPipeableStream>;
    try {
      stream = renderToPipeableStream(
        <NonceProvider value={nonce}>
          <TranslationProvider value={i18n}>
            {/* Both elements render empty; the splice below writes their bytes, encoded once (decision 027). */}
            <DocumentTranslationsProvider value="">
              <DocumentStylesProvider value="">
                <HeadScriptsProvider value={saveData ? HEAD_SCRIPTS_WITHOUT_WEB_FONTS : HEAD_SCRIPTS}>
                  <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
                </HeadScriptsProvider>
              </DocumentStylesProvider>
            </DocumentTranslationsProvider>
          </TranslationProvider>
        </NonceProvider>,
        {
          nonce,
          [readyOption]() {
            shellRendered = true;
            const body = new PassThrough({
              final(callback) {
                settle();
                callback();
              },
            });
            body.on("error", settle);
            body.on("close", settle);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            // The page's modules start after its first paint (app/lib/deferred-scripts.server.ts), and the
            // stylesheet and translations go into their empty elements.
            const styles = saveData ? STYLES_WITHOUT_WEB_FONTS_SPLICE : STYLES_SPLICE;
            stream.pipe(spliceDocument([...DEFER_MODULE_SCRIPTS, styles, translations])).pipe(body);
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          },
          onShellError(error: unknown) {
            settle();
            reject(error);
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            if (shellRendered)
              logger("http").error(
                {
                  requestId: requestIdOf(loadContext),
                  path: new URL(request.url).pathname,
                  err: error,
                },
                "error while streaming a page",
              );
          },
        },
      );
    } catch (error) {
      settle();
      reject(error);
      return;
    }
    // Armed only once rendering has started, so `abort` exists when it fires; cleared when the body ends.
    timeoutId = setTimeout(() => stream.abort(), streamTimeout + 1000);
  });
}
