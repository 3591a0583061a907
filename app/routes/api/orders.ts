// GET /api/orders → {items: [order]}: the caller's orders, newest first (issue 46, item 8).
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { methodNotAllowed } from "../../lib/api.server";
import { listUserOrders, orderJson } from "../../orders/orders.server";
import type { Route } from "./+types/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const orders = await listUserOrders(getDb(context), user.id);
  return Response.json({ items: orders.map(orderJson) });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
