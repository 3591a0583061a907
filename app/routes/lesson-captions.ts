// GET /courses/:id/learn/:lessonId/captions/:file (`en.vtt`, `ar.vtt`): a lesson's captions for the learn
// page's `<track>`, to whoever may watch the lesson (app/captions/captions.server.ts, readLessonCaptions: the
// video's own rule — enrolled learners, the course's trainer, admins, anyone for a free preview). The session
// cookie signs in; a Bearer token works too, like the video stream's.
import { getUser } from "../auth/guards.server";
import { bearerToken, findSessionUser } from "../auth/session.server";
import { vttResponse } from "../captions/answers.server";
import { isCaptionLang, readLessonCaptions } from "../captions/captions.server";
import { getDb } from "../db/context";
import { parseId } from "../lib/params";
import type { Route } from "./+types/lesson-captions";

const status = (code: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status: code, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const courseId = parseId(params.id);
  const lessonId = parseId(params.lessonId);
  const lang = /^([a-z]{2})\.vtt$/.exec(params.file ?? "")?.[1];
  if (courseId === null || lessonId === null || !isCaptionLang(lang)) return status(404, "Not Found");
  const db = getDb(context);
  let user = getUser(context);
  const token = bearerToken(request);
  if (!user && token) user = await findSessionUser(db, token);
  const result = await readLessonCaptions(db, user, courseId, lessonId, lang);
  if (!result.ok) {
    if (result.reason === "sign_in")
      return status(401, "Unauthorized", { "Cache-Control": "private, no-store" });
    return result.reason === "forbidden" ? status(403, "Forbidden") : status(404, "Not Found");
  }
  return vttResponse(request, result);
}
