// The Express glue to React Router's request handler (split in two, server/split-handler.mjs), with the
// anonymous response cache in front of it
// (server/response-cache.mjs). The Request is built exactly as @react-router/express 7.18 builds it
// (createRemixRequest, whose URL and header rules we keep); what is ours is the cache: a request it may
// answer skips React Router entirely, and a storable answer is read in full, stored, then sent.
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { PUBLIC_UNCHANGED_HEADER } from "./response-cache.mjs";
import { createSplitRequestHandler } from "./split-handler.mjs";

/** @param {import("express").Request} req */
function requestUrl(req) {
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const forwarded = Number.parseInt(forwardedPort ?? "", 10);
  const direct = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(direct) ? direct : "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

/** @param {import("express").Request} req @param {import("express").Response} res @param {URL} url */
function createRequest(req, res, url) {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  /** @type {AbortController | null} */
  let controller = new AbortController();
  /** @type {RequestInit & { duplex?: "half" }} */
  const init = { method: req.method, headers, signal: controller.signal };
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

const isClosed = (/** @type {import("express").Response} */ res) => res.destroyed || res.writableEnded;

/** @param {import("express").Response} res @param {Response} response */
async function sendResponse(res, response) {
  if (isClosed(res)) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    // Meant for server.mjs (it keeps the anonymous cache for this change), not for the client.
    if (name === PUBLIC_UNCHANGED_HEADER) res.locals.publicUnchanged = true;
    else res.append(name, value);
  }
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!isClosed(res)) throw error;
  }
}

/**
 * @param {import("express").Request} req @param {import("express").Response} res
 * @param {ReturnType<import("./response-cache.mjs").createResponseCache>} cache
 * @param {NonNullable<ReturnType<ReturnType<import("./response-cache.mjs").createResponseCache>["get"]>>} entry
 * @param {boolean} hit
 */
function sendStored(req, res, cache, entry, hit) {
  const { body, encoding } = cache.bodyFor(entry, req.headers);
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.append(name, value);
  // As HTTP caches do: an answer served from the cache says how old it is.
  if (hit) res.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))));
  res.append("Vary", "Accept-Encoding");
  // Set before anything is written, so the compression middleware leaves the body alone.
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Express middleware answering from the server build, with `cache` (or null for none).
 * @param {{ build: import("react-router").ServerBuild; mode: string; cache: ReturnType<import("./response-cache.mjs").createResponseCache> | null }} options
 * @returns {import("express").RequestHandler}
 */
export function createAppHandler({ build, mode, cache }) {
  const handleRequest = createSplitRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const url = requestUrl(req);
      const key = cache?.keyFor(req.method, url.href, req.headers) ?? null;
      if (!cache || key === null) {
        await sendResponse(res, await handleRequest(createRequest(req, res, url)));
        return;
      }
      let stored = cache.get(key, req.headers);
      const running = stored ? undefined : cache.inFlight(key);
      if (running) {
        await running;
        stored = cache.get(key, req.headers);
      }
      if (stored) {
        sendStored(req, res, cache, stored, true);
        return;
      }
      if (req.method !== "GET") {
        // A HEAD that missed is answered as usual; only a GET can fill the cache.
        await sendResponse(res, await handleRequest(createRequest(req, res, url)));
        return;
      }
      const fill = cache.begin(key);
      try {
        const response = await handleRequest(createRequest(req, res, url));
        if (!cache.isStorable(response.status, response.headers)) {
          await sendResponse(res, response);
          return;
        }
        const body = Buffer.from(await response.arrayBuffer());
        const entry = cache.put(
          key,
          req.headers,
          { status: response.status, headers: response.headers, body },
          fill,
        );
        if (entry) {
          if (!isClosed(res)) sendStored(req, res, cache, entry, false);
          return;
        }
        await sendResponse(res, new Response(body, response));
      } finally {
        fill.done();
      }
    } catch (error) {
      next(error);
    }
  };
}
