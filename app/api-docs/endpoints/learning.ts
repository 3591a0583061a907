// Progress and the player (app/routes/api/course-progress.ts, lesson-progress.ts, lecture-play.ts).
import { z } from "zod";
import { ProgressJson } from "../../learning/inputs";
import { type EndpointDoc, isoDate, json, ok, params } from "../registry";

const accessErrors: EndpointDoc["errors"] = [
  [403, "forbidden"],
  [404, "not_found"],
];

export const learningEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/courses/:courseId/progress",
    tag: "Learning",
    summary: "The caller's progress in a course",
    auth: "user",
    params: params("courseId"),
    responses: {
      200: ok(
        "Progress per lesson",
        z.strictObject({
          completedLessons: z.int(),
          totalLessons: z.int(),
          percent: z.number(),
          lastLessonId: z.int().nullable(),
          lessons: z.array(
            z.strictObject({ id: z.int(), completed: z.boolean(), positionSeconds: z.number() }),
          ),
        }),
      ),
    },
    errors: accessErrors,
  },
  {
    method: "post",
    route: "api/courses/:courseId/lessons/:lessonId/progress",
    tag: "Learning",
    summary: "Record the position in a lesson and whether it is finished",
    auth: "user",
    params: params("courseId", "lessonId"),
    body: json(ProgressJson),
    responses: {
      200: ok(
        "The stored progress",
        z.strictObject({
          progress: z.strictObject({
            lessonId: z.int(),
            positionSeconds: z.number(),
            completed: z.boolean(),
            completedAt: isoDate.nullable(),
            updatedAt: isoDate,
          }),
        }),
      ),
    },
    errors: [...(accessErrors ?? []), [409, "not_watched"], [409, "quiz_lesson"]],
  },
  {
    method: "get",
    route: "api/courses/:courseId/lecture/:lectureId/play",
    tag: "Learning",
    summary: "What a player needs for one lesson",
    description:
      "`video` is null when the lesson has no video; a local video's `src` is the stream, which takes the same Bearer token. A free-preview lesson of a published course answers anyone, without a token too: `preview` is true and `progress` null, since nothing is recorded. Without a token any other lesson answers 401.",
    auth: "optional",
    params: params("courseId", "lectureId"),
    responses: {
      200: ok(
        "The lesson, its video and the caller's position",
        z.strictObject({
          lesson: z.strictObject({
            id: z.int(),
            title: z.string(),
            position: z.int(),
            kind: z.enum(["video", "article", "quiz"]),
          }),
          articleHtml: z
            .string()
            .optional()
            .describe("An article lesson's text as sanitized HTML, in the Accept-Language locale"),
          preview: z.boolean().describe("A free preview the caller does not hold: nothing is recorded"),
          video: z
            .strictObject({
              provider: z.enum(["local", "vimeo"]),
              status: z.enum(["uploading", "processing", "ready", "error"]),
              src: z.string().optional(),
              embedUrl: z.string().optional(),
              durationSeconds: z.number().optional(),
            })
            .nullable(),
          pdfUrl: z.string().optional(),
          captions: z
            .array(z.strictObject({ lang: z.enum(["en", "ar"]), src: z.string() }))
            .describe(
              "The lesson's caption files, one per language: `src` is GET /api/courses/{courseId}/lessons/{lessonId}/captions/{lang} (text/vtt), with the same token",
            ),
          progress: z.strictObject({ positionSeconds: z.number(), completed: z.boolean() }).nullable(),
        }),
      ),
    },
    errors: [[401, "unauthorized"], ...(accessErrors ?? [])],
  },
];
