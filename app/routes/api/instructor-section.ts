// PUT /api/instructor/sections/:id {title, titleAr?} → 200 {section}; DELETE → 204, or 409
// `section_not_empty` while it holds lessons and `last_section` for a course's only section.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { refusalAnswer } from "../../studio/api.server";
import { deleteSection, findSection, renameSection } from "../../studio/curriculum.server";
import { sectionJson } from "../../studio/curriculum-json";
import { ApiSection } from "../../studio/inputs";
import type { Route } from "./+types/instructor-section";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "PUT" && request.method !== "DELETE")
    return methodNotAllowed(request, context, "PUT, DELETE");
  const i18n = getI18n(context);
  const id = parseId(params.id);
  if (id === null)
    return apiError(404, "not_found", i18n.getFixedT(apiLocale(request), "studio")("errors.sectionNotFound"));
  const db = getDb(context);
  if (request.method === "DELETE") {
    const outcome = await deleteSection(db, user, id);
    if (!outcome.ok) return refusalAnswer(request, context, outcome);
    return new Response(null, { status: 204 });
  }
  const { data, error } = await readJsonBody(request, ApiSection, i18n, "studio");
  if (error) return error;
  const outcome = await renameSection(db, user, id, { title: data.title, titleAr: data.titleAr ?? null });
  if (!outcome.ok) return refusalAnswer(request, context, outcome);
  const section = await findSection(db, id);
  if (!section) throw new Error("renamed section vanished");
  return Response.json({ section: sectionJson(section) });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "PUT, DELETE");
}
