// POST /api/admin/leads/:id/notes {body} → 201 {event}: a note in the lead's history (issue 48).
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { leadEventJson } from "../../leads/json";
import { addLeadNote, NoteInput } from "../../leads/leads.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/admin-lead-notes";

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, NoteInput, i18n, "leads");
  if (error) return error;
  const id = parseId(params.id);
  const outcome = id === null ? null : await addLeadNote(getDb(context), admin.id, id, data.body);
  if (!outcome?.ok) {
    return apiError(404, "not_found", i18n.getFixedT(apiLocale(request), "leads")("errors.notFound"));
  }
  return Response.json(
    { event: leadEventJson({ ...outcome.event, actorName: admin.name }) },
    { status: 201 },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "POST");
}
