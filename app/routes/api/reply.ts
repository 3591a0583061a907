// PATCH /api/replies/:id {body} edits a reply (its author, within 30 minutes); DELETE deletes it (its
// author; an accepted answer is unmarked). app/qa.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { ReplyInput } from "../../qa/policy";
import { deleteReply, editReply } from "../../qa/qa.server";
import { qaApiFailure } from "../../qa/responses.server";
import type { Route } from "./+types/reply";

export const loader = ({ request, context }: Route.LoaderArgs) =>
  methodNotAllowed(request, context, "PATCH, DELETE");

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE" && request.method !== "PATCH")
    return methodNotAllowed(request, context, "PATCH, DELETE");
  const user = requireApiUser(request, context);
  const id = parseId(params.id);
  if (!id) return qaApiFailure(request, context, { ok: false, reason: "not_found" });
  const db = getDb(context);
  if (request.method === "DELETE") {
    const outcome = await deleteReply(db, user, id);
    if (!outcome.ok) return qaApiFailure(request, context, outcome);
    return new Response(null, { status: 204 });
  }
  const body = await readJsonBody(request, ReplyInput, getI18n(context), "qa");
  if (body.error) return body.error;
  const outcome = await editReply(db, user, id, body.data);
  if (!outcome.ok) return qaApiFailure(request, context, outcome);
  return new Response(null, { status: 204 });
}
