// Locale middleware: the URL is the only source of the language (no cookie, header or query detection). The
// translators and the context accessors live beside the context (app/i18n/context.server.ts).
import type { MiddlewareFunction } from "react-router";
import { setLocale } from "../i18n/context.server";
import { localeFromPath } from "../i18n/languages";

export const i18nextMiddleware: MiddlewareFunction<Response> = ({ url, context }, next) => {
  setLocale(context, localeFromPath(url.pathname));
  return next();
};
