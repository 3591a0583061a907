// Progress, the player and offline downloads (app/routes/api/course-progress.ts, lesson-progress.ts,
// lecture-play.ts, lesson-downloads.ts).
import { z } from "zod";
import { ProgressJson } from "../../learning/inputs";
import { type EndpointDoc, Image, isoDate, json, ok, params } from "../registry";
import { Certificate } from "./certificates";

const accessErrors: EndpointDoc["errors"] = [
  [403, "forbidden"],
  [404, "not_found"],
];

const HomeCourse = {
  courseId: z.int(),
  courseTitle: z.string(),
  image: Image,
  instructorName: z.string(),
  progressPercent: z.int(),
  completedLessons: z.int(),
  totalLessons: z.int(),
  lastLessonId: z.int().nullable(),
  lastLessonTitle: z.string().nullable(),
  enrolledAt: isoDate,
};

const LearnerHome = z.strictObject({
  continue: z
    .strictObject({
      courseId: z.int(),
      courseTitle: z.string(),
      lessonId: z.int(),
      lessonTitle: z.string(),
      progressPercent: z.int(),
    })
    .nullable(),
  inProgress: z.array(z.strictObject(HomeCourse)),
  completed: z.array(z.strictObject({ ...HomeCourse, certificate: Certificate.nullable() })),
  retryQuizzes: z.array(
    z.strictObject({
      courseId: z.int(),
      courseTitle: z.string(),
      lessonId: z.int(),
      lessonTitle: z.string(),
      scorePercent: z.int(),
      passPercent: z.int(),
      attemptsLeft: z.int().nullable(),
    }),
  ),
});

export const learningEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/me/learning",
    tag: "Learning",
    summary: "The caller's learning: where they left off, courses in progress and completed",
    description:
      "`continue` is the lesson touched last in a course not yet completed (null when none was begun). Completed courses carry their certificate in the shape of `GET /api/certificates`, issued when the last lesson was completed. A quiz waits for a retry when its last submitted attempt failed, none passed, and attempts are left (`attemptsLeft` null: no limit).",
    auth: "user",
    responses: { 200: ok("The caller's learning", LearnerHome) },
  },
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
          renditions: z
            .array(
              z.strictObject({
                quality: z.enum(["high", "low", "audio"]),
                src: z.string(),
                status: z.enum(["pending", "ready", "failed"]),
              }),
            )
            .describe(
              "A local video's ways to play, with the same token: `high` is the original; `low` (about 360p, 300 kbps H.264 and 48 kbps AAC) and `audio` (48 kbps AAC) are made by a background job and play once `ready`. Empty for Vimeo videos, whose player adapts by itself, and for lessons without a ready video.",
            ),
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
  {
    method: "get",
    route: "api/courses/:courseId/lessons/:lessonId/downloads",
    tag: "Learning",
    summary: "A lesson's files for offline viewing",
    description:
      "For those who hold the course (enrolled learners, its trainer, admins); a free preview offers nothing. Each `url` is a signed link, the credential itself (no token needed, so a download manager can follow it): it runs out at `expiresAt` (two hours), is bound to the caller, and is checked against the access rules again when followed. Each fresh download (not a resumed Range) counts against a daily allowance of `dailyLimit` files; past it the link answers 429 with Retry-After. `video` is the light rendition (about 360p), listed once it is made.",
    auth: "user",
    params: params("courseId", "lessonId"),
    responses: {
      200: ok(
        "The files, their links and the allowance left",
        z.strictObject({
          files: z.array(
            z.strictObject({
              kind: z.enum(["video", "audio", "pdf", "captions-en", "captions-ar"]),
              url: z.string().describe("GET /media/offline/{token}: the file as an attachment"),
              bytes: z.int().nullable(),
            }),
          ),
          expiresAt: isoDate,
          remainingToday: z.int(),
          dailyLimit: z.int(),
        }),
      ),
    },
    errors: [[401, "unauthorized"], ...(accessErrors ?? [])],
  },
];
