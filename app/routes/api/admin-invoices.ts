// GET /api/admin/invoices?from&to&kind&limit&offset → {items, total, limit, offset, totals}: the invoices
// and credit notes issued in the period (the seller's days, Asia/Riyadh), newest first, with the period's
// totals per currency (issue 47, item 6). Admins only.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import {
  AdminInvoiceQuery,
  adminDocumentJson,
  listDocumentsForAdmin,
  periodTotalsJson,
} from "../../invoices/documents.server";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import type { Route } from "./+types/admin-invoices";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const query = readQuery(request, AdminInvoiceQuery, getI18n(context), "orders");
  if (query.error) return query.error;
  const { items, total, totals } = await listDocumentsForAdmin(getDb(context), query.data);
  return Response.json({
    items: items.map(adminDocumentJson),
    total,
    limit: query.data.limit,
    offset: query.data.offset,
    totals: totals.map(periodTotalsJson),
  });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
