// POST /api/courses/:courseId/lessons/:lessonId/progress {positionSeconds?, completed?} → 200 {progress}:
// records where the caller is in a lesson and whether they finished it (see app/learning/progress.server.ts).

import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { refusalResponse } from "../../learning/api.server";
import { ProgressJson } from "../../learning/inputs";
import { recordProgress } from "../../learning/progress.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody, validationFailed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/lesson-progress";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const t = i18n.getFixedT(apiLocale(request), "learning");
  const courseId = parseId(params.courseId);
  const lessonId = parseId(params.lessonId);
  if (courseId === null || lessonId === null) return apiError(404, "not_found", t("api.notFound"));
  const body = await readJsonBody(request, ProgressJson, i18n, "learning");
  if (body.error) return body.error;
  const outcome = await recordProgress(getDb(context), user, courseId, lessonId, body.data);
  if (outcome.ok) {
    const { lessonId: id, positionSeconds, completed, completedAt, updatedAt } = outcome.progress;
    return Response.json({ progress: { lessonId: id, positionSeconds, completed, completedAt, updatedAt } });
  }
  if (outcome.reason === "invalid_position") {
    return validationFailed(request, i18n, {
      positionSeconds: t("api.positionRange", { max: outcome.check.max }),
    });
  }
  if (outcome.reason === "not_watched") return apiError(409, "not_watched", t("complete.notWatched"));
  if (outcome.reason === "quiz_lesson") return apiError(409, "quiz_lesson", t("complete.quizLesson"));
  return refusalResponse(outcome.reason, t);
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
