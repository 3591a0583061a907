// POST /api/admin/jobs/:id/retry → {job: {id, name}}: puts a failed job back in line; 404 for an unknown
// id, 409 not_failed for a job that is not failed.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { retryFailedJob } from "../../jobs/admin.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/admin-job-retry";

export async function action({ request, context, params }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const t = getI18n(context).getFixedT(apiLocale(request), "admin");
  const outcome = await retryFailedJob(getDb(context), params.id);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return apiError(404, "not_found", t("jobs.notFound"));
    return apiError(409, "not_failed", t("jobs.notFailed"));
  }
  return Response.json({ job: { id: outcome.id, name: outcome.name } });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "POST");
}
