// GET /api/instructor/lessons/:id/quiz → {quiz}: a quiz lesson's settings and bank as its trainer edits
// them, correct options and accepted answers included. PUT with the whole quiz (app/quizzes/inputs.ts,
// QuizInput) saves it → 200 {quiz} (app/quizzes/quizzes.server.ts, saveQuiz).
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { quizRefusalAnswer } from "../../quizzes/api.server";
import { QuizInput } from "../../quizzes/inputs";
import { getQuizForTrainer, saveQuiz } from "../../quizzes/quizzes.server";
import type { Route } from "./+types/instructor-lesson-quiz";

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
  const outcome = await getQuizForTrainer(getDb(context), user, id);
  if (!outcome.ok) return quizRefusalAnswer(context, locale, outcome);
  return Response.json({ quiz: outcome.quiz });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "PUT") return methodNotAllowed(request, context, "GET, PUT");
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const { data, error } = await readJsonBody(request, QuizInput, i18n, "studio");
  if (error) return error;
  const id = parseId(params.id);
  if (id === null)
    return apiError(404, "not_found", i18n.getFixedT(locale, "studio")("errors.quiz.lessonNotFound"));
  const outcome = await saveQuiz(getDb(context), user, id, data);
  if (!outcome.ok) return quizRefusalAnswer(context, locale, outcome);
  return Response.json({ quiz: outcome.quiz });
}
