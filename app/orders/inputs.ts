// POST /api/checkout's body (issue 46, item 8), documented in /api/openapi.json from this schema.
import { z } from "zod";
import { MAX_COURSES_PER_PURCHASE } from "../commerce/enrollment.server";
import { BuyerInput } from "../invoices/buyer";
import { INT4_MAX } from "../lib/validation";
import { CARD_PROVIDERS, CHECKOUT_METHODS } from "./checkout.server";

const COURSE_IDS_INVALID = "catalog:enrollment.api.courseIdsInvalid";

export const CheckoutInput = z.object(
  {
    method: z.enum(CHECKOUT_METHODS, { error: "checkout.errors.method" }),
    provider: z.enum(CARD_PROVIDERS, { error: "checkout.errors.provider" }).optional(),
    /** Without courseIds the caller's cart is checked out. */
    courseIds: z
      .array(
        z
          .int({ error: COURSE_IDS_INVALID })
          .positive({ error: COURSE_IDS_INVALID })
          .max(INT4_MAX, { error: COURSE_IDS_INVALID }),
        { error: COURSE_IDS_INVALID },
      )
      .min(1, { error: COURSE_IDS_INVALID })
      .max(MAX_COURSES_PER_PURCHASE, { error: COURSE_IDS_INVALID })
      .optional(),
    couponCode: z
      .string({ error: "payments:coupon.errors.codeInvalid" })
      .max(64, { error: "payments:coupon.errors.codeInvalid" })
      .optional(),
    /** A business buyer: the invoice is a standard tax invoice (issue 47). */
    buyer: BuyerInput.optional(),
  },
  { error: "checkout.errors.body" },
);
export type CheckoutInput = z.infer<typeof CheckoutInput>;
