// The document shell: <html lang dir> from the URL, header, footer, toasts and the route-progress bar.
import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { canTeach, isAdmin } from "./access/roles";
import { getViewer } from "./auth/viewer";
import { countCart } from "./commerce/cart.server";
import { FetcherToasts } from "./components/fetcher-toasts";
import { RouteAnnouncer } from "./components/route-announcer";
import { RouteProgress } from "./components/route-progress";
import { SiteFooter } from "./components/site-footer";
import { type HeaderUser, SiteHeader } from "./components/site-header";
import { ToastProvider } from "./components/toaster";
import { WebFonts } from "./components/web-fonts";
import { getDb } from "./db/context";
import { HeadScripts } from "./head-scripts";
import { getLocaleFromContext } from "./i18n/context.server";
import { DocumentTranslationsScript } from "./i18n/document-translations";
import { directionOf, type Locale } from "./i18n/languages";
import { useLocale, useLocalizePath } from "./i18n/use-locale";
import { useTranslation } from "./i18n/use-translation";
import { DocumentStyles } from "./lib/document-styles";
import { skipRevalidationAfterFailedRequest } from "./lib/fetcher-failure";
import { pick } from "./lib/localized";
import { publicReadsMiddleware } from "./lib/public-reads.server";
import { asksToSaveData, useSaveData } from "./lib/save-data";
import { DEFAULT_TITLE } from "./lib/seo";
import { readToast } from "./lib/toast.server";
import { apiBoundaryMiddleware } from "./middleware/api-boundary.server";
import { authMiddleware } from "./middleware/auth.server";
import { databaseMiddleware } from "./middleware/database.server";
import { i18nextMiddleware } from "./middleware/i18next.server";
import { mailMiddleware } from "./middleware/mail.server";
import { mailLocaleMiddleware } from "./middleware/mail-locale.server";
import { mediaMiddleware } from "./middleware/media.server";
import { responseCacheMiddleware } from "./middleware/response-cache.server";
import { sameOriginMiddleware } from "./middleware/same-origin.server";
import { saveDataMiddleware } from "./middleware/save-data.server";
import { headerBell } from "./notifications/bell.server";
import { useNonce } from "./security/nonce";
import { type SiteView, siteView } from "./site/settings";
import { readSiteSettings } from "./site/settings.server";

export const middleware: Route.MiddlewareFunction[] = [
  // First, so a stored answer skips everything else and a stored answer is the one the others shaped.
  responseCacheMiddleware,
  // Inside the cache, so the answers it stores say `Vary: Save-Data`.
  saveDataMiddleware,
  i18nextMiddleware,
  apiBoundaryMiddleware,
  sameOriginMiddleware,
  databaseMiddleware,
  publicReadsMiddleware,
  mediaMiddleware,
  mailMiddleware,
  authMiddleware,
  mailLocaleMiddleware,
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await readToast(request);
  // The header renders the right menus in the first byte: no client-side start-up fetch of the user.
  const viewer = getViewer(context).user;
  // The locale middleware only lets known locales through.
  const locale = getLocaleFromContext(context) as Locale;
  const user: HeaderUser | null = viewer
    ? {
        name: pick(locale, viewer.name, viewer.nameAr),
        mayAdminister: isAdmin(viewer),
        mayTeach: canTeach(viewer),
      }
    : null;
  // Brand, contact details and social links for the header and footer: kept like the public lists, and
  // forgotten on every server when an admin saves them (decision 064).
  const { settings } = await readSiteSettings(context);
  return data(
    {
      locale,
      site: siteView(settings, locale),
      // Without web fonts and decorative images (app/lib/save-data.ts); the document's own part (the font
      // faces and their head script) entry.server.tsx decides from the same header.
      saveData: asksToSaveData(request.headers),
      toast: toast ? { type: toast.type, message: toast.message } : undefined,
      user,
      // Read with the session for a signed-in visitor (app/middleware/auth.server.ts), unless an action of
      // this very request may have changed the cart since; a guest's is a cookie.
      cartCount:
        (request.method === "GET" || request.method === "HEAD" ? getViewer(context).cartCount : null) ??
        (await countCart(getDb(context), request, viewer)),
      // The bell's count: signed-in people only, so the anonymous pages the cache keeps never carry one. Read
      // with the session, unless an action of this very request may have read some since.
      unreadNotifications: viewer
        ? ((request.method === "GET" || request.method === "HEAD"
            ? getViewer(context).unreadNotifications
            : null) ?? (await headerBell(getDb(context), viewer.id)))
        : 0,
    },
    { headers },
  );
}

export const shouldRevalidate = skipRevalidationAfterFailedRequest;

export function meta({ error }: Route.MetaArgs) {
  // Error pages render their own localized <title>; everything else falls back to the product title.
  return error ? [] : [{ title: DEFAULT_TITLE }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const saveData = useSaveData();
  const { t } = useTranslation();
  const site = rootData?.site ?? fallbackSite(t("brand.name"));
  return (
    // A head script may add data-web-fonts to <html> before hydration (app/fonts.ts).
    <html lang={locale} dir={directionOf(locale)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f2545b" />
        <Meta />
        <HeadScripts nonce={nonce} />
        <DocumentStyles />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {/* First in the body: after a client-side navigation it holds the focus, so Tab goes on to the skip link. */}
        <RouteAnnouncer />
        <RouteProgress />
        {/* The web fonts' fetch after the page has loaded: none for a visitor saving data. */}
        {saveData ? null : <WebFonts />}
        <HydrationMarker />
        <ToastProvider serverToast={rootData?.toast}>
          <FetcherToasts />
          <SiteHeader
            user={rootData?.user ?? null}
            cartCount={rootData?.cartCount ?? 0}
            unreadNotifications={rootData?.unreadNotifications ?? 0}
            brandName={site.brandName}
          />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter site={site} />
        </ToastProvider>
        <DocumentTranslationsScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** When the root loader did not answer (the error page of a database outage): the brand's name alone. */
function fallbackSite(brandName: string): SiteView {
  return { brandName, email: null, phone: null, whatsapp: null, address: null, hours: null, social: [] };
}

/**
 * Marks <html data-hydrated> once React has taken over the page (the modules start after the first paint,
 * decision 026): the end-to-end suite waits for it before testing what JavaScript adds.
 */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return null;
}

export default function App() {
  return <Outlet />;
}

/**
 * Title and body keys of the error page by status; other 4xx read as 400, other 5xx as 500. 503: the
 * database is away (entry.server.tsx).
 */
const ERROR_MESSAGES: Partial<Record<number, [string, string]>> & Record<400 | 500, [string, string]> = {
  400: ["errors.badRequestTitle", "errors.badRequestBody"],
  403: ["errors.forbiddenTitle", "errors.forbiddenBody"],
  404: ["errors.notFoundTitle", "errors.notFoundBody"],
  413: ["errors.tooLargeTitle", "errors.tooLargeBody"],
  500: ["errors.errorTitle", "errors.errorBody"],
  503: ["errors.unavailableTitle", "errors.unavailableBody"],
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // In the browser only: on the server, handleError (app/entry.server.tsx) has logged it with the request id.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const [titleKey, bodyKey] =
    ERROR_MESSAGES[status] ?? (status < 500 ? ERROR_MESSAGES[400] : ERROR_MESSAGES[500]);
  const title = t(titleKey);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <title>{`${title} | ${t("brand.titleSuffix")}`}</title>
      <p className="text-7xl font-bold text-coral-500">{status}</p>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-ink/70">{t(bodyKey)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={localize("/")} className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white">
          {t("errors.backHome")}
        </Link>
        <Link to={localize("/courses")} className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold">
          {t("errors.browseCourses")}
        </Link>
      </div>
    </section>
  );
}
