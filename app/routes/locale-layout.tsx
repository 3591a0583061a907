// The optional locale segment: /ar/... is Arabic, unprefixed is English, /en/... redirects, anything else is 404.
import { Outlet, redirect } from "react-router";
import { getI18n } from "../i18n/context.server";
import { stripLocale } from "../i18n/languages";
import { apiError, apiLocale } from "../lib/api.server";
import { sameOriginPath } from "../lib/same-origin-path";
import type { Route } from "./+types/locale-layout";

export const middleware: Route.MiddlewareFunction[] = [
  ({ params, request, url, context }) => {
    if (params.lang === undefined || params.lang === "ar") return;
    if (params.lang === "en") {
      // `url` is the page's URL even for a client navigation's `/en/x.data?_routes=…`, so the redirect goes
      // to the page. Built from the request path, so it must not become `//other.site` (an open redirect).
      throw redirect(sameOriginPath(stripLocale(url.pathname) + url.search), 301);
    }
    // `/api/…` paths that no API route handles can land here, read as a language: answer as the API would
    // (returned, not thrown: a thrown response would be rendered into the HTML error page).
    if (params.lang.toLowerCase() === "api")
      return apiError(404, "not_found", getI18n(context).getFixedT(apiLocale(request))("api.notFound"));
    throw new Response("Not Found", { status: 404 });
  },
];

export default function LocaleLayout() {
  return <Outlet />;
}
