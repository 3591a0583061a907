// /dashboard/admin/leads.csv: the inbox's leads, as its filters select them, as a CSV file (issue 48).
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { getDb } from "../db/context";
import { csvResponse, leadsCsv } from "../leads/leads.server";
import { leadListFromUrl } from "../leads/query";
import type { Route } from "./+types/admin-leads-csv";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  return csvResponse(await leadsCsv(getDb(context), leadListFromUrl(url, 100, 0)));
}
