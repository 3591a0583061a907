// GET /api/admin/leads.csv?status&source&owner&service&q&from&to → text/csv (UTF-8 with BOM): the leads the
// filters select, at most 10,000 (issue 48).
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { csvResponse, leadsCsv } from "../../leads/leads.server";
import { LeadListQuery } from "../../leads/policy";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import type { Route } from "./+types/admin-leads-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const query = readQuery(request, LeadListQuery, getI18n(context), "leads");
  if (query.error) return query.error;
  return csvResponse(await leadsCsv(getDb(context), query.data));
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
