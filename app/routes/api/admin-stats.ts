// GET /api/admin/stats: the admin dashboard's figures as JSON.
import { isAdmin } from "../../access/roles";
import { adminStats, adminStatsForApi } from "../../admin/users.server";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/admin-stats";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  return Response.json(adminStatsForApi(await adminStats(getDb(context))));
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
