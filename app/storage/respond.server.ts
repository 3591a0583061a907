// A stored object as an HTTP response, streamed through the app (decision 047): GET and HEAD, with byte
// ranges (206, 416), never buffered whole. The route decides who may have it and adds its own headers.
import { Readable } from "node:stream";
import { parseRange } from "./range";
import type { ObjectStorage } from "./storage";

export async function storedObjectResponse(
  request: Request,
  storage: ObjectStorage,
  key: string,
  options: { contentType?: string; headers: Record<string, string> },
): Promise<Response | null> {
  const info = await storage.head(key);
  if (!info) return null;
  const size = info.size;
  const headers: Record<string, string> = {
    "Content-Type": options.contentType ?? info.contentType,
    "Accept-Ranges": "bytes",
    ...options.headers,
  };
  const range = parseRange(request.headers.get("range"), size);
  if (range.kind === "unsatisfiable")
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  const head = request.method.toUpperCase() === "HEAD";
  if (range.kind === "full") {
    const object = head ? null : await storage.get(key);
    if (!head && !object) return null;
    return new Response(object ? (Readable.toWeb(object.body) as ReadableStream) : null, {
      headers: { ...headers, "Content-Length": String(size) },
    });
  }
  const { start, end } = range;
  const object = head ? null : await storage.get(key, { start, end });
  if (!head && !object) return null;
  return new Response(object ? (Readable.toWeb(object.body) as ReadableStream) : null, {
    status: 206,
    headers: {
      ...headers,
      "Content-Length": String(end - start + 1),
      "Content-Range": `bytes ${start}-${end}/${size}`,
    },
  });
}
