// POST /api/replies/:id/accept → 204: the asker or the course's trainer marks the reply as the accepted
// answer (one per question; accepting another moves the mark). app/qa.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { acceptReply } from "../../qa/qa.server";
import { qaApiFailure } from "../../qa/responses.server";
import type { Route } from "./+types/reply-accept";

export const loader = ({ request, context }: Route.LoaderArgs) => methodNotAllowed(request, context, "POST");

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const user = requireApiUser(request, context);
  const id = parseId(params.id);
  if (!id) return qaApiFailure(request, context, { ok: false, reason: "not_found" });
  const outcome = await acceptReply(getDb(context), user, id);
  if (!outcome.ok) return qaApiFailure(request, context, outcome);
  return new Response(null, { status: 204 });
}
