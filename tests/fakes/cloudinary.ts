// A local HTTP server that speaks the part of Cloudinary's upload API the media adapter uses (upload and
// destroy) and, like Cloudinary, refuses any request whose signature does not match the API secret.
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeCloudinary = {
  url: string;
  /** What was stored, by public id: the bytes as received and how. */
  files: Map<string, { bytes: Uint8Array; resourceType: string; type: string }>;
  /** Every request with whether its signature verified. */
  requests: { path: string; signed: boolean; params: Record<string, string> }[];
  close: () => Promise<void>;
};

/** Cloudinary's rule: every parameter but these, without empty values, sorted, k=v joined by &, + secret, SHA-1. */
export function cloudinarySignature(params: Record<string, string>, secret: string): string {
  const skip = new Set(["file", "cloud_name", "resource_type", "api_key", "signature"]);
  const payload = Object.keys(params)
    .filter((key) => !skip.has(key) && params[key] !== "")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");
  return createHash("sha1")
    .update(payload + secret)
    .digest("hex");
}

async function readForm(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request("http://fake/", {
    method: "POST",
    headers: { "content-type": req.headers["content-type"] ?? "application/x-www-form-urlencoded" },
    body: Buffer.concat(chunks),
  }).formData();
}

export async function startFakeCloudinary({
  cloud,
  apiKey,
  secret,
}: {
  cloud: string;
  apiKey: string;
  secret: string;
}) {
  const files: FakeCloudinary["files"] = new Map();
  const requests: FakeCloudinary["requests"] = [];
  const server: Server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const match = /^\/v1_1\/([^/]+)\/(image|raw|video)\/(upload|destroy)$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match || match[1] !== cloud)
      return reply(404, { error: { message: "Not found" } });
    const [, , resourceType = "image", operation] = match;
    const form = await readForm(req);
    const params: Record<string, string> = {};
    let file: File | null = null;
    for (const [key, value] of form) {
      if (typeof value === "string") params[key] = value;
      else if (key === "file") file = value;
    }
    const expected = Buffer.from(cloudinarySignature(params, secret));
    const given = Buffer.from(params.signature ?? "");
    const signed =
      params.api_key === apiKey && expected.length === given.length && timingSafeEqual(expected, given);
    requests.push({ path: req.url ?? "", signed, params });
    if (!signed) return reply(401, { error: { message: "Invalid Signature" } });
    const publicId = params.public_id ?? "";
    if (operation === "destroy") {
      const existed = files.delete(publicId);
      return reply(200, { result: existed ? "ok" : "not found" });
    }
    if (!file) return reply(400, { error: { message: "Missing required parameter - file" } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = params.type ?? "upload";
    files.set(publicId, { bytes, resourceType, type });
    return reply(200, {
      public_id: publicId,
      resource_type: resourceType,
      type,
      bytes: bytes.byteLength,
      ...(resourceType === "image" ? { width: 1200, height: 675, format: "png" } : {}),
      secure_url: `https://res.cloudinary.com/${cloud}/${resourceType}/${type}/v1/${publicId}`,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    files,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies FakeCloudinary;
}
