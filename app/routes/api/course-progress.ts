// GET /api/courses/:courseId/progress → {completedLessons, totalLessons, percent, lastLessonId, lessons}.
import { accessToLesson } from "../../access/access.server";
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { refusalResponse } from "../../learning/api.server";
import { courseProgress } from "../../learning/progress.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/course-progress";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const t = getI18n(context).getFixedT(apiLocale(request), "learning");
  const courseId = parseId(params.courseId);
  if (courseId === null) return apiError(404, "not_found", t("api.notFound"));
  const db = getDb(context);
  const access = await accessToLesson(db, user, courseId, null);
  if (!access.ok) return refusalResponse(access.reason, t);
  return Response.json(await courseProgress(db, user.id, courseId));
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
