// Uploaded images and PDFs (app/routes/api/media-upload.ts, media-delete.ts).
import { z } from "zod";
import { type EndpointDoc, ok } from "../registry";

const file = z.string().meta({ format: "binary" });

export const mediaEndpoints: EndpointDoc[] = [
  {
    method: "post",
    route: "api/cloudinary/upload",
    tag: "Media",
    summary: "Upload an image (JPEG, PNG, WebP, AVIF ≤ 5 MB) or a PDF (≤ 20 MB)",
    description: "Judged by its bytes; stored in whichever media store is configured.",
    auth: "staff",
    body: { schema: z.object({ file }), contentType: "multipart/form-data" },
    responses: {
      201: ok(
        "The stored file",
        z.strictObject({
          url: z.string(),
          public_id: z.string(),
          resourceType: z.enum(["image", "raw"]),
          width: z.int().optional(),
          height: z.int().optional(),
        }),
      ),
    },
    errors: [
      [400, "bad_request"],
      [413, "payload_too_large"],
      [415, "unsupported_media_type"],
    ],
  },
  {
    method: "delete",
    route: "api/cloudinary/delete/:publicId/:resourceType?",
    tag: "Media",
    summary: "Delete an upload (its uploader or an admin)",
    description: "`resourceType` is `image` (the default) or `raw`; a file still in use is 409.",
    auth: "staff",
    params: z.object({ publicId: z.string(), resourceType: z.enum(["image", "raw"]).optional() }),
    responses: { 200: ok("Deleted", z.strictObject({ result: z.literal("ok") })) },
    errors: [
      [403, "forbidden"],
      [404, "not_found"],
      [409, "media_in_use"],
      [422, "validation_failed"],
    ],
  },
];
