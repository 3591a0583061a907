// POST /api/certificates/:courseId/generate: issues the caller's certificate for a course they completed.
// 201 when issued now, 200 with the same certificate when they already hold it, 409 with their progress
// while lessons remain, 404 for a course they are not enrolled in.
import { requireApiUser } from "../../auth/guards.server";
import { certificateSummary, issueCertificate } from "../../certificates/certificates.server";
import { certificateJson } from "../../certificates/json.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/certificate-generate";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const locale = apiLocale(request);
  const t = getI18n(context).getFixedT(locale, "certificates");
  const courseId = parseId(params.courseId);
  if (courseId === null) return apiError(404, "not_found", t("api.notEnrolled"));
  const outcome = await issueCertificate(getDb(context), {
    userId: user.id,
    courseId,
  });
  if (!outcome.ok && outcome.reason === "not_found") return apiError(404, "not_found", t("api.notEnrolled"));
  if (!outcome.ok) {
    return Response.json(
      {
        error: {
          code: "lessons_remaining",
          message: t("api.notEligible", { completed: outcome.completedLessons, total: outcome.totalLessons }),
        },
        completedLessons: outcome.completedLessons,
        totalLessons: outcome.totalLessons,
      },
      { status: 409 },
    );
  }
  return Response.json(
    { certificate: certificateJson(certificateSummary(outcome.certificate, locale)) },
    { status: outcome.created ? 201 : 200 },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
