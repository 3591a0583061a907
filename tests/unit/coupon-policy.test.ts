// The coupon rules in isolation: rounding, caps, scope, expiry, uses and who may create what.
import { describe, expect, it } from "vitest";
import {
  applyCoupon,
  type CouponRule,
  couponCreationProblem,
  couponProblem,
  discountFor,
  normalizeCouponCode,
} from "../../app/payments/coupon-policy";

const base: CouponRule = {
  percentOff: 10,
  amountOff: null,
  courseId: null,
  expiresAt: null,
  maxUses: null,
  uses: 0,
  disabledAt: null,
};
const now = new Date("2026-11-23T07:00:00Z");

describe("discountFor", () => {
  it("rounds percent discounts down to a whole minor unit", () => {
    expect(discountFor({ percentOff: 33, amountOff: null }, 1_000)).toBe(330);
    expect(discountFor({ percentOff: 15, amountOff: null }, 99)).toBe(14); // 14.85 → 14
    expect(discountFor({ percentOff: 33, amountOff: null }, 1)).toBe(0);
    expect(discountFor({ percentOff: 100, amountOff: null }, 4_999)).toBe(4_999);
  });
  it("caps a fixed amount at the price, and discounts nothing on a free course", () => {
    expect(discountFor({ percentOff: null, amountOff: 500 }, 3_000)).toBe(500);
    expect(discountFor({ percentOff: null, amountOff: 5_000 }, 3_000)).toBe(3_000);
    expect(discountFor({ percentOff: null, amountOff: 500 }, 0)).toBe(0);
  });
});

describe("couponProblem", () => {
  it("checks disabled, expiry, uses and a learner's earlier use, in that order", () => {
    expect(couponProblem(base, { now, alreadyUsed: false })).toBeNull();
    expect(couponProblem({ ...base, disabledAt: now }, { now, alreadyUsed: false })).toBe("disabled");
    expect(couponProblem({ ...base, expiresAt: now }, { now, alreadyUsed: false })).toBe("expired");
    expect(
      couponProblem({ ...base, expiresAt: new Date(now.getTime() + 1) }, { now, alreadyUsed: false }),
    ).toBeNull();
    expect(couponProblem({ ...base, maxUses: 2, uses: 2 }, { now, alreadyUsed: false })).toBe("used_up");
    expect(couponProblem({ ...base, maxUses: 2, uses: 1 }, { now, alreadyUsed: false })).toBeNull();
    expect(couponProblem(base, { now, alreadyUsed: true })).toBe("already_used");
  });
});

describe("applyCoupon", () => {
  const cart = [
    { id: 1, price: 2_000 },
    { id: 2, price: 999 },
    { id: 3, price: 0 },
  ];
  it("a code without a course discounts every paid course of the checkout", () => {
    const applied = applyCoupon({ percentOff: 50, amountOff: null, courseId: null }, cart);
    expect(applied).toMatchObject({ ok: true, total: 1_000 + 499 });
    if (applied.ok)
      expect([...applied.discounts]).toEqual([
        [1, 1_000],
        [2, 499],
      ]);
  });
  it("a code for one course discounts only that course, and is not applicable without it", () => {
    const applied = applyCoupon({ percentOff: null, amountOff: 300, courseId: 2 }, cart);
    expect(applied).toMatchObject({ ok: true, total: 300 });
    expect(applyCoupon({ percentOff: 10, amountOff: null, courseId: 9 }, cart)).toEqual({
      ok: false,
      problem: "not_applicable",
    });
    expect(applyCoupon({ percentOff: 10, amountOff: null, courseId: 3 }, cart)).toMatchObject({ ok: false });
  });
});

describe("couponCreationProblem", () => {
  const admin = { id: "a", role: "admin" as const };
  const trainer = { id: "t", role: "trainer" as const };
  it("admins: any course or none; trainers: only a course of their own", () => {
    expect(couponCreationProblem(admin, null, false)).toBeNull();
    expect(couponCreationProblem(admin, { trainerId: "t" }, true)).toBeNull();
    expect(couponCreationProblem(admin, null, true)).toBe("course_not_found");
    expect(couponCreationProblem(trainer, null, false)).toBe("course_required");
    expect(couponCreationProblem(trainer, { trainerId: "t" }, true)).toBeNull();
    expect(couponCreationProblem(trainer, { trainerId: "other" }, true)).toBe("not_your_course");
  });
});

it("codes compare without case and surrounding spaces", () => {
  expect(normalizeCouponCode("  ramadan-25 ")).toBe("RAMADAN-25");
});
