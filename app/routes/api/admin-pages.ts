// GET /api/admin/pages → {items: [{slug, title, status, updatedAt, publishedAt}]}: every page, the built-in
// ones first; POST {slug, title, titleAr} creates a landing page → 201 {page} (the editor's view of it).
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { pageRefusalAnswer } from "../../pages/answers.server";
import { PageCreateInput } from "../../pages/inputs";
import { editorPageJson, pageListItemJson } from "../../pages/json";
import { createLandingPage, listPages } from "../../pages/pages.server";
import type { Route } from "./+types/admin-pages";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const pages = await listPages(getDb(context));
  return Response.json(
    { items: pages.map(pageListItemJson) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "POST") return methodNotAllowed(request, context, "GET, POST");
  const body = await readJsonBody(request, PageCreateInput, getI18n(context), "site");
  if (body.error) return body.error;
  const outcome = await createLandingPage(getDb(context), body.data, admin.id);
  if (!outcome.ok) return pageRefusalAnswer(request, context, outcome);
  return Response.json({ page: editorPageJson(outcome.page) }, { status: 201 });
}
