// POST /api/questions/:id/replies {body} → 201 {reply: {id}}: another enrolled learner or the course's
// trainer replies (the asker is notified). app/qa.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { ReplyInput } from "../../qa/policy";
import { replyToQuestion } from "../../qa/qa.server";
import { qaApiFailure } from "../../qa/responses.server";
import type { Route } from "./+types/question-replies";

export const loader = ({ request, context }: Route.LoaderArgs) => methodNotAllowed(request, context, "POST");

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const user = requireApiUser(request, context);
  const id = parseId(params.id);
  if (!id) return qaApiFailure(request, context, { ok: false, reason: "not_found" });
  const body = await readJsonBody(request, ReplyInput, getI18n(context), "qa");
  if (body.error) return body.error;
  const outcome = await replyToQuestion(getDb(context), user, id, body.data);
  if (!outcome.ok) return qaApiFailure(request, context, outcome);
  return Response.json({ reply: { id: outcome.replyId } }, { status: 201 });
}
