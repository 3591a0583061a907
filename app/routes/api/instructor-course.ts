// PUT /api/instructor/course/:id (partial; `lessons`, when given, is the whole ordered curriculum) → 200
// {course}; DELETE → 204, or 409 when learners are enrolled.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { readConfig } from "../../config.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { getMediaStore } from "../../media/context.server";
import { refusalAnswer } from "../../studio/api.server";
import { studioCourseJson } from "../../studio/course-json";
import { deleteCourse, updateCourse } from "../../studio/courses.server";
import { ApiCourseUpdate } from "../../studio/inputs";
import type { Route } from "./+types/instructor-course";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "PUT" && request.method !== "DELETE")
    return methodNotAllowed(request, context, "PUT, DELETE");
  const i18n = getI18n(context);
  const id = parseId(params.id);
  if (id === null)
    return apiError(404, "not_found", i18n.getFixedT(apiLocale(request), "studio")("errors.notFound"));
  const db = getDb(context);
  const store = getMediaStore(context);

  if (request.method === "DELETE") {
    const outcome = await deleteCourse(db, store, user, id);
    if (!outcome.ok) return refusalAnswer(request, context, outcome);
    return new Response(null, { status: 204 });
  }

  const { data, error } = await readJsonBody(request, ApiCourseUpdate, i18n, "studio");
  if (error) return error;
  const { image, lessons, ...fields } = data;
  const outcome = await updateCourse(db, store, user, id, {
    ...fields,
    image: image === undefined ? undefined : image ? { publicId: image.public_id } : null,
    lessons: lessons?.map((lesson) => ({
      ...lesson,
      titleAr: lesson.titleAr ?? null,
      durationMinutes: lesson.durationMinutes ?? null,
    })),
  });
  if (!outcome.ok) return refusalAnswer(request, context, outcome);
  return Response.json({ course: studioCourseJson(outcome.course, readConfig().currency) });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "PUT, DELETE");
}
