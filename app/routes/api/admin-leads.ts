// GET /api/admin/leads?status&source&owner&service&q&from&to&limit&offset → {items, total, counts}: the
// inbox (issue 48). Spam is listed only with status=spam.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { leadJson } from "../../leads/json";
import { listLeads } from "../../leads/leads.server";
import { LeadListQuery } from "../../leads/policy";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import type { Route } from "./+types/admin-leads";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const query = readQuery(request, LeadListQuery, getI18n(context), "leads");
  if (query.error) return query.error;
  const { items, total, counts } = await listLeads(getDb(context), query.data);
  return Response.json({
    items: items.map(leadJson),
    total,
    counts,
    limit: query.data.limit,
    offset: query.data.offset,
  });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
