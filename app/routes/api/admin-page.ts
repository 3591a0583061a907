// GET /api/admin/pages/:slug → {page: {slug, draft, published, revision, …}}; PUT {title, titleAr, seo,
// blocks, revision} saves the draft (409 stale_revision when `revision` is not the latest) → {page};
// DELETE → 204 (a landing page; the built-in ones answer 409 built_in_page).
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { pageRefusalAnswer } from "../../pages/answers.server";
import { PageSaveInput } from "../../pages/inputs";
import { editorPageJson } from "../../pages/json";
import { deleteLandingPage, getPageForEditor, savePageDraft } from "../../pages/pages.server";
import type { Route } from "./+types/admin-page";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const page = await getPageForEditor(getDb(context), params.slug);
  if (!page) return pageRefusalAnswer(request, context, { reason: "not_found" });
  return Response.json({ page: editorPageJson(page) }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "PUT" && request.method !== "DELETE")
    return methodNotAllowed(request, context, "GET, PUT, DELETE");
  const db = getDb(context);
  if (request.method === "DELETE") {
    const outcome = await deleteLandingPage(db, params.slug);
    if (!outcome.ok) return pageRefusalAnswer(request, context, outcome);
    return new Response(null, { status: 204 });
  }
  const body = await readJsonBody(request, PageSaveInput, getI18n(context), "site");
  if (body.error) return body.error;
  const { revision, ...content } = body.data;
  const outcome = await savePageDraft(db, params.slug, content, revision, admin.id);
  if (!outcome.ok) return pageRefusalAnswer(request, context, outcome);
  return Response.json({ page: editorPageJson(outcome.page) });
}
