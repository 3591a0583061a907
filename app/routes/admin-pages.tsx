// /dashboard/admin/pages: the agency's pages (issue 49) and a plain form creating a landing page, which then
// opens in the block editor.
import { data, redirect } from "react-router";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { PagesListPage } from "../components/admin/pages-list-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { formFields, readForm, translateIssues } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { PageCreateInput } from "../pages/inputs";
import { createLandingPage, listPages } from "../pages/pages.server";
import { pageRefusal } from "../pages/refusals";
import type { Route } from "./+types/admin-pages";

export const handle = { i18n: ["site"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("site");
  const pages = await listPages(getDb(context));
  return {
    meta: page.meta(t("editor.listTitle"), t("editor.listLead")),
    pages: pages.map((item) => ({
      slug: item.slug,
      title: page.locale === "ar" && item.draft.titleAr ? item.draft.titleAr : item.draft.title,
      builtIn: item.builtIn,
      status: item.status,
      updated: item.updatedAt ? page.date(item.updatedAt.toISOString()) : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("site");
  const fields = formFields(await readForm(request));
  const values = {
    slug: (fields.slug ?? "").slice(0, 100),
    title: (fields.title ?? "").slice(0, 200),
    titleAr: (fields.titleAr ?? "").slice(0, 200),
  };
  const parsed = PageCreateInput.safeParse({ ...values, slug: values.slug.trim() });
  if (!parsed.success)
    return data(
      { errors: translateIssues(parsed.error.issues, t), values, message: t("editor.failed") },
      { status: 400 },
    );
  const created = await createLandingPage(getDb(context), parsed.data, admin.id);
  if (!created.ok) {
    const answer = pageRefusal(created.reason);
    return data(
      { errors: { slug: t(answer.key) }, values, message: t("editor.failed") },
      { status: answer.status },
    );
  }
  throw redirect(localizePath(`/dashboard/admin/pages/${parsed.data.slug}`, page.locale));
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminPagesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <PagesListPage loaderData={loaderData} actionData={actionData} />;
}
