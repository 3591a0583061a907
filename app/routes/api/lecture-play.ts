// GET /api/courses/:courseId/lecture/:lectureId/play → what a player needs for one lesson:
// {lesson: {id, title, position}, preview, video: {provider, embedUrl?, src?, status} | null, pdfUrl?,
//  renditions: [{quality, src, status}], captions: [{lang, src}], progress: {positionSeconds, completed} | null}. `video` is null when the lesson has no uploaded video; a
// local video's `src` is the stream route, which takes the same Bearer token. A free preview answers anyone,
// without a token too (app/access/policy.ts): `preview` is true and `progress` null, since nothing is recorded.
import { optionalApiUser, requireApiUser } from "../../auth/guards.server";
import { captionApiPath } from "../../captions/captions.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { refusalResponse } from "../../learning/api.server";
import { openLesson } from "../../learning/lesson.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/lecture-play";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = optionalApiUser(request, context);
  const locale = apiLocale(request);
  const t = getI18n(context).getFixedT(locale, "learning");
  const courseId = parseId(params.courseId);
  const lectureId = parseId(params.lectureId);
  if (courseId === null || lectureId === null) return apiError(404, "not_found", t("api.notFound"));
  const result = await openLesson(getDb(context), user, locale, courseId, lectureId);
  if (!result.ok) return refusalResponse(result.reason, t);
  const opened = result.opened;
  if (!opened) return apiError(404, "not_found", t("api.notFound"));
  const { lesson, video, lessonProgress } = opened;
  return Response.json({
    lesson: { id: lesson.id, title: lesson.title, position: lesson.position, kind: lesson.kind },
    ...(lesson.articleHtml !== null ? { articleHtml: lesson.articleHtml } : {}),
    preview: opened.preview,
    video: video
      ? {
          provider: video.provider,
          status: video.status,
          ...(video.src ? { src: video.src } : {}),
          ...(video.embedUrl ? { embedUrl: video.embedUrl } : {}),
          ...(video.durationSeconds !== null ? { durationSeconds: video.durationSeconds } : {}),
        }
      : null,
    ...(lesson.pdfUrl ? { pdfUrl: lesson.pdfUrl } : {}),
    // The original and its light versions (decision 058), each streamed with the same Bearer token.
    renditions: video?.renditions ?? [],
    // The captions' download for API clients, with the same Bearer token (the learn page's tracks use the cookie).
    captions: opened.captions.tracks.map((track) => ({
      lang: track.lang,
      src: captionApiPath(courseId, lesson.id, track.lang),
    })),
    progress: opened.preview
      ? null
      : { positionSeconds: lessonProgress.positionSeconds, completed: lessonProgress.completed },
  });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
