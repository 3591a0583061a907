// GET /api/certificates/verify/:code: public. Whether a code names a certificate, valid or revoked, with
// the holder's name, the course and the issue date; nothing else about the learner.
import { verifyCertificate } from "../../certificates/certificates.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/certificate-verify";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = apiLocale(request);
  const verification = await verifyCertificate(getDb(context), params.code, locale);
  if (!verification) {
    const t = getI18n(context).getFixedT(locale, "certificates");
    return apiError(404, "not_found", t("api.unknownCode"));
  }
  return Response.json(
    {
      code: verification.code,
      valid: verification.valid,
      revoked: verification.revoked,
      holderName: verification.holderName,
      courseTitle: verification.courseTitle,
      trainerName: verification.trainerName,
      issuedAt: verification.issuedAt.toISOString(),
    },
    { headers: { "X-Robots-Tag": "noindex", "Cache-Control": "no-cache" } },
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowed(request, context, "GET");
}
