// GET /api/questions/:id → {question, replies}; PATCH {title, body} edits it (its author, within 30
// minutes); DELETE deletes it (its author; its replies stay). app/qa.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { QuestionInput } from "../../qa/policy";
import { deleteQuestion, editQuestion, getQuestionThread } from "../../qa/qa.server";
import { qaApiFailure } from "../../qa/responses.server";
import type { Route } from "./+types/question";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const id = parseId(params.id);
  if (!id) return qaApiFailure(request, context, { ok: false, reason: "not_found" });
  const outcome = await getQuestionThread(getDb(context), user, apiLocale(request), id);
  if (!outcome.ok) return qaApiFailure(request, context, outcome);
  return Response.json({ question: outcome.thread.question, replies: outcome.thread.replies });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE" && request.method !== "PATCH")
    return methodNotAllowed(request, context, "GET, PATCH, DELETE");
  const user = requireApiUser(request, context);
  const id = parseId(params.id);
  if (!id) return qaApiFailure(request, context, { ok: false, reason: "not_found" });
  const db = getDb(context);
  if (request.method === "DELETE") {
    const outcome = await deleteQuestion(db, user, id);
    if (!outcome.ok) return qaApiFailure(request, context, outcome);
    return new Response(null, { status: 204 });
  }
  const body = await readJsonBody(request, QuestionInput, getI18n(context), "qa");
  if (body.error) return body.error;
  const outcome = await editQuestion(db, user, id, body.data);
  if (!outcome.ok) return qaApiFailure(request, context, outcome);
  const thread = await getQuestionThread(db, user, apiLocale(request), id);
  if (!thread.ok) return apiError(404, "not_found", "");
  return Response.json({ question: thread.thread.question });
}
