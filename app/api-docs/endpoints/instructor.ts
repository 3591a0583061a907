// The instructor studio's API (app/routes/api/instructor-*.ts).
import { z } from "zod";
import { COURSE_CATEGORIES } from "../../courses/categories";
import { ApiCourseCreate, ApiCourseUpdate, MyCoursesQuery } from "../../studio/inputs";
import { type EndpointDoc, Image, isoDate, json, money, ok, paged, params } from "../registry";

const StudioCourse = z.strictObject({
  id: z.int(),
  title: z.string(),
  titleAr: z.string().nullable(),
  description: z.string(),
  descriptionAr: z.string().nullable(),
  descriptionHtml: z.string(),
  descriptionArHtml: z.string().nullable(),
  category: z.enum(COURSE_CATEGORIES),
  price: money,
  currency: z.string(),
  image: Image,
  instructor: z.strictObject({ name: z.string() }),
  lessonCount: z.int(),
  isPublished: z.boolean(),
  trainerId: z.uuid(),
  enrollmentCount: z.int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  lessons: z.array(
    z.strictObject({
      id: z.int(),
      position: z.int(),
      title: z.string(),
      titleAr: z.string().nullable(),
      durationMinutes: z.int().nullable(),
      pdfUrl: z.string().nullable(),
    }),
  ),
});

const refusals: EndpointDoc["errors"] = [
  [403, "forbidden"],
  [404, "not_found"],
  [409, "cannot_publish"],
  [409, "has_enrollments"],
  [422, "validation_failed"],
];

export const instructorEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/instructor/my-courses",
    tag: "Instructor",
    summary: "The caller's courses, drafts included",
    description: "An admin gets every course, or one trainer's with `trainerId`.",
    auth: "staff",
    query: MyCoursesQuery,
    responses: {
      200: ok(
        "A page of courses",
        paged(
          z.strictObject({
            id: z.int(),
            title: z.string(),
            titleAr: z.string().nullable(),
            isPublished: z.boolean(),
            image: Image,
            trainerId: z.uuid(),
            instructor: z.strictObject({ name: z.string() }),
            lessonCount: z.int(),
            enrollmentCount: z.int(),
            updatedAt: isoDate,
          }),
        ),
      ),
    },
  },
  {
    method: "post",
    route: "api/instructor/course",
    tag: "Instructor",
    summary: "Create a course, optionally with lessons, published when complete",
    auth: "staff",
    body: json(ApiCourseCreate),
    responses: { 201: ok("The course", z.strictObject({ course: StudioCourse })) },
    errors: refusals,
  },
  {
    method: "put",
    route: "api/instructor/course/:id",
    tag: "Instructor",
    summary: "Change a course (partial; `lessons` is the whole ordered curriculum)",
    auth: "staff",
    params: params("id"),
    body: json(ApiCourseUpdate),
    responses: { 200: ok("The course", z.strictObject({ course: StudioCourse })) },
    errors: refusals,
  },
  {
    method: "delete",
    route: "api/instructor/course/:id",
    tag: "Instructor",
    summary: "Delete a course (409 while learners are enrolled)",
    auth: "staff",
    params: params("id"),
    responses: { 204: ok("Deleted") },
    errors: refusals,
  },
];
