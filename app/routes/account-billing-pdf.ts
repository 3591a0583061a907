// GET /account/billing/:number/pdf: an issued invoice, credit note or top-up receipt as a PDF, with the session cookie, the
// same file the mail attached. Its buyer and admins only (404 for anyone else); guests sign in first.
import { mayViewIssuedDocument } from "../access/policy";
import { requireUser } from "../auth/guards.server";
import { getDb } from "../db/context";
import { findIssuedDocument, fromStoredDocument } from "../invoices/documents.server";
import { parseInvoiceNumber } from "../invoices/numbering";
import { ensureIssuedDocumentPdf, issuedDocumentPdfResponse } from "../invoices/pdf-file.server";
import { objectStorage } from "../storage/storage.server";
import type { Route } from "./+types/account-billing-pdf";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const row = parseInvoiceNumber(params.number)
    ? await findIssuedDocument(getDb(context), params.number)
    : null;
  if (!row || !mayViewIssuedDocument(user, row)) return new Response("Not Found", { status: 404 });
  const document = fromStoredDocument(row.document);
  const { bytes } = await ensureIssuedDocumentPdf(objectStorage(), document);
  return issuedDocumentPdfResponse(bytes, document.number);
}
