// GET /api/admin/leads/:id → {lead, history}; PUT {status?, ownerId?, followUpAt?} → {lead}: one lead and its
// follow-up (issue 48). `ownerId: null` and `followUpAt: null` clear them; an owner must be an admin.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { leadEventJson, leadJson } from "../../leads/json";
import { changeLead, getLead, LeadChange } from "../../leads/leads.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/admin-lead";

function notFound(request: Request, context: Route.LoaderArgs["context"]) {
  const t = getI18n(context).getFixedT(apiLocale(request), "leads");
  return apiError(404, "not_found", t("errors.notFound"));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const id = parseId(params.id);
  const found = id === null ? null : await getLead(getDb(context), id);
  if (!found) return notFound(request, context);
  return Response.json({ lead: leadJson(found.lead), history: found.history.map(leadEventJson) });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "PUT") return methodNotAllowed(request, context, "GET, PUT");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, LeadChange, i18n, "leads");
  if (error) return error;
  const id = parseId(params.id);
  if (id === null) return notFound(request, context);
  const db = getDb(context);
  const outcome = await changeLead(db, admin.id, id, data);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return notFound(request, context);
    const t = i18n.getFixedT(apiLocale(request), "leads");
    return apiError(422, "validation_failed", t("errors.ownerNotAdmin"), {
      ownerId: t("errors.ownerNotAdmin"),
    });
  }
  const found = await getLead(db, id);
  if (!found) return notFound(request, context);
  return Response.json({ lead: leadJson(found.lead) });
}
