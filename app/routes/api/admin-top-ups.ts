// GET /api/admin/top-ups?status=pending&limit&offset → {items, total, limit, offset}: the review queue.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import { topUpJson } from "../../wallet/api.server";
import { listTopUps, TopUpQueue } from "../../wallet/top-ups.server";
import { toCurrencyUnits } from "../../wallet/wallet.server";
import type { Route } from "./+types/admin-top-ups";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const query = readQuery(request, TopUpQueue, getI18n(context), "editorial");
  if (query.error) return query.error;
  const { status, limit, offset } = query.data;
  const { items, total } = await listTopUps(getDb(context), { status, limit, offset });
  return Response.json({
    items: items.map(({ request: item, userName, userEmail, walletBalance }) => ({
      ...topUpJson(item),
      user: {
        id: item.userId,
        name: userName,
        email: userEmail,
        walletBalance: toCurrencyUnits(walletBalance),
      },
    })),
    total,
    limit,
    offset,
  });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
