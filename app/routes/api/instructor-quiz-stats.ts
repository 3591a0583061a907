// GET /api/instructor/lessons/:id/quiz-stats → {attempts, passRate, averageScore, questions: [{questionId,
// percentCorrect, mostChosenWrongOptionId}]}: a quiz's submitted attempts, for who may edit its course.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { quizRefusalAnswer } from "../../quizzes/api.server";
import { quizStats } from "../../quizzes/quizzes.server";
import type { Route } from "./+types/instructor-quiz-stats";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiRole(request, context, canTeach);
  const locale = apiLocale(request);
  const id = parseId(params.id);
  if (id === null)
    return apiError(
      404,
      "not_found",
      getI18n(context).getFixedT(locale, "studio")("errors.quiz.lessonNotFound"),
    );
  const outcome = await quizStats(getDb(context), user, id);
  if (!outcome.ok) return quizRefusalAnswer(context, locale, outcome);
  return Response.json(outcome.stats);
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "GET");
}
