// POST /api/coupons {code, percentOff | amountOff, courseId?, expiresAt?, maxUses?} → 201 {coupon}: admins
// for any course (or every course, without courseId), trainers for a course of their own (403 otherwise);
// 409 when the code exists.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody, validationFailed } from "../../lib/api.server";
import { couponJson } from "../../payments/coupon-json";
import { CouponInput, createCoupon } from "../../payments/coupons.server";
import type { Route } from "./+types/coupons";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const t = i18n.getFixedT(apiLocale(request), "payments");
  const { data, error } = await readJsonBody(request, CouponInput, i18n, "payments");
  if (error) return error;
  const outcome = await createCoupon(getDb(context), user, data);
  if (outcome.ok) return Response.json({ coupon: couponJson(outcome.coupon) }, { status: 201 });
  switch (outcome.reason) {
    case "code_taken":
      return apiError(409, "code_taken", t("coupon.errors.codeTaken"));
    case "course_not_found":
      return apiError(404, "not_found", t("coupon.errors.courseNotFound"));
    case "not_your_course":
      return apiError(403, "forbidden", t("coupon.errors.notYourCourse"));
    case "course_required":
      return validationFailed(request, i18n, {
        courseId: t("coupon.errors.courseRequired"),
      });
  }
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "POST");
}
