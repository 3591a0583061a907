// PUT /api/admin/change-role/:userId {role}: an admin changes someone's role; the last admin stays an admin.
import { ChangeRoleInput, changeUserRole } from "../../admin/users.server";
import { toPublicUser } from "../../auth/accounts.server";
import { ADMIN_ROLES, requireApiRole } from "../../auth/guards.server";
import { apiError, apiLocale, readJsonBody } from "../../lib/api.server";
import { getDb } from "../../middleware/database.server";
import { getI18n } from "../../middleware/i18next.server";
import { withBalanceInCurrencyUnits } from "../../wallet/wallet.server";
import type { Route } from "./+types/admin-change-role";

function methodNotAllowed({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  return apiError(
    405,
    "method_not_allowed",
    getI18n(context).getFixedT(apiLocale(request))("api.methodNotAllowed"),
    undefined,
    { headers: { Allow: "PUT" } },
  );
}

export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  const admin = requireApiRole(request, context, ADMIN_ROLES);
  if (request.method !== "PUT") return methodNotAllowed(args);
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
  if (!outcome.ok) return apiError(409, "conflict", t("errors.lastAdmin"));
  return Response.json({ user: withBalanceInCurrencyUnits(toPublicUser(outcome.user)) });
}

export function loader(args: Route.LoaderArgs) {
  requireApiRole(args.request, args.context, ADMIN_ROLES);
  return methodNotAllowed(args);
}
