// GET /api/account/ledger?limit&offset → {items, total, limit, offset, balance}: the caller's wallet history,
// newest first; course titles in the Accept-Language locale.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { readListQuery } from "../../editorial/api.server";
import { apiLocale, methodNotAllowed } from "../../lib/api.server";
import { ledgerLineJson } from "../../wallet/api.server";
import { listLedger } from "../../wallet/history.server";
import { toCurrencyUnits } from "../../wallet/wallet.server";
import type { Route } from "./+types/account-ledger";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const query = readListQuery(request, context);
  if (query.error) return query.error;
  const { items, total, balance } = await listLedger(getDb(context), apiLocale(request), user.id, query);
  return Response.json(
    {
      items: items.map(ledgerLineJson),
      total,
      limit: query.limit,
      offset: query.offset,
      balance: toCurrencyUnits(balance),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
