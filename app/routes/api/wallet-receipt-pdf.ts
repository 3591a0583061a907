// GET /api/wallet/receipts/:file (RCT-2026-000001.pdf): one of the caller's own top-up receipts as a PDF, the
// same file its mail attached (issue 47, item 4). Anyone else's receipt, an unknown number, or a file name
// that is not a receipt's gets the same 404.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { findUserReceipt, ReceiptFile } from "../../invoices/documents.server";
import { ensureIssuedDocumentPdf, issuedDocumentPdfResponse } from "../../invoices/pdf-file.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { objectStorage } from "../../storage/storage.server";
import type { Route } from "./+types/wallet-receipt-pdf";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const file = ReceiptFile.safeParse(params.file);
  const receipt = file.success ? await findUserReceipt(getDb(context), user.id, file.data) : null;
  if (!receipt)
    return apiError(
      404,
      "not_found",
      getI18n(context).getFixedT(apiLocale(request), "wallet")("errors.receiptNotFound"),
    );
  const { bytes } = await ensureIssuedDocumentPdf(objectStorage(), receipt);
  return issuedDocumentPdfResponse(bytes, receipt.number);
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
