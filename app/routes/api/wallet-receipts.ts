// GET /api/wallet/receipts → {items: [{number, issuedAt, amount, currency, method, pdfUrl}]}: the receipts of
// the caller's own wallet top-ups (issue 47, item 4), newest first. A receipt is not a tax invoice: the VAT
// invoice is issued when the wallet pays for a course (GET /api/orders/:id/invoice).
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { listUserReceipts, receiptJson } from "../../invoices/documents.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/wallet-receipts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const receipts = await listUserReceipts(getDb(context), user.id);
  return Response.json(
    { items: receipts.map(receiptJson) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
