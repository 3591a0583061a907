// POST /api/instructor/sections/:id/lessons {kind, title, titleAr?, body?, bodyAr?} → 201 {lesson}: a new
// lesson at the end of the section; a quiz starts with default settings and no questions.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { refusalAnswer } from "../../studio/api.server";
import { addLesson, findLesson, findSection } from "../../studio/curriculum.server";
import { studioLessonJson } from "../../studio/curriculum-json";
import { ApiNewLesson } from "../../studio/inputs";
import type { Route } from "./+types/instructor-section-lessons";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const notFound = () =>
    apiError(404, "not_found", i18n.getFixedT(apiLocale(request), "studio")("errors.sectionNotFound"));
  const sectionId = parseId(params.id);
  if (sectionId === null) return notFound();
  const { data, error } = await readJsonBody(request, ApiNewLesson, i18n, "studio");
  if (error) return error;
  const db = getDb(context);
  // The section names the course; addLesson then checks, under the course's lock, who may edit it and
  // that the section is still the course's.
  const section = await findSection(db, sectionId);
  if (!section) return notFound();
  const outcome = await addLesson(db, user, section.courseId, { ...data, sectionId });
  if (!outcome.ok)
    return refusalAnswer(
      request,
      context,
      outcome.reason === "not_found" ? { ok: false, reason: "section_not_found" } : outcome,
    );
  const lesson = await findLesson(db, outcome.lessonId);
  if (!lesson) throw new Error("added lesson vanished");
  return Response.json({ lesson: studioLessonJson(lesson) }, { status: 201 });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "POST");
}
