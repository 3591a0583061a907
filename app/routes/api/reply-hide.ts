// POST /api/replies/:id/hide {reason} → 204: the course's trainer or an admin hides a reply. app/qa.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { HideInput } from "../../qa/policy";
import { hideReply } from "../../qa/qa.server";
import { qaApiFailure } from "../../qa/responses.server";
import type { Route } from "./+types/reply-hide";

export const loader = ({ request, context }: Route.LoaderArgs) => methodNotAllowed(request, context, "POST");

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const user = requireApiUser(request, context);
  const id = parseId(params.id);
  if (!id) return qaApiFailure(request, context, { ok: false, reason: "not_found" });
  const body = await readJsonBody(request, HideInput, getI18n(context), "qa");
  if (body.error) return body.error;
  const outcome = await hideReply(getDb(context), user, id, body.data);
  if (!outcome.ok) return qaApiFailure(request, context, outcome);
  return new Response(null, { status: 204 });
}
