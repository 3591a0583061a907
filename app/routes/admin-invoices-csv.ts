// /dashboard/admin/invoices.csv?from&to: the period's invoices and credit notes as a CSV file, UTF-8 with a
// BOM (issue 47, item 6). A date that is not one is no filter, as on the page.
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { getDb } from "../db/context";
import { InvoicesCsvQuery, invoicesCsv, invoicesCsvResponse } from "../invoices/documents.server";
import type { Route } from "./+types/admin-invoices-csv";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const day = (name: string) => {
    const parsed = InvoicesCsvQuery.shape[name === "from" ? "from" : "to"].safeParse(
      url.searchParams.get(name) || undefined,
    );
    return parsed.success ? parsed.data : undefined;
  };
  return invoicesCsvResponse(await invoicesCsv(getDb(context), { from: day("from"), to: day("to") }));
}
