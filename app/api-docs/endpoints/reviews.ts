// Course reviews and ratings (app/routes/api/course-reviews.ts, app/reviews/).
import { z } from "zod";
import { ReviewInput, ReviewListQuery } from "../../reviews/policy";
import { type EndpointDoc, isoDate, json, ok, params } from "../registry";

const ReviewItem = z.strictObject({
  id: z.int(),
  rating: z.int().min(1).max(5),
  comment: z.string().nullable(),
  authorName: z.string(),
  reply: z.string().nullable(),
  repliedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  hidden: z
    .strictObject({ reason: z.string(), at: isoDate })
    .optional()
    .describe("Only in an admin's view: a hidden review, with the reason"),
});

const ReviewList = z.strictObject({
  items: z.array(ReviewItem),
  total: z.int().min(0),
  average: z.number().min(0).max(5),
  count: z.int().min(0),
  distribution: z.strictObject({ 1: z.int(), 2: z.int(), 3: z.int(), 4: z.int(), 5: z.int() }),
});

const OwnReview = z.strictObject({
  review: z.strictObject({
    id: z.int(),
    rating: z.int().min(1).max(5),
    comment: z.string().nullable(),
    hidden: z.boolean(),
  }),
});

export const reviewEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/courses/:id/reviews",
    tag: "Catalog",
    summary: "A course's reviews, newest first, with the average and the distribution of stars",
    description:
      "Hidden reviews are left out (admins see them, marked). A draft is 404 but to its trainer and admins.",
    auth: "optional",
    params: params("id"),
    query: ReviewListQuery,
    responses: { 200: ok("A page of reviews and the course's rating", ReviewList) },
    errors: [[404, "not_found"]],
  },
  {
    method: "post",
    route: "api/courses/:id/reviews",
    tag: "Catalog",
    summary: "Rate the course (create or update your own review)",
    description: "Enrolled learners only; a course's trainer cannot review it.",
    auth: "user",
    params: params("id"),
    body: json(ReviewInput),
    responses: {
      201: ok("Your new review", OwnReview),
      200: ok("Your review, updated", OwnReview),
    },
    errors: [
      [403, "not_enrolled"],
      [403, "own_course"],
      [404, "not_found"],
    ],
  },
  {
    method: "delete",
    route: "api/courses/:id/reviews",
    tag: "Catalog",
    summary: "Delete your own review",
    auth: "user",
    params: params("id"),
    responses: { 204: ok("Deleted") },
    errors: [[404, "not_found"]],
  },
];
