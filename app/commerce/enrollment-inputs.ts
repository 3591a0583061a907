// The purchase calls' bodies: POST /api/course/enrollment/bulk/enroll and the optional body of
// POST /api/course/enrollment/:courseId (both documented in /api/openapi.json).
import { z } from "zod";
import { INT4_MAX } from "../lib/validation";
import { MAX_COURSES_PER_PURCHASE } from "./enrollment.server";

// One message for every way the list can be wrong; it is a key in the `catalog` namespace.
const COURSE_IDS_INVALID = "enrollment.api.courseIdsInvalid";

export const BulkEnrollInput = z.object(
  {
    courseIds: z
      .array(
        // courses.id is int4: a larger id cannot exist, and refusing it here keeps it out of SQL.
        z
          .int({ error: COURSE_IDS_INVALID })
          .positive({ error: COURSE_IDS_INVALID })
          .max(INT4_MAX, { error: COURSE_IDS_INVALID }),
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

/** The single purchase's optional JSON body: a coupon to apply. */
export const EnrollOneInput = z.object(
  {
    couponCode: z
      .string({ error: "payments:coupon.errors.codeInvalid" })
      .max(64, { error: "payments:coupon.errors.codeInvalid" })
      .optional(),
  },
  { error: "payments:coupon.errors.codeInvalid" },
);
