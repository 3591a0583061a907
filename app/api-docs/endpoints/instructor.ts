// The instructor studio's API (app/routes/api/instructor-*.ts).
import { z } from "zod";
import { COURSE_CATEGORIES } from "../../courses/categories";
import { COURSE_LANGUAGES } from "../../courses/course-languages";
import { InstructorProfileApiInput } from "../../instructors/profile";
import {
  ApiCourseCreate,
  ApiCourseUpdate,
  ApiLessonMove,
  ApiLessonUpdate,
  ApiNewLesson,
  ApiSection,
  LESSON_KINDS,
  MyCoursesQuery,
} from "../../studio/inputs";
import { type EndpointDoc, Image, isoDate, json, money, ok, paged, params } from "../registry";
import { CourseCard } from "./catalog";

const OwnProfile = z.strictObject({
  profile: z.strictObject({
    bio: z.string().nullable(),
    bioAr: z.string().nullable(),
    links: z.array(z.url()),
    avatarUrl: z.string().nullable(),
  }),
});

const StudioCourse = z.strictObject({
  id: z.int(),
  title: z.string(),
  titleAr: z.string().nullable(),
  description: z.string(),
  descriptionAr: z.string().nullable(),
  descriptionHtml: z.string(),
  descriptionArHtml: z.string().nullable(),
  category: z.enum(COURSE_CATEGORIES),
  outcomes: z.array(z.string()).describe("What the course teaches"),
  outcomesAr: z.array(z.string()).describe("Empty: the English list is shown in Arabic"),
  requirements: z.array(z.string()),
  requirementsAr: z.array(z.string()),
  audience: z.array(z.string()).describe("Whom the course is for"),
  audienceAr: z.array(z.string()),
  languages: z.array(z.enum(COURSE_LANGUAGES)).describe("The languages the course is taught in"),
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
  sections: z.array(
    z.strictObject({ id: z.int(), position: z.int(), title: z.string(), titleAr: z.string().nullable() }),
  ),
  lessons: z.array(
    z.strictObject({
      id: z.int(),
      sectionId: z.int(),
      kind: z.enum(LESSON_KINDS),
      position: z.int(),
      title: z.string(),
      titleAr: z.string().nullable(),
      durationMinutes: z.int().nullable(),
      pdfUrl: z.string().nullable(),
    }),
  ),
});

const Section = z.strictObject({
  id: z.int(),
  courseId: z.int(),
  position: z.int().describe("1-based, within the course"),
  title: z.string(),
  titleAr: z.string().nullable(),
});

const Lesson = z.strictObject({
  id: z.int(),
  courseId: z.int(),
  sectionId: z.int(),
  position: z.int().describe("1-based, course-wide: a section's lessons are a contiguous run"),
  kind: z.enum(LESSON_KINDS),
  title: z.string(),
  titleAr: z.string().nullable(),
  durationMinutes: z.int().nullable(),
  isFreePreview: z.boolean().describe("Anyone may open it from the course's page, guests included"),
  body: z.string().nullable().describe("An article's Markdown; null for other kinds"),
  bodyAr: z.string().nullable(),
  bodyHtml: z.string().nullable().describe("The Markdown rendered and sanitized once, on save"),
  bodyArHtml: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});

const sectionRefusals: EndpointDoc["errors"] = [
  [403, "forbidden"],
  [404, "not_found"],
  [422, "validation_failed"],
];

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
    route: "api/instructors/:id",
    tag: "Catalog",
    summary: "A teacher's public profile and published courses",
    description:
      "The bio in the Accept-Language language (the English one when there is no Arabic). 404 for anyone who is " +
      "not a trainer or admin, whose account is deleted, or who has no published course.",
    auth: "public",
    params: params("id"),
    responses: {
      200: ok(
        "The profile",
        z.strictObject({
          instructor: z.strictObject({
            id: z.uuid(),
            name: z.string(),
            bio: z.string().nullable(),
            avatarUrl: z.string().nullable(),
            links: z.array(z.url()),
            courses: z.array(CourseCard),
          }),
        }),
      ),
    },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/instructor/profile",
    tag: "Instructor",
    summary: "Your own teaching profile, both languages as typed",
    auth: "staff",
    responses: { 200: ok("The profile", OwnProfile) },
  },
  {
    method: "put",
    route: "api/instructor/profile",
    tag: "Instructor",
    summary: "Save your teaching profile",
    description:
      "`bio` and `bioAr` (at most 1,500 characters each; empty or null clears), `links` (at most four https " +
      "addresses) and optionally `photo`: `{public_id}` of one of your uploaded images, or null to remove it. " +
      "404 when the photo is not an image you uploaded.",
    auth: "staff",
    body: json(InstructorProfileApiInput),
    responses: { 200: ok("The profile as saved", OwnProfile) },
    errors: [[404, "not_found"]],
  },
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
  {
    method: "post",
    route: "api/instructor/course/:id/sections",
    tag: "Instructor",
    summary: "Add a section at the end of a course",
    auth: "staff",
    params: params("id"),
    body: json(ApiSection),
    responses: { 201: ok("The section", z.strictObject({ section: Section })) },
    errors: sectionRefusals,
  },
  {
    method: "put",
    route: "api/instructor/sections/:id",
    tag: "Instructor",
    summary: "Rename a section",
    auth: "staff",
    params: params("id"),
    body: json(ApiSection),
    responses: { 200: ok("The section", z.strictObject({ section: Section })) },
    errors: sectionRefusals,
  },
  {
    method: "delete",
    route: "api/instructor/sections/:id",
    tag: "Instructor",
    summary: "Delete an empty section",
    description:
      "409 `section_not_empty` while it holds lessons (move or delete them first), 409 `last_section` for a course's only section.",
    auth: "staff",
    params: params("id"),
    responses: { 204: ok("Deleted") },
    errors: [...(sectionRefusals ?? []), [409, "section_not_empty"], [409, "last_section"]],
  },
  {
    method: "post",
    route: "api/instructor/sections/:id/lessons",
    tag: "Instructor",
    summary: "Add a video, article or quiz lesson at the end of a section",
    description:
      "An article's `body` is Markdown, rendered and sanitized once. A quiz starts with default settings and no questions (PUT …/quiz).",
    auth: "staff",
    params: params("id"),
    body: json(ApiNewLesson),
    responses: { 201: ok("The lesson", z.strictObject({ lesson: Lesson })) },
    errors: sectionRefusals,
  },
  {
    method: "put",
    route: "api/instructor/lessons/:id",
    tag: "Instructor",
    summary: "Change a lesson's titles, duration, (an article's) body and its free preview",
    description:
      "A lesson's kind never changes; `body` is ignored for a video or a quiz. `isFreePreview` (any kind) opens the lesson to everyone from a published course's page, as the studio's switch does; left as it is when absent.",
    auth: "staff",
    params: params("id"),
    body: json(ApiLessonUpdate),
    responses: { 200: ok("The lesson", z.strictObject({ lesson: Lesson })) },
    errors: sectionRefusals,
  },
  {
    method: "delete",
    route: "api/instructor/lessons/:id",
    tag: "Instructor",
    summary: "Delete a lesson",
    description: "409 `cannot_publish` for the last lesson of a published course.",
    auth: "staff",
    params: params("id"),
    responses: { 204: ok("Deleted") },
    errors: [...(sectionRefusals ?? []), [409, "cannot_publish"]],
  },
  {
    method: "post",
    route: "api/instructor/lessons/:id/move",
    tag: "Instructor",
    summary: "Move a lesson into a section of its course, at a 1-based place there",
    description: "A position past the section's end puts it last.",
    auth: "staff",
    params: params("id"),
    body: json(ApiLessonMove),
    responses: { 200: ok("The lesson", z.strictObject({ lesson: Lesson })) },
    errors: sectionRefusals,
  },
];
