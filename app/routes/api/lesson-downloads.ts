// GET /api/courses/:courseId/lessons/:lessonId/downloads → a lesson's files for offline viewing (issue 36;
// decision 058): its light video, its audio, its PDF and its captions, each behind a signed link that runs
// out after two hours and counts against the learner's daily allowance when followed. For those who hold
// the course (enrolled learners, its trainer, admins); a free preview offers nothing to download.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { refusalResponse } from "../../learning/api.server";
import { offlineDownloads } from "../../learning/offline.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/lesson-downloads";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const t = getI18n(context).getFixedT(apiLocale(request), "learning");
  const courseId = parseId(params.courseId);
  const lessonId = parseId(params.lessonId);
  if (courseId === null || lessonId === null) return apiError(404, "not_found", t("api.notFound"));
  const result = await offlineDownloads(getDb(context), user, courseId, lessonId);
  if (!result.ok) return refusalResponse(result.reason, t);
  const { files, expiresAt, remaining, dailyLimit } = result.downloads;
  return Response.json(
    {
      files: files.map((file) => ({ kind: file.kind, url: file.href, bytes: file.bytes })),
      expiresAt: expiresAt.toISOString(),
      remainingToday: remaining,
      dailyLimit,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
