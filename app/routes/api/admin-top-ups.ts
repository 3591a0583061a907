// GET /api/admin/top-ups?status=pending&limit&offset → {items, total, limit, offset}: the review queue.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { readListQuery } from "../../editorial/api.server";
import { apiLocale, methodNotAllowed, validationFailed } from "../../lib/api.server";
import { getI18n } from "../../middleware/i18next.server";
import { topUpJson } from "../../wallet/api.server";
import { listTopUps, TopUpQueueStatus } from "../../wallet/top-ups.server";
import { toCurrencyUnits } from "../../wallet/wallet.server";
import type { Route } from "./+types/admin-top-ups";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const status = TopUpQueueStatus.safeParse(url.searchParams.get("status") ?? undefined);
  if (!status.success) {
    const t = getI18n(context).getFixedT(apiLocale(request));
    return validationFailed(request, getI18n(context), { status: t("api.validationFailed") });
  }
  url.searchParams.delete("status");
  const query = readListQuery(new Request(url), context);
  if (query.error) return query.error;
  const { items, total } = await listTopUps(getDb(context), { status: status.data, ...query });
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
    limit: query.limit,
    offset: query.offset,
  });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
