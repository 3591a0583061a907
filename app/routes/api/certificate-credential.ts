// GET /api/certificates/:id/credential: the certificate's signed Open Badges 3.0 credential, for its owner
// (Bearer token) and admins; 404 for others, as for its PDF.
import { requireApiUser } from "../../auth/guards.server";
import { credentialResponse } from "../../credentials/answers.server";
import { certificateCredential } from "../../credentials/credentials.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/certificate-credential";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const found = await certificateCredential(getDb(context), user, params.id);
  if (!found.ok) {
    const t = getI18n(context).getFixedT(apiLocale(request), "certificates");
    return apiError(404, "not_found", t("api.certificateNotFound"));
  }
  return credentialResponse(found.credential, found.code);
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
