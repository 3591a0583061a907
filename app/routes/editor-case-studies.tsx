// /dashboard/admin/portfolio: the admins' list of case studies with their status, and "New case study".

import { Link } from "react-router";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { StatusBadge } from "../components/editorial/status-fields";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { getDb } from "../db/context";
import { listCaseStudiesForEditor } from "../editorial/case-studies.server";
import { PORTFOLIO_EDITOR_BASE } from "../editorial/paths";
import { effectiveStatus } from "../editorial/policy";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { pick } from "../lib/localized";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/editor-case-studies";

export const handle = { i18n: ["editorial", "studio"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const actor = requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const pageNumber = parsePage(url);
  const now = new Date();
  const { items, total } = await listCaseStudiesForEditor(getDb(context), actor, {
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  return {
    meta: page.listMeta(
      page.t("editorial:caseStudies.title"),
      page.t("editorial:caseStudies.meta"),
      pageNumber,
    ),
    items: items.map((item) => ({
      id: item.id,
      title: pick(page.locale, item.title, item.titleAr),
      client: pick(page.locale, item.clientName, item.clientNameAr),
      imageCount: item.images.length,
      status: effectiveStatus(item, now),
      dateLabel: item.publishedAt ? page.date(item.publishedAt.toISOString()) : null,
    })),
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function EditorCaseStudies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("editorial");
  const localize = useLocalizePath();
  return (
    <>
      <PageIntro title={t("caseStudies.title")} lead={t("caseStudies.lead")}>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to={localize(`${PORTFOLIO_EDITOR_BASE}/new`)}
            className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
            data-testid="new-case-study"
          >
            {t("caseStudies.new")}
          </Link>
          <Link
            to={localize("/dashboard/admin")}
            className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-white"
          >
            {t("posts.back")}
          </Link>
        </div>
      </PageIntro>
      <div className="mx-auto max-w-5xl px-4 py-10">
        {loaderData.items.length === 0 ? (
          <p className="text-center text-ink/70">{t("caseStudies.empty")}</p>
        ) : (
          <ul
            className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white"
            data-testid="case-list"
          >
            {loaderData.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-semibold" dir="auto">
                    {item.title}
                  </p>
                  <p className="mt-1 text-xs text-ink/70">
                    {t("caseStudies.line", { client: item.client, count: item.imageCount })}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <StatusBadge status={item.status} dateLabel={item.dateLabel} />
                  <Link
                    to={localize(`${PORTFOLIO_EDITOR_BASE}/${item.id}`)}
                    className="font-semibold text-coral-700 hover:underline"
                    data-testid="edit-link"
                  >
                    {t("posts.edit")}
                  </Link>
                  <Link
                    to={localize(`/portfolio/${item.id}`)}
                    className="font-semibold text-coral-700 hover:underline"
                  >
                    {t("posts.view")}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </div>
    </>
  );
}
