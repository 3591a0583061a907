// POST /api/questions/:id/vote → {voted, voteCount}: toggles the caller's upvote (one per person). app/qa.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { toggleVote } from "../../qa/qa.server";
import { qaApiFailure } from "../../qa/responses.server";
import type { Route } from "./+types/question-vote";

export const loader = ({ request, context }: Route.LoaderArgs) => methodNotAllowed(request, context, "POST");

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const user = requireApiUser(request, context);
  const id = parseId(params.id);
  if (!id) return qaApiFailure(request, context, { ok: false, reason: "not_found" });
  const outcome = await toggleVote(getDb(context), user, id);
  if (!outcome.ok) return qaApiFailure(request, context, outcome);
  return Response.json({ voted: outcome.voted, voteCount: outcome.voteCount });
}
