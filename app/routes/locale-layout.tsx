// The optional locale segment: /ar/... is Arabic, unprefixed is English, /en/... redirects, anything else is 404.
import { Outlet, redirect } from "react-router";
import { stripLocale } from "../i18n/languages";
import { sameOriginPath } from "../lib/same-origin-path";
import type { Route } from "./+types/locale-layout";

export const middleware: Route.MiddlewareFunction[] = [
  ({ params, request }) => {
    if (params.lang === undefined || params.lang === "ar") return;
    if (params.lang === "en") {
      const url = new URL(request.url);
      // Client navigations fetch `/en/x.data?_routes=…`; redirect them to the page, not the data URL.
      url.searchParams.delete("_routes");
      // Built from the request path, so it must not become `//other.site` (an open redirect).
      throw redirect(sameOriginPath(stripLocale(url.pathname.replace(/\.data$/, "")) + url.search), 301);
    }
    throw new Response("Not Found", { status: 404 });
  },
];

export default function LocaleLayout() {
  return <Outlet />;
}
