// PUT /api/admin/change-role/:userId {role}: an admin changes someone's role; the last admin stays an admin.
import { isAdmin } from "../../access/roles";
import { ChangeRoleInput, changeUserRole } from "../../admin/users.server";
import { toApiUser } from "../../auth/accounts.server";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import type { Route } from "./+types/admin-change-role";

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "PUT") return methodNotAllowed(request, context, "PUT");
  const i18n = getI18n(context);
  const t = i18n.getFixedT(apiLocale(request), "admin");
  const { data, error } = await readJsonBody(request, ChangeRoleInput, i18n, "admin");
  if (error) return error;
  const outcome = await changeUserRole(getDb(context), {
    actorId: admin.id,
    userId: params.userId,
    role: data.role,
  });
  if (!outcome.ok && outcome.reason === "not_found")
    return apiError(404, "not_found", t("errors.userNotFound"));
  if (!outcome.ok) return apiError(409, "last_admin", t("errors.lastAdmin"));
  return Response.json({ user: toApiUser(outcome.user) });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "PUT");
}
