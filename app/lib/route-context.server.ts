// What almost every page loader needs first: the locale, a translator for it and the page's SEO tags.
import type { RouterContextProvider } from "react-router";
import { publicOrigin, readConfig } from "../config.server";
import { getI18n, getLocaleFromContext } from "../i18n/context.server";
import type { Locale } from "../i18n/languages";
import { formatPrice } from "./money";
import { pagePath } from "./page-path";
import { type PageMetaInput, pageMeta } from "./seo";

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** Building an Intl formatter costs far more than using one, so each locale's is made once. */
function longDate(locale: Locale): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "long" });
    dateFormats.set(locale, format);
  }
  return format;
}

export function pageContext(request: Request, context: Readonly<RouterContextProvider>) {
  const locale = getLocaleFromContext(context) as Locale;
  const i18n = getI18n(context);
  const t = i18n.getFixedT(locale);
  const currency = readConfig().currency;
  const meta = (
    title: string,
    description: string,
    more: Pick<PageMetaInput, "image" | "canonicalPath" | "pageNumber">,
  ) =>
    pageMeta(publicOrigin(), pagePath(new URL(request.url).pathname), locale, {
      title,
      description,
      brand: t("brand.titleSuffix"),
      ...more,
    });
  return {
    locale,
    t,
    /** A translator whose keys are relative to one namespace, as zod messages are. */
    tIn: (namespace: string) => i18n.getFixedT(locale, namespace),
    meta: (title: string, description: string, image?: string, canonicalPath?: string) =>
      meta(title, description, { image, canonicalPath }),
    /** A paginated list's tags: page N is its own canonical page (`?page=N`). */
    listMeta: (title: string, description: string, pageNumber: number) =>
      meta(title, description, { pageNumber }),
    price: (minorUnits: number) => formatPrice(minorUnits, locale, currency, t("money.free")),
    date: (iso: string) => longDate(locale).format(new Date(iso)),
  };
}
