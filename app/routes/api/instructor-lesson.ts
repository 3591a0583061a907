// PUT /api/instructor/lessons/:id {title, titleAr?, durationMinutes?, body?, bodyAr?, isFreePreview?} → 200
// {lesson} (a lesson's kind never changes; the body is an article's; the free-preview switch is the studio
// form's, through the same domain function); DELETE → 204.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { getMediaStore } from "../../media/context.server";
import { refusalAnswer } from "../../studio/api.server";
import { deleteLesson, findLesson, updateLesson } from "../../studio/curriculum.server";
import { studioLessonJson } from "../../studio/curriculum-json";
import { ApiLessonUpdate } from "../../studio/inputs";
import { setFreePreview } from "../../video/videos.server";
import type { Route } from "./+types/instructor-lesson";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "PUT" && request.method !== "DELETE")
    return methodNotAllowed(request, context, "PUT, DELETE");
  const i18n = getI18n(context);
  const id = parseId(params.id);
  if (id === null)
    return apiError(404, "not_found", i18n.getFixedT(apiLocale(request), "studio")("errors.lessonNotFound"));
  const db = getDb(context);
  if (request.method === "DELETE") {
    const outcome = await deleteLesson(db, getMediaStore(context), user, id);
    if (!outcome.ok) return refusalAnswer(request, context, outcome);
    return new Response(null, { status: 204 });
  }
  const { data, error } = await readJsonBody(request, ApiLessonUpdate, i18n, "studio");
  if (error) return error;
  const { isFreePreview, ...changes } = data;
  const outcome = await updateLesson(db, user, id, changes);
  if (!outcome.ok) return refusalAnswer(request, context, outcome);
  if (isFreePreview !== undefined) {
    const switched = await setFreePreview(db, user, outcome.courseId, id, isFreePreview);
    // Only a lesson deleted, or an editor's right lost, since the update above.
    if (!switched.ok)
      return refusalAnswer(request, context, {
        ok: false,
        reason: switched.reason === "forbidden" ? "forbidden" : "lesson_not_found",
      });
  }
  const lesson = await findLesson(db, id);
  if (!lesson) throw new Error("updated lesson vanished");
  return Response.json({ lesson: studioLessonJson(lesson) });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "PUT, DELETE");
}
