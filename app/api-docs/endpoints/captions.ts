// Lesson captions (issue 36, decision 057): the trainer's upload and delete (app/routes/api/instructor-
// lesson-captions.ts) and the download for whoever may watch the lesson (lesson-captions.ts).
import { z } from "zod";
import { type EndpointDoc, isoDate, ok, pathId, textParams } from "../registry";

const lang = z.enum(["en", "ar"]).describe("The captions' language");
const captionFile = z.string().meta({ format: "binary" });

export const captionEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/courses/:courseId/lessons/:lessonId/captions/:lang",
    tag: "Learning",
    summary: "A lesson's captions in one language (WebVTT)",
    description:
      "Served to whoever may watch the lesson, under the video's own rule: enrolled learners, the course's trainer, admins; a free-preview lesson of a published course to anyone, without a token too. The WebVTT is normalised: no styles, no cue settings. Cached privately, with an ETag.",
    auth: "optional",
    params: textParams({ courseId: pathId, lessonId: pathId, lang }),
    responses: { 200: { description: "The captions", contentType: "text/vtt" } },
    errors: [
      [401, "unauthorized"],
      [403, "forbidden"],
      [404, "not_found"],
    ],
  },
  {
    method: "put",
    route: "api/instructor/lessons/:id/captions/:lang",
    tag: "Instructor",
    summary: "Add or replace a video lesson's captions in one language",
    description:
      "The body is the caption file itself: `text/vtt`, or `application/x-subrip` (converted to WebVTT), at most 1 MB of UTF-8. A file that does not parse, or whose cues end after the video (when its length is known), is refused with 422 `invalid_captions`, the message naming the line; nothing is stored. With Vimeo configured, the captions are then sent to the video's Vimeo text tracks by a job.",
    auth: "staff",
    params: textParams({ id: pathId, lang }),
    body: { schema: captionFile, contentType: "text/vtt" },
    alternativeBodies: [{ schema: captionFile, contentType: "application/x-subrip" }],
    responses: {
      200: ok(
        "The stored captions",
        z.strictObject({
          caption: z.strictObject({ lang, cueCount: z.int(), updatedAt: isoDate }),
        }),
      ),
    },
    errors: [
      [404, "not_found"],
      [409, "not_video_lesson"],
      [413, "payload_too_large"],
      [415, "unsupported_media_type"],
      [422, "invalid_captions"],
    ],
  },
  {
    method: "delete",
    route: "api/instructor/lessons/:id/captions/:lang",
    tag: "Instructor",
    summary: "Delete a lesson's captions in one language",
    description:
      "Deleting captions that are not there is not an error. Their Vimeo text track is deleted by a job.",
    auth: "staff",
    params: textParams({ id: pathId, lang }),
    responses: { 204: ok("Deleted") },
    errors: [[404, "not_found"]],
  },
];
