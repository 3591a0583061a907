// GET/HEAD /media/offline/:token: a lesson's file for offline viewing (issue 36; decision 058), through a
// signed link the lesson page or the downloads API made (app/learning/offline.server.ts). The link is the
// credential (a download manager sends no cookie), bound to one learner, lesson and file, and short-lived;
// the access rules are asked again here, and each fresh download counts against the learner's day.
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { offlineFileName } from "../learning/offline";
import { openOfflineLink } from "../learning/offline.server";
import { apiLocale } from "../lib/api.server";
import { getMediaStore } from "../media/context.server";
import { UPLOADED_FILE_HEADERS } from "../media/delivery";
import { storedObjectResponse } from "../storage/respond.server";
import { localVideoHost } from "../video/host.server";
import type { Route } from "./+types/media-offline";

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
      ...headers,
    },
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = getDb(context);
  // No locale in the URL (the link leaves the site): the browser's languages choose.
  const t = getI18n(context).getFixedT(apiLocale(request), "learning");
  const opening = await openOfflineLink(db, params.token, {
    method: request.method,
    range: request.headers.get("range"),
  });
  if (!opening.ok) {
    switch (opening.reason) {
      case "expired":
        return text(410, t("offline.linkExpired"));
      case "forbidden":
        return text(403, "Forbidden");
      case "allowance":
        return text(429, t("offline.allowanceUsed"), {
          "Retry-After": String(opening.retryAfterSeconds),
        });
      default:
        return text(404, "Not Found");
    }
  }
  const { grant, target } = opening;
  const headers = {
    "Content-Disposition": `attachment; filename="${offlineFileName(grant.courseId, grant.lessonId, grant.kind)}"`,
    // One learner's file: never kept by shared caches.
    "Cache-Control": "private, no-store",
    ...UPLOADED_FILE_HEADERS,
  };
  if (target.source === "captions")
    return new Response(request.method === "HEAD" ? null : target.vtt, {
      headers: { ...headers, "Content-Type": "text/vtt; charset=utf-8" },
    });
  if (target.source === "video") {
    const response = await storedObjectResponse(request, localVideoHost().storage, target.key, {
      contentType: target.contentType,
      headers,
    });
    return response ?? text(404, "Not Found");
  }
  const delivery = await getMediaStore(context).deliverRaw(target.publicId);
  if (delivery.kind === "missing") return text(404, "Not Found");
  // Cloudinary's own short-lived signed URL (decision 047).
  if (delivery.kind === "redirect")
    return new Response(null, {
      status: 302,
      headers: { Location: delivery.url, "Cache-Control": "private, no-store" },
    });
  const response = await storedObjectResponse(request, delivery.storage, delivery.key, {
    contentType: delivery.contentType,
    headers,
  });
  return response ?? text(404, "Not Found");
}
