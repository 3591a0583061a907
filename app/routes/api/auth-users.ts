// GET /api/auth: the admin's searchable, sortable, paginated user list as JSON.
import { isAdmin } from "../../access/roles";
import { listUsers, UserListQuery } from "../../admin/users.server";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import { withBalanceInCurrencyUnits } from "../../wallet/wallet.server";
import type { Route } from "./+types/auth-users";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const query = readQuery(request, UserListQuery, getI18n(context), "admin");
  if (query.error) return query.error;
  const list = await listUsers(getDb(context), query.data);
  return Response.json({ ...list, items: list.items.map(withBalanceInCurrencyUnits) });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
