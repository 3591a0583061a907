// Coupon rules, pure (unit-tested in tests/unit/coupon-policy.test.ts). Money is integer minor units.
//
// - A percent discount is rounded down to a whole minor unit (the learner pays the remainder: 33 % off
//   10.00 is 3.30 off; 15 % off 0.99 is 0.14 off, 0.85 paid). A fixed amount comes off each discounted
//   course, never below 0 (a 50.00 code on a 30.00 course makes it free).
// - A code with a course discounts only that course; a code without one (admins only) discounts every
//   course of the checkout.
// - One checkout spends one use, however many courses it discounts; a learner may use a code once.
import { isAdmin, type Viewer } from "../access/roles";

export type CouponRule = {
  percentOff: number | null;
  amountOff: number | null;
  courseId: number | null;
  expiresAt: Date | null;
  maxUses: number | null;
  uses: number;
  disabledAt: Date | null;
};

export type CouponProblem = "disabled" | "expired" | "used_up" | "already_used" | "not_applicable";

/** Codes are letters, digits, - and _, 3 to 32 of them, compared without case. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The discount on one course's price. */
export function discountFor(coupon: Pick<CouponRule, "percentOff" | "amountOff">, price: number): number {
  if (price <= 0) return 0;
  if (coupon.percentOff !== null) return Math.floor((price * coupon.percentOff) / 100);
  return Math.min(coupon.amountOff ?? 0, price);
}

/** Why a code cannot be used now by this learner, or null. Checked inside the purchase's transaction. */
export function couponProblem(coupon: CouponRule, { now, alreadyUsed }: { now: Date; alreadyUsed: boolean }) {
  if (coupon.disabledAt !== null) return "disabled" as const;
  if (coupon.expiresAt !== null && coupon.expiresAt.getTime() <= now.getTime()) return "expired" as const;
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return "used_up" as const;
  if (alreadyUsed) return "already_used" as const;
  return null;
}

/** The discount per course of the checkout (only courses that get one), or not_applicable. */
export function applyCoupon(
  coupon: Pick<CouponRule, "percentOff" | "amountOff" | "courseId">,
  courses: { id: number; price: number }[],
): { ok: true; discounts: Map<number, number>; total: number } | { ok: false; problem: "not_applicable" } {
  const discounts = new Map<number, number>();
  for (const course of courses) {
    if (coupon.courseId !== null && coupon.courseId !== course.id) continue;
    const discount = discountFor(coupon, course.price);
    if (discount > 0) discounts.set(course.id, discount);
  }
  if (discounts.size === 0) return { ok: false, problem: "not_applicable" };
  let total = 0;
  for (const discount of discounts.values()) total += discount;
  return { ok: true, discounts, total };
}

/** Who may create a code for what: admins any course or none; trainers only a course of their own. */
export function couponCreationProblem(
  creator: NonNullable<Viewer>,
  course: { trainerId: string | null } | null,
  courseIdGiven: boolean,
): "course_required" | "course_not_found" | "not_your_course" | null {
  if (courseIdGiven && course === null) return "course_not_found";
  if (isAdmin(creator)) return null;
  if (!courseIdGiven) return "course_required";
  if (course?.trainerId !== creator.id) return "not_your_course";
  return null;
}
