// GET /api/pages/:slug → {page: {slug, title, seo, blocks, updatedAt}}: a page's published content (never its
// draft) in the Accept-Language locale, every `{en, ar}` turned into that language's text.
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale } from "../../lib/api.server";
import { publishedPageJson } from "../../pages/json";
import { getPublishedPage } from "../../pages/pages.server";
import type { Route } from "./+types/page";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = apiLocale(request);
  const page = await getPublishedPage(getDb(context), params.slug);
  if (!page) {
    const t = getI18n(context).getFixedT(locale, "site");
    return apiError(404, "not_found", t("pages.refusals.notFound"));
  }
  return Response.json(
    { page: publishedPageJson(page, locale) },
    { headers: { "Content-Language": locale, Vary: "Accept-Language" } },
  );
}
