// GET /media/images/:file: images of our own media store, streamed from the object storage, immutable
// (every upload gets a new name), so browsers and proxies may keep them for a year. With Cloudinary
// configured, images live there instead.

import { getMediaStore } from "../media/context.server";
import { UPLOADED_FILE_HEADERS } from "../media/delivery";
import { storedObjectResponse } from "../storage/respond.server";
import type { Route } from "./+types/media-image";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const delivery = await getMediaStore(context).deliverImage(params.file);
  if (delivery.kind !== "stored") return new Response("Not Found", { status: 404 });
  const response = await storedObjectResponse(request, delivery.storage, delivery.key, {
    contentType: delivery.contentType,
    headers: { "Cache-Control": "public, max-age=31536000, immutable", ...UPLOADED_FILE_HEADERS },
  });
  return response ?? new Response("Not Found", { status: 404 });
}
