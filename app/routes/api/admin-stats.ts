// GET /api/admin/stats: the admin dashboard's figures as JSON.
import { adminStats, adminStatsForApi } from "../../admin/users.server";
import { ADMIN_ROLES, requireApiRole } from "../../auth/guards.server";
import { apiError, apiLocale } from "../../lib/api.server";
import { getDb } from "../../middleware/database.server";
import { getI18n } from "../../middleware/i18next.server";
import type { Route } from "./+types/admin-stats";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, ADMIN_ROLES);
  return Response.json(adminStatsForApi(await adminStats(getDb(context))));
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, ADMIN_ROLES);
  return apiError(
    405,
    "method_not_allowed",
    getI18n(context).getFixedT(apiLocale(request))("api.methodNotAllowed"),
    undefined,
    { headers: { Allow: "GET" } },
  );
}
