// GET /api/auth: the admin's searchable, sortable, paginated user list as JSON.
import { isAdmin } from "../../access/roles";
import { listUsers, UserListQuery } from "../../admin/users.server";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { translateIssues } from "../../lib/forms.server";
import { getI18n } from "../../middleware/i18next.server";
import { withBalanceInCurrencyUnits } from "../../wallet/wallet.server";
import type { Route } from "./+types/auth-users";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const query = UserListQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    return apiError(
      422,
      "validation_failed",
      i18n.getFixedT(locale)("api.validationFailed"),
      translateIssues(query.error.issues, i18n.getFixedT(locale, "admin")),
    );
  }
  const list = await listUsers(getDb(context), query.data);
  return Response.json({ ...list, items: list.items.map(withBalanceInCurrencyUnits) });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
