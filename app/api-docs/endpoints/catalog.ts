// The public catalog, favourites and purchases (app/routes/api/courses.ts, course*.ts, favorites-list.ts,
// enroll*.ts, enrollments.ts).
import { z } from "zod";
import { BulkEnrollInput, EnrollOneInput } from "../../commerce/enrollment-inputs";
import { COURSE_CATEGORIES } from "../../courses/categories";
import { COURSE_LANGUAGES } from "../../courses/course-languages";
import { CourseListQuery } from "../../courses/list-query";
import { type EndpointDoc, Image, isoDate, json, money, ok, paged, params } from "../registry";

export const CourseCard = z.strictObject({
  id: z.int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(COURSE_CATEGORIES),
  price: money,
  currency: z.string(),
  image: Image,
  instructor: z.strictObject({ name: z.string() }),
  lessonCount: z.int(),
  rating: z
    .strictObject({ average: z.number().min(0).max(5), count: z.int().min(0) })
    .describe("Average stars (0 without reviews) and how many visible reviews"),
});

const CourseDetail = CourseCard.extend({
  isPublished: z.boolean(),
  outcomes: z.array(z.string()).describe("What the course teaches, in the Accept-Language language"),
  requirements: z.array(z.string()).describe("What it asks of a learner first"),
  audience: z.array(z.string()).describe("Whom it is for"),
  languages: z.array(z.enum(COURSE_LANGUAGES)).describe("The languages it is taught in"),
  updatedAt: isoDate,
  learnerCount: z.int().min(0).describe("Who holds the course now"),
  instructor: z
    .strictObject({
      id: z.uuid(),
      name: z.string(),
      bio: z
        .string()
        .nullable()
        .describe("In the Accept-Language language; the English one when there is no Arabic"),
      avatarUrl: z.string().nullable(),
    })
    .describe("Who teaches it; their profile is GET /api/instructors/{id}"),
  lessons: z.array(
    z.strictObject({
      id: z.int(),
      position: z.int(),
      title: z.string(),
      durationMinutes: z.int().nullable(),
      isFreePreview: z
        .boolean()
        .describe("Open to everyone, without a token too: its play call answers with `preview: true`"),
    }),
  ),
}).strict();

const Curriculum = z.strictObject({
  sections: z.array(
    z.strictObject({
      id: z.int(),
      title: z.string(),
      position: z.int().describe("1-based, within the course"),
      lessons: z.array(
        z.strictObject({
          id: z.int(),
          kind: z.enum(["video", "article", "quiz"]),
          title: z.string(),
          position: z.int().describe("1-based, course-wide: a section's lessons are a contiguous run"),
          durationMinutes: z.int().nullable(),
          isFreePreview: z.boolean(),
          completed: z
            .boolean()
            .optional()
            .describe("Only for a learner enrolled in the course: whether they completed the lesson"),
        }),
      ),
    }),
  ),
});

const Purchase = z.strictObject({
  enrolled: z.array(z.int()),
  alreadyOwned: z.array(z.int()),
  charged: money,
  walletBalance: money,
  discount: money.optional().describe("Only when a coupon code was given: what it took off in total"),
});

const purchaseErrors: EndpointDoc["errors"] = [
  [404, "course_unavailable"],
  [409, "insufficient_funds"],
];

export const catalogEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/courses",
    tag: "Catalog",
    summary: "Published courses",
    description: "Titles in the Accept-Language locale (Arabic for `ar`).",
    auth: "public",
    query: CourseListQuery,
    responses: { 200: ok("A page of course cards", paged(CourseCard)) },
  },
  {
    method: "get",
    route: "api/courses/:id",
    tag: "Catalog",
    summary: "One course with its lesson titles",
    description: "A draft is 404 to everyone but its trainer and admins.",
    auth: "optional",
    params: params("id"),
    responses: { 200: ok("The course", z.strictObject({ course: CourseDetail })) },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/courses/:id/curriculum",
    tag: "Catalog",
    summary: "A course's sections and their lessons",
    description:
      "Titles in the Accept-Language locale. With the token of a learner enrolled in the course, each lesson says whether they completed it. A draft is 404 to everyone but its trainer and admins.",
    auth: "optional",
    params: params("id"),
    responses: { 200: ok("The curriculum", Curriculum) },
    errors: [[404, "not_found"]],
  },
  {
    method: "post",
    route: "api/courses/:id/favorite",
    tag: "Catalog",
    summary: "Toggle a favourite",
    auth: "user",
    params: params("id"),
    responses: { 200: ok("Whether it is now a favourite", z.strictObject({ favorited: z.boolean() })) },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/courses/favorites/list",
    tag: "Catalog",
    summary: "The caller's favourite courses",
    auth: "user",
    responses: { 200: ok("Course cards", z.strictObject({ items: z.array(CourseCard) })) },
  },
  {
    method: "get",
    route: "api/course/enrollment",
    tag: "Enrollment",
    summary: "The caller's courses, newest first",
    auth: "user",
    responses: {
      200: ok(
        "Enrollments",
        z.strictObject({
          items: z.array(
            z.strictObject({
              course: z.strictObject({
                id: z.int(),
                title: z.string(),
                category: z.enum(COURSE_CATEGORIES),
                image: Image,
                instructorName: z.string(),
                lessonCount: z.int(),
              }),
              pricePaid: money,
              enrolledAt: isoDate,
            }),
          ),
        }),
      ),
    },
  },
  {
    method: "post",
    route: "api/course/enrollment/:courseId",
    tag: "Enrollment",
    summary: "Buy one course with the wallet",
    description:
      "409 when the balance is short; a course already owned is listed in `alreadyOwned`. The JSON body is " +
      "optional: `{couponCode}` applies a coupon (422 with `fields.couponCode` when it cannot be used).",
    auth: "user",
    params: params("courseId"),
    body: json(EnrollOneInput, "Optional"),
    responses: { 200: ok("What was bought and charged", Purchase) },
    errors: [[404, "not_found"], ...(purchaseErrors ?? [])],
  },
  {
    method: "post",
    route: "api/course/enrollment/bulk/enroll",
    tag: "Enrollment",
    summary: "Buy several courses at once",
    auth: "user",
    body: json(BulkEnrollInput),
    responses: { 200: ok("What was bought and charged", Purchase) },
    errors: purchaseErrors,
  },
];
