// POST /api/course/enrollment/bulk/enroll {courseIds, couponCode?}: buys several courses with the caller's
// wallet at once, with an optional coupon (422 with fields.couponCode when it cannot be used).
import { z } from "zod";
import { requireApiUser } from "../../auth/guards.server";
import {
  MAX_COURSES_PER_PURCHASE,
  purchaseApiResponse,
  purchaseCourses,
} from "../../commerce/enrollment.server";
import { apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { getDb } from "../../middleware/database.server";
import { getI18n } from "../../middleware/i18next.server";
import type { Route } from "./+types/enroll-bulk";

// One message for every way the list can be wrong; it is a key in the `catalog` namespace.
const COURSE_IDS_INVALID = "enrollment.api.courseIdsInvalid";

const BulkEnrollInput = z.object(
  {
    courseIds: z
      .array(
        // courses.id is int4: a larger id cannot exist, and refusing it here keeps it out of SQL.
        z
          .int({ error: COURSE_IDS_INVALID })
          .positive({ error: COURSE_IDS_INVALID })
          .max(2_147_483_647, { error: COURSE_IDS_INVALID }),
        { error: COURSE_IDS_INVALID },
      )
      .min(1, { error: COURSE_IDS_INVALID })
      .max(MAX_COURSES_PER_PURCHASE, { error: COURSE_IDS_INVALID }),
    // Checked against the coupon rules inside the purchase; only its shape is checked here.
    couponCode: z
      .string({ error: "payments:coupon.errors.codeInvalid" })
      .max(64, { error: "payments:coupon.errors.codeInvalid" })
      .optional(),
  },
  { error: COURSE_IDS_INVALID },
);

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
