// GET /api/admin/invoices.csv?from&to → text/csv (UTF-8 with BOM): the invoices and credit notes issued in
// the period, oldest first, for an accountant's spreadsheet (issue 47, item 6). Admins only.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { InvoicesCsvQuery, invoicesCsv, invoicesCsvResponse } from "../../invoices/documents.server";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import type { Route } from "./+types/admin-invoices-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const query = readQuery(request, InvoicesCsvQuery, getI18n(context), "orders");
  if (query.error) return query.error;
  return invoicesCsvResponse(await invoicesCsv(getDb(context), query.data));
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
