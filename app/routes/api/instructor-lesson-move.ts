// POST /api/instructor/lessons/:id/move {sectionId, position} → 200 {lesson}: into a section of the same
// course, at a 1-based place there (past the end means last).
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { refusalAnswer } from "../../studio/api.server";
import { findLesson, placeLesson } from "../../studio/curriculum.server";
import { studioLessonJson } from "../../studio/curriculum-json";
import { ApiLessonMove } from "../../studio/inputs";
import type { Route } from "./+types/instructor-lesson-move";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const id = parseId(params.id);
  if (id === null)
    return apiError(404, "not_found", i18n.getFixedT(apiLocale(request), "studio")("errors.lessonNotFound"));
  const { data, error } = await readJsonBody(request, ApiLessonMove, i18n, "studio");
  if (error) return error;
  const db = getDb(context);
  const outcome = await placeLesson(db, user, id, data);
  if (!outcome.ok) return refusalAnswer(request, context, outcome);
  const lesson = await findLesson(db, id);
  if (!lesson) throw new Error("moved lesson vanished");
  return Response.json({ lesson: studioLessonJson(lesson) });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "POST");
}
