// PUT /api/instructor/lessons/:id/captions/:lang with the caption file as the body (`text/vtt`, or
// `application/x-subrip` converted) → 200 {caption}; DELETE → 204. The course's trainer or an admin
// (app/captions/captions.server.ts checks it, a video lesson, the file, its cues against the video's length).
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { captionRefusalAnswer } from "../../captions/answers.server";
import type { CaptionFormat } from "../../captions/captions";
import { MAX_CAPTION_BYTES } from "../../captions/captions";
import { deleteLessonCaptions, isCaptionLang, saveLessonCaptions } from "../../captions/captions.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, bodyErrorResponse, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { BodyError, readBodyBytes } from "../../lib/request-body.server";
import type { Route } from "./+types/instructor-lesson-captions";

const FORMATS: Record<string, CaptionFormat> = {
  "text/vtt": "vtt",
  "application/x-subrip": "srt",
  "text/srt": "srt",
};

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "PUT, DELETE");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "PUT" && request.method !== "DELETE")
    return methodNotAllowed(request, context, "PUT, DELETE");
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const t = i18n.getFixedT(locale, "video");
  const db = getDb(context);
  const lessonId = parseId(params.id);
  if (lessonId === null || !isCaptionLang(params.lang))
    return apiError(404, "not_found", t("errors.lessonNotFound"));
  if (request.method === "DELETE") {
    const outcome = await deleteLessonCaptions(db, user, { lessonId, lang: params.lang });
    if (!outcome.ok) return captionRefusalAnswer(outcome, t);
    return new Response(null, { status: 204 });
  }
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const format = FORMATS[type];
  if (!format)
    return apiError(415, "unsupported_media_type", t("captions.unsupportedType"), undefined, {
      headers: { Accept: "text/vtt, application/x-subrip" },
    });
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBytes(request, MAX_CAPTION_BYTES);
  } catch (error) {
    if (error instanceof BodyError) return bodyErrorResponse(error, i18n.getFixedT(locale));
    throw error;
  }
  const outcome = await saveLessonCaptions(db, user, { lessonId, lang: params.lang, file: bytes, format });
  if (!outcome.ok) return captionRefusalAnswer(outcome, t);
  return Response.json({
    caption: {
      lang: outcome.caption.lang,
      cueCount: outcome.caption.cueCount,
      updatedAt: outcome.caption.updatedAt.toISOString(),
    },
  });
}
