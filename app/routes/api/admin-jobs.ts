// GET /api/admin/jobs?state&name&limit&offset → {items, total, limit, offset}: the job queue, newest first.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { JobListQuery, listJobs } from "../../jobs/admin.server";
import { jobJson } from "../../jobs/json";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import type { Route } from "./+types/admin-jobs";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const query = readQuery(request, JobListQuery, getI18n(context), "editorial");
  if (query.error) return query.error;
  const { state, name, limit, offset } = query.data;
  const { items, total } = await listJobs(getDb(context), { state, name, limit, offset });
  return Response.json({ items: items.map(jobJson), total, limit, offset });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
