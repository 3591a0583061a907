// GET /api/courses/:courseId/lessons/:lessonId/captions/:lang → text/vtt: a lesson's captions in one
// language (en, ar), for whoever may watch the lesson (readLessonCaptions: the video's own rule). A free
// preview's answer anyone, without a token too; other lessons 401 without one.
import { optionalApiUser, requireApiUser } from "../../auth/guards.server";
import { vttResponse } from "../../captions/answers.server";
import { isCaptionLang, readLessonCaptions } from "../../captions/captions.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { refusalResponse } from "../../learning/api.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/lesson-captions";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = optionalApiUser(request, context);
  const t = getI18n(context).getFixedT(apiLocale(request), "learning");
  const courseId = parseId(params.courseId);
  const lessonId = parseId(params.lessonId);
  if (courseId === null || lessonId === null || !isCaptionLang(params.lang))
    return apiError(404, "not_found", t("api.notFound"));
  const result = await readLessonCaptions(getDb(context), user, courseId, lessonId, params.lang);
  if (!result.ok) return refusalResponse(result.reason, t);
  return vttResponse(request, result);
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
