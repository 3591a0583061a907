// POST /api/instructor/course/:id/sections {title, titleAr?} → 201 {section}: a new section at the end.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { refusalAnswer } from "../../studio/api.server";
import { addSection, findSection } from "../../studio/curriculum.server";
import { sectionJson } from "../../studio/curriculum-json";
import { ApiSection } from "../../studio/inputs";
import type { Route } from "./+types/instructor-course-sections";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const courseId = parseId(params.id);
  if (courseId === null)
    return apiError(404, "not_found", i18n.getFixedT(apiLocale(request), "studio")("errors.notFound"));
  const { data, error } = await readJsonBody(request, ApiSection, i18n, "studio");
  if (error) return error;
  const db = getDb(context);
  const outcome = await addSection(db, user, courseId, data);
  if (!outcome.ok) return refusalAnswer(request, context, outcome);
  const section = await findSection(db, outcome.sectionId);
  if (!section) throw new Error("added section vanished");
  return Response.json({ section: sectionJson(section) }, { status: 201 });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "POST");
}
