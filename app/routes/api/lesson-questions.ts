// GET /api/courses/:courseId/lessons/:lessonId/questions?limit&offset → {items, total}: the lesson's
// questions; POST {title, body} asks one (201 {question: {id}}). Enrolled learners, the course's trainer
// (and admins, to read); app/qa.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody, readQuery } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { QuestionInput, QuestionListQuery } from "../../qa/policy";
import { askQuestion, listQuestions } from "../../qa/qa.server";
import { qaApiFailure } from "../../qa/responses.server";
import type { Route } from "./+types/lesson-questions";

function notFound(request: Request, context: Route.LoaderArgs["context"]) {
  return apiError(404, "not_found", getI18n(context).getFixedT(apiLocale(request), "qa")("errors.not_found"));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const courseId = parseId(params.courseId);
  const lessonId = parseId(params.lessonId);
  if (!courseId || !lessonId) return notFound(request, context);
  const query = readQuery(request, QuestionListQuery, getI18n(context), "qa");
  if (query.error) return query.error;
  const outcome = await listQuestions(getDb(context), user, apiLocale(request), courseId, {
    lessonId,
    limit: query.data.limit,
    offset: query.data.offset,
  });
  if (!outcome.ok) return qaApiFailure(request, context, outcome);
  return Response.json({ items: outcome.items, total: outcome.total });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "GET, POST");
  const user = requireApiUser(request, context);
  const courseId = parseId(params.courseId);
  const lessonId = parseId(params.lessonId);
  if (!courseId || !lessonId) return notFound(request, context);
  const body = await readJsonBody(request, QuestionInput, getI18n(context), "qa");
  if (body.error) return body.error;
  const outcome = await askQuestion(getDb(context), user, courseId, lessonId, body.data);
  if (!outcome.ok) return qaApiFailure(request, context, outcome);
  return Response.json({ question: { id: outcome.questionId } }, { status: 201 });
}
