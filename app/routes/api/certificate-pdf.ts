// GET /api/certificates/:id/pdf: the stored PDF, for its owner (Bearer token) and admins; 404 for others.
import { requireApiUser } from "../../auth/guards.server";
import { pdfResponse } from "../../certificates/certificates.server";
import { certificatePdf } from "../../certificates/pdf-file.server";
import { certificateStore } from "../../certificates/store.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/certificate-pdf";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const found = await certificatePdf(getDb(context), certificateStore(), user, params.id);
  if (!found.ok) {
    const t = getI18n(context).getFixedT(apiLocale(request), "certificates");
    return apiError(404, "not_found", t("api.certificateNotFound"));
  }
  return pdfResponse(found.bytes, found.code);
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
