// POST /api/courses/:courseId/lessons/:lessonId/attempts → 201 {attempt}: starts an attempt at a quiz
// lesson (a practice, stored nowhere, for a free preview not held or the course's own trainer); 409 when no
// attempts remain, 403 when not enrolled. GET → {attempts, best, remaining, practice}: the caller's attempts.
// See app/quizzes/attempts.server.ts.
import { optionalApiUser, requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { attemptListJson, attemptRefusalAnswer, startedAttemptJson } from "../../quizzes/api.server";
import { listAttempts, startAttempt } from "../../quizzes/attempts.server";
import type { Route } from "./+types/lesson-attempts";

function ids(params: { courseId?: string; lessonId?: string }) {
  const courseId = parseId(params.courseId);
  const lessonId = parseId(params.lessonId);
  return courseId === null || lessonId === null ? null : { courseId, lessonId };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const locale = apiLocale(request);
  const where = ids(params);
  if (!where) return attemptRefusalAnswer(context, locale, { ok: false, reason: "not_found" });
  const outcome = await listAttempts(getDb(context), user, where.courseId, where.lessonId);
  if (!outcome.ok) return attemptRefusalAnswer(context, locale, outcome);
  return Response.json(attemptListJson(outcome.list));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = optionalApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "GET, POST");
  const locale = apiLocale(request);
  const where = ids(params);
  if (!where)
    return apiError(404, "not_found", getI18n(context).getFixedT(locale, "learning")("api.notFound"));
  const outcome = await startAttempt(getDb(context), user, where.courseId, where.lessonId, locale);
  if (!outcome.ok) return attemptRefusalAnswer(context, locale, outcome);
  return Response.json({ attempt: startedAttemptJson(outcome.attempt) }, { status: 201 });
}
