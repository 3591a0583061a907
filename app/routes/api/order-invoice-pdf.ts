// GET /api/orders/:id/invoice.pdf: the order's tax invoice as a PDF, the same file its mail attached
// (rendered once and stored, app/invoices/pdf-file.server.ts). Its buyer and admins only; anyone else, and an
// order without an invoice, gets 404.
import { mayViewOrder } from "../../access/policy";
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { findOrderInvoice } from "../../invoices/documents.server";
import { ensureIssuedDocumentPdf, issuedDocumentPdfResponse } from "../../invoices/pdf-file.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { findOrder } from "../../orders/orders.server";
import { objectStorage } from "../../storage/storage.server";
import type { Route } from "./+types/order-invoice-pdf";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const t = getI18n(context).getFixedT(apiLocale(request), "orders");
  const id = parseId(params.id);
  const db = getDb(context);
  const order = id === null ? null : await findOrder(db, id);
  if (!order || !mayViewOrder(user, order)) return apiError(404, "not_found", t("errors.notFound"));
  const invoice = await findOrderInvoice(db, order.id);
  if (!invoice) return apiError(404, "not_found", t("invoices.errors.notFound"));
  const { bytes } = await ensureIssuedDocumentPdf(objectStorage(), invoice);
  return issuedDocumentPdfResponse(bytes, invoice.number);
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
