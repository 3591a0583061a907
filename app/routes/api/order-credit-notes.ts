// GET /api/orders/:id/credit-notes → {items}: the credit notes issued for the order's refunds, oldest first
// (issue 47, item 6). Its buyer and admins only; anyone else gets the 404 of an order that does not exist.
import { mayViewOrder } from "../../access/policy";
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { creditNoteJson, listOrderCreditNotes } from "../../invoices/documents.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { findOrder } from "../../orders/orders.server";
import type { Route } from "./+types/order-credit-notes";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const id = parseId(params.id);
  const db = getDb(context);
  const order = id === null ? null : await findOrder(db, id);
  if (!order || !mayViewOrder(user, order))
    return apiError(
      404,
      "not_found",
      getI18n(context).getFixedT(apiLocale(request), "orders")("errors.notFound"),
    );
  const notes = await listOrderCreditNotes(db, order.id);
  return Response.json({ items: notes.map((note) => creditNoteJson(note, order.id)) });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
