// /portfolio: case studies, 10 per page.

import { CaseStudyCard } from "../components/cards";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { listCaseStudies } from "../content/portfolio.server";
import { getDb } from "../db/context";
import { useTranslation } from "../i18n/use-translation";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { readPublic } from "../lib/public-reads.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/portfolio";

export const handle = { i18n: ["catalog"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const pageNumber = parsePage(url);
  const query = { limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE };
  const { items, total } = await readPublic(context, "editorial", ["case studies", page.locale, query], () =>
    listCaseStudies(getDb(context), page.locale, query),
  );
  return {
    meta: page.listMeta(
      page.t("catalog:portfolio.title"),
      page.t("catalog:portfolio.metaDescription"),
      pageNumber,
    ),
    items,
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalog");
  return (
    <>
      <PageIntro title={t("portfolio.title")} lead={t("portfolio.lead")} />
      <div className="mx-auto max-w-7xl px-4 py-12">
        {loaderData.items.length === 0 ? (
          <p className="text-center text-ink/70">{t("portfolio.empty")}</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.items.map((item) => (
              <CaseStudyCard key={item.id} item={item} headingLevel={2} />
            ))}
          </div>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </div>
    </>
  );
}
