// Pure review rules (issue 13): who may review, reply or hide, and how the course row's totals read.
import { z } from "zod";
import { isAdmin, type Viewer } from "../access/roles";
import { queryInteger, safeText } from "../lib/validation";

export const REVIEW_PAGE_SIZE = 10;
export const COMMENT_MAX = 2000;
export const REPLY_MAX = 2000;
export const HIDE_REASON_MAX = 200;

/** Messages are keys in the `reviews` namespace. */
export const ReviewInput = z.object({
  rating: z
    .union(
      [
        z
          .int({ error: "errors.rating" })
          .min(1, { error: "errors.rating" })
          .max(5, { error: "errors.rating" }),
        z.string({ error: "errors.rating" }).regex(/^[1-5]$/, { error: "errors.rating" }),
      ],
      { error: "errors.rating" },
    )
    .transform(Number)
    .pipe(z.int().min(1, { error: "errors.rating" }).max(5, { error: "errors.rating" })),
  comment: safeText({ max: COMMENT_MAX, error: "errors.comment" })
    .trim()
    .optional()
    .transform((value) => value || null),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

export const ReplyInput = z.object({
  reply: safeText({ max: REPLY_MAX, error: "errors.reply" }).trim().min(1, { error: "errors.reply" }),
});
export type ReplyInput = z.infer<typeof ReplyInput>;

export const HideInput = z.object({
  reason: safeText({ max: HIDE_REASON_MAX, error: "errors.hideReason" })
    .trim()
    .min(1, { error: "errors.hideReason" }),
});
export type HideInput = z.infer<typeof HideInput>;

/** `GET /api/courses/:id/reviews?limit&offset`: paging as every API list's (a bad value is a 422). */
export const ReviewListQuery = z.object({
  limit: queryInteger(1, 50).default(REVIEW_PAGE_SIZE),
  offset: queryInteger(0, 1_000_000).default(0),
});

export type ReviewerFacts = {
  role: "user" | "trainer" | "admin";
  isEnrolled: boolean;
  isCourseTrainer: boolean;
};

export type ReviewRefusal = "not_enrolled" | "own_course";

/**
 * Only a learner who holds an enrollment may review (a refund removes the enrollment, and with it the
 * right); the course's own trainer never reviews it, even if enrolled.
 */
export function reviewRefusal(facts: ReviewerFacts): ReviewRefusal | null {
  if (facts.isCourseTrainer) return "own_course";
  if (!facts.isEnrolled) return "not_enrolled";
  return null;
}

/** Admins moderate: they hide a review (with a reason) and see hidden ones with it. */
export function mayHideReviews(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/** The average shown on cards and pages: one decimal, 0 when there are no visible reviews. */
export function averageRating(sum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round((sum / count) * 10) / 10;
}

export type Distribution = { 1: number; 2: number; 3: number; 4: number; 5: number };

export function toDistribution(rows: { rating: number; count: number }[]): Distribution {
  const distribution: Distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rows) {
    if (row.rating >= 1 && row.rating <= 5)
      distribution[row.rating as keyof Distribution] += Number(row.count);
  }
  return distribution;
}
