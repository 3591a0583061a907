// GET /api/orders/:id → {order}: its buyer and admins; anyone else gets the 404 of an order that does not
// exist (issue 46, item 8).
import { mayViewOrder } from "../../access/policy";
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { findOrder, orderJson } from "../../orders/orders.server";
import type { Route } from "./+types/order";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const notFound = () =>
    apiError(404, "not_found", getI18n(context).getFixedT(apiLocale(request), "orders")("errors.notFound"));
  const id = parseId(params.id);
  if (id === null) return notFound();
  const order = await findOrder(getDb(context), id);
  if (!order || !mayViewOrder(user, order)) return notFound();
  return Response.json({ order: orderJson(order) });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
