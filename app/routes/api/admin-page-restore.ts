// POST /api/admin/pages/:slug/revisions/:id/restore → {page}: that revision's content becomes the draft again,
// as a new revision (nothing goes live until a publish).
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { pageRefusalAnswer } from "../../pages/answers.server";
import { editorPageJson } from "../../pages/json";
import { restoreRevision } from "../../pages/pages.server";
import type { Route } from "./+types/admin-page-restore";

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const id = parseId(params.id);
  if (id === null) return pageRefusalAnswer(request, context, { reason: "not_found" });
  const outcome = await restoreRevision(getDb(context), params.slug, id, admin.id);
  if (!outcome.ok) return pageRefusalAnswer(request, context, outcome);
  return Response.json({ page: editorPageJson(outcome.page) });
}
