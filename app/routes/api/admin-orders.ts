// GET /api/admin/orders?status&userId&flagged&limit&offset → {items, total, limit, offset}: every order, newest
// first, each with its buyer (issue 46, item 8).
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import { AdminOrderQuery, listOrdersForAdmin, orderJson } from "../../orders/orders.server";
import type { Route } from "./+types/admin-orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const query = readQuery(request, AdminOrderQuery, getI18n(context), "orders");
  if (query.error) return query.error;
  const { items, total } = await listOrdersForAdmin(getDb(context), query.data);
  return Response.json({
    items: items.map((order) => ({
      ...orderJson(order),
      userId: order.userId,
      userName: order.userName,
      userEmail: order.userEmail,
      flagged: order.flagged,
    })),
    total,
    limit: query.data.limit,
    offset: query.data.offset,
  });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
