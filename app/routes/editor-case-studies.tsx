// /dashboard/admin/portfolio: the admins' list of case studies with their status, and "New case study".

import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { EditorList } from "../components/editorial/editor-pages";
import { getDb } from "../db/context";
import { listCaseStudiesForEditor } from "../editorial/case-studies.server";
import { CASE_STUDY_FORM } from "../editorial/form-values";
import { listedItem } from "../editorial/pages.server";
import { PORTFOLIO_EDITOR_BASE } from "../editorial/paths";
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
      ...listedItem(page, item, now),
      line: page.t("editorial:caseStudies.line", {
        client: pick(page.locale, item.clientName, item.clientNameAr),
        count: item.images.length,
      }),
    })),
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function EditorCaseStudies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("editorial");
  return (
    <EditorList
      config={CASE_STUDY_FORM}
      heading={t("caseStudies.title")}
      lead={t("caseStudies.lead")}
      newLabel={t("caseStudies.new")}
      newTestId="new-case-study"
      backTo="/dashboard/admin"
      base={PORTFOLIO_EDITOR_BASE}
      items={loaderData.items}
      empty={t("caseStudies.empty")}
      listTestId="case-list"
      page={loaderData.page}
      pageCount={loaderData.pageCount}
    />
  );
}
