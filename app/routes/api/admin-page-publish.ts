// POST /api/admin/pages/:slug/publish {at?} → {page}: the draft goes live now, or at `at` (a job then empties
// every server's caches).
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { pageRefusalAnswer } from "../../pages/answers.server";
import { PagePublishInput } from "../../pages/inputs";
import { editorPageJson } from "../../pages/json";
import { publishPage } from "../../pages/pages.server";
import type { Route } from "./+types/admin-page-publish";

export async function action({ request, context, params }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const body = await readJsonBody(request, PagePublishInput, getI18n(context), "site");
  if (body.error) return body.error;
  const at = body.data.at ? new Date(body.data.at) : null;
  const outcome = await publishPage(getDb(context), params.slug, at);
  if (!outcome.ok) return pageRefusalAnswer(request, context, outcome);
  return Response.json({ page: editorPageJson(outcome.page) });
}
