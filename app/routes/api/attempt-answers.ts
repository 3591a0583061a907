// PUT /api/attempts/:attemptId/answers {answers} → 200 {saved: {practice, savedAt}}: replaces the answers saved so
// far of the caller's open attempt, before its deadline (409 time_up after it). Another user's attempt is
// 404. A practice attempt stores nothing. See app/quizzes/attempts.server.ts, saveAnswers.
import { optionalApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { attemptRefusalAnswer } from "../../quizzes/api.server";
import { AnswersJson } from "../../quizzes/attempt-inputs";
import { saveAnswers } from "../../quizzes/attempts.server";
import type { Route } from "./+types/attempt-answers";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = optionalApiUser(request, context);
  if (request.method !== "PUT") return methodNotAllowed(request, context, "PUT");
  const locale = apiLocale(request);
  const { data, error } = await readJsonBody(request, AnswersJson, getI18n(context), "learning");
  if (error) return error;
  const outcome = await saveAnswers(getDb(context), user, params.attemptId ?? "", data.answers);
  if (!outcome.ok) return attemptRefusalAnswer(context, locale, outcome);
  return Response.json({ saved: { practice: outcome.practice, savedAt: outcome.savedAt.toISOString() } });
}

export function loader({ request, context }: Route.LoaderArgs) {
  optionalApiUser(request, context);
  return methodNotAllowed(request, context, "PUT");
}
