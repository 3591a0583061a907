// POST /api/attempts/:attemptId/submit {answers?} → 200 {attempt: {id, scorePercent, passed, submittedAt, practice,
// review?}}: grades the caller's attempt once; submitting again answers the same result. `review` only when
// the quiz's setting reveals the answers; an explanation comes as its Markdown and its HTML. See
// app/quizzes/attempts.server.ts, submitAttempt.
import { optionalApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { clientAddress } from "../../lib/client-address";
import { attemptRefusalAnswer, submittedAttemptJson } from "../../quizzes/api.server";
import { SubmitJson } from "../../quizzes/attempt-inputs";
import { submitAttempt } from "../../quizzes/attempts.server";
import { withLiveExplanationSources } from "../../quizzes/sources.server";
import type { Route } from "./+types/attempt-submit";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = optionalApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const locale = apiLocale(request);
  // The body is optional: a submit of the saved answers may send none. One that names a type is read as JSON
  // (an empty one is then a broken JSON document, 400).
  const hasBody =
    request.headers.has("content-type") ||
    (request.body !== null && request.headers.get("content-length") !== "0");
  let answers: SubmitJson["answers"];
  if (hasBody) {
    const { data, error } = await readJsonBody(request, SubmitJson, getI18n(context), "learning");
    if (error) return error;
    answers = data.answers;
  }
  const db = getDb(context);
  const outcome = await submitAttempt(db, user, params.attemptId ?? "", answers, locale, {
    clientAddress: clientAddress(context),
  });
  if (!outcome.ok) return attemptRefusalAnswer(context, locale, outcome);
  const { review, ...attempt } = outcome.attempt;
  // An attempt started before snapshots kept the Markdown: its explanations' sources from the live questions.
  const withSources = review ? { ...attempt, review: await withLiveExplanationSources(db, review) } : attempt;
  return Response.json({ attempt: submittedAttemptJson(withSources) });
}

export function loader({ request, context }: Route.LoaderArgs) {
  optionalApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
