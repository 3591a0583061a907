// GET /api/orders/:id/credit-notes/:number.pdf: one of the order's credit notes as a PDF, the same file its
// refund mail attached. Its buyer and admins only; anyone else, and a number that is not one of this
// order's credit notes, gets 404.
import { mayViewOrder } from "../../access/policy";
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { listOrderCreditNotes } from "../../invoices/documents.server";
import { ensureIssuedDocumentPdf, issuedDocumentPdfResponse } from "../../invoices/pdf-file.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { findOrder } from "../../orders/orders.server";
import { objectStorage } from "../../storage/storage.server";
import type { Route } from "./+types/order-credit-note-pdf";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const t = getI18n(context).getFixedT(apiLocale(request), "orders");
  const id = parseId(params.id);
  const db = getDb(context);
  const order = id === null ? null : await findOrder(db, id);
  if (!order || !mayViewOrder(user, order)) return apiError(404, "not_found", t("errors.notFound"));
  const number = params.file.replace(/\.pdf$/, "");
  const note = (await listOrderCreditNotes(db, order.id)).find((document) => document.number === number);
  if (!note || !params.file.endsWith(".pdf"))
    return apiError(404, "not_found", t("invoices.errors.notFound"));
  const { bytes } = await ensureIssuedDocumentPdf(objectStorage(), note);
  return issuedDocumentPdfResponse(bytes, note.number);
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
