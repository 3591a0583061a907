// Lesson videos (app/routes/api/video-*.ts).
import { z } from "zod";
import { INT4_MAX, queryInteger } from "../../lib/validation";
import { CreateUploadLinkInput } from "../../video/api.server";
import { type EndpointDoc, json, ok, textParams } from "../registry";

const Uploaded = z.strictObject({
  videoId: z.string(),
  status: z.enum(["uploading", "processing", "ready", "error"]),
});

const upload = (route: string, summary: string): EndpointDoc => ({
  method: "post",
  route,
  tag: "Video",
  summary,
  description:
    "Multipart: `lessonId` first, then `file` (or `?lessonId=`). Streamed to disk; a file whose first bytes are not a video is refused with 415. Answers `processing`: a job then checks the whole file and attaches it to the lesson (`ready`, or `error` with the reason; follow it with video-status).",
  auth: "staff",
  query: z.object({ lessonId: queryInteger(1, INT4_MAX).optional() }),
  body: {
    schema: z.object({ lessonId: z.string(), file: z.string().meta({ format: "binary" }) }),
    contentType: "multipart/form-data",
  },
  responses: { 201: ok("The stored video", Uploaded) },
  errors: [
    [400, "bad_request"],
    [403, "forbidden"],
    [404, "not_found"],
    [413, "payload_too_large"],
    [415, "unsupported_media_type"],
  ],
});

const tusErrors: EndpointDoc["errors"] = [
  [401, "unauthorized"],
  [403, "forbidden"],
  [404, "not_found"],
  [410, "not_found"],
  [415, "unsupported_media_type"],
];

export const videoEndpoints: EndpointDoc[] = [
  {
    method: "post",
    route: "api/instructor/create-upload-link",
    tag: "Video",
    summary: "Get a tus upload link for a lesson's video",
    description: "Our own /api/videos/tus/{videoId}, or Vimeo's link when Vimeo is configured.",
    auth: "staff",
    body: json(CreateUploadLinkInput),
    responses: {
      201: ok(
        "The link",
        z.strictObject({ videoId: z.string(), uploadLink: z.string(), approach: z.literal("tus") }),
      ),
    },
    errors: [
      [403, "forbidden"],
      [404, "not_found"],
      [413, "payload_too_large"],
    ],
  },
  upload("api/instructor/upload-video", "Upload a lesson's video in one request"),
  upload("api/instructor/upload-video-with-progress", "The same upload, for clients that show progress"),
  {
    method: "get",
    route: "api/instructor/video-status/:id",
    tag: "Video",
    summary: "A video's upload and processing state",
    auth: "staff",
    params: textParams({ id: z.uuid() }),
    responses: {
      200: ok(
        "The state",
        z.strictObject({
          videoId: z.string(),
          status: z.enum(["uploading", "processing", "ready", "error"]),
          bytesReceived: z.int(),
          size: z.int(),
          durationSeconds: z.number().optional(),
          error: z.string().optional(),
        }),
      ),
    },
    errors: [
      [403, "forbidden"],
      [404, "not_found"],
    ],
  },
  {
    method: "head",
    route: "api/videos/tus/:videoId",
    tag: "Video",
    summary: "tus 1.0.0: the upload's offset",
    description: "Bearer token, or the studio's session cookie from the same origin.",
    auth: "tus",
    params: textParams({ videoId: z.uuid() }),
    responses: { 200: ok("Upload-Offset and Upload-Length headers") },
    errors: tusErrors,
  },
  {
    method: "patch",
    route: "api/videos/tus/:videoId",
    tag: "Video",
    summary: "tus 1.0.0: append bytes",
    auth: "tus",
    params: textParams({ videoId: z.uuid() }),
    body: {
      schema: z.string().meta({ format: "binary" }),
      contentType: "application/offset+octet-stream",
    },
    description:
      "After the last byte the video is `processing` until a job has checked the whole file and attached it to the lesson (follow it with video-status); a file whose first bytes are not a video is refused with 415.",
    responses: { 204: ok("Bytes stored; the new Upload-Offset header") },
    errors: tusErrors,
  },
  {
    method: "options",
    route: "api/videos/tus/:videoId",
    tag: "Video",
    summary: "tus 1.0.0: the server's capabilities",
    auth: "public",
    params: textParams({ videoId: z.uuid() }),
    responses: { 204: ok("Tus-Version, Tus-Extension and Tus-Max-Size headers") },
  },
];
