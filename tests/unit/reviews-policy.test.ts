import { describe, expect, it } from "vitest";
import {
  averageRating,
  HideInput,
  ReviewInput,
  reviewRefusal,
  toDistribution,
} from "../../app/reviews/policy";

describe("reviewRefusal", () => {
  it("lets enrolled learners review; refuses the unenrolled and the course's own trainer", () => {
    expect(reviewRefusal({ role: "user", isEnrolled: true, isCourseTrainer: false })).toBeNull();
    expect(reviewRefusal({ role: "admin", isEnrolled: true, isCourseTrainer: false })).toBeNull();
    expect(reviewRefusal({ role: "user", isEnrolled: false, isCourseTrainer: false })).toBe("not_enrolled");
    expect(reviewRefusal({ role: "trainer", isEnrolled: true, isCourseTrainer: true })).toBe("own_course");
  });
});

describe("averageRating and toDistribution", () => {
  it("rounds to one decimal and is 0 without reviews", () => {
    expect(averageRating(0, 0)).toBe(0);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(7, 2)).toBe(3.5);
  });
  it("fills every star from 1 to 5", () => {
    expect(
      toDistribution([
        { rating: 5, count: 2 },
        { rating: 1, count: 1 },
      ]),
    ).toEqual({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 2 });
  });
});

describe("ReviewInput", () => {
  it("takes 1-5 as a number or a form's digit, trims the comment and drops an empty one", () => {
    expect(ReviewInput.parse({ rating: 4 })).toEqual({ rating: 4, comment: null });
    expect(ReviewInput.parse({ rating: "5", comment: "  مفيد  " })).toEqual({ rating: 5, comment: "مفيد" });
    expect(ReviewInput.parse({ rating: 1, comment: "   " })).toEqual({ rating: 1, comment: null });
  });
  it("refuses other ratings and control characters", () => {
    for (const rating of [0, 6, 2.5, "x", "05", "", null, undefined])
      expect(ReviewInput.safeParse({ rating }).success).toBe(false);
    expect(ReviewInput.safeParse({ rating: 3, comment: "a\u0000b" }).success).toBe(false);
    expect(ReviewInput.safeParse({ rating: 3, comment: "x".repeat(2001) }).success).toBe(false);
  });
  it("needs a reason to hide", () => {
    expect(HideInput.safeParse({ reason: "  " }).success).toBe(false);
    expect(HideInput.parse({ reason: " Spam " })).toEqual({ reason: "Spam" });
  });
});
