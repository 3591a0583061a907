// GET /media/raw/:publicId: a lesson's PDF, for those who may open its lesson (app/access/policy.ts:
// enrolled learners, the course's trainer, admins, and anyone for a free preview) and for whoever uploaded
// it. Never a public URL: our store streams the file from the object storage after the check, with byte
// ranges (decision 047); Cloudinary gets a short-lived signed URL.
import { accessToLessonPdf } from "../access/access.server";
import { getUser, loginRedirect } from "../auth/guards.server";
import { getDb } from "../db/context";
import { getMediaStore } from "../media/context.server";
import { UPLOADED_FILE_HEADERS } from "../media/delivery";
import { findUpload } from "../media/media.server";
import { PUBLIC_ID_PATTERN } from "../media/store.server";
import { storedObjectResponse } from "../storage/respond.server";
import type { Route } from "./+types/media-raw";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!PUBLIC_ID_PATTERN.test(params.publicId)) return new Response("Not Found", { status: 404 });
  const db = getDb(context);
  const upload = await findUpload(db, params.publicId);
  if (upload?.resourceType !== "raw") return new Response("Not Found", { status: 404 });
  const access = await accessToLessonPdf(db, user, upload);
  if (!access.ok && access.reason === "sign_in") throw loginRedirect(request);
  if (!access.ok && access.reason === "not_found") return new Response("Not Found", { status: 404 });
  if (!access.ok) return new Response("Forbidden", { status: 403 });

  const delivery = await getMediaStore(context).deliverRaw(upload.publicId);
  if (delivery.kind === "missing") return new Response("Not Found", { status: 404 });
  if (delivery.kind === "redirect") {
    return new Response(null, {
      status: 302,
      headers: { Location: delivery.url, "Cache-Control": "private, no-store" },
    });
  }
  const response = await storedObjectResponse(request, delivery.storage, delivery.key, {
    contentType: delivery.contentType,
    headers: {
      "Content-Disposition": `inline; filename="${upload.publicId}.pdf"`,
      // Access depends on who asks: never stored by shared caches.
      "Cache-Control": "private, max-age=300",
      ...UPLOADED_FILE_HEADERS,
    },
  });
  return response ?? new Response("Not Found", { status: 404 });
}
