// POST /api/course/enrollment/bulk/enroll {courseIds, couponCode?}: buys several courses with the caller's
// wallet at once, with an optional coupon (422 with fields.couponCode when it cannot be used).
import { requireApiUser } from "../../auth/guards.server";
import { purchaseApiResponse, purchaseCourses } from "../../commerce/enrollment.server";
import { BulkEnrollInput } from "../../commerce/enrollment-inputs";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import type { Route } from "./+types/enroll-bulk";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const { data, error } = await readJsonBody(request, BulkEnrollInput, i18n, "catalog");
  if (error) return error;
  const outcome = await purchaseCourses(getDb(context), user.id, data.courseIds, {
    couponCode: data.couponCode,
  });
  return purchaseApiResponse(outcome, i18n.getFixedT(locale, "catalog"), locale);
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
