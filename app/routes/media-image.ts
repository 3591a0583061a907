// GET /media/images/:file: images of the embedded media store, immutable (every upload gets a new name),
// so browsers and proxies may keep them for a year. With Cloudinary configured, images live there instead.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { UPLOADED_FILE_HEADERS } from "../media/delivery";
import { localImagePath } from "../media/local-store.server";
import { getMediaStore } from "../middleware/media.server";
import type { Route } from "./+types/media-image";

export async function loader({ context, params }: Route.LoaderArgs) {
  const store = getMediaStore(context);
  const file =
    store.name === "local" && "root" in store ? localImagePath(String(store.root), params.file) : null;
  if (!file) return new Response("Not Found", { status: 404 });
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    return new Response("Not Found", { status: 404 });
  }
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(size),
      "Cache-Control": "public, max-age=31536000, immutable",
      ...UPLOADED_FILE_HEADERS,
    },
  });
}
