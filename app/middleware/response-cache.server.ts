// Root middleware answering anonymous GET and HEAD requests from the response cache
// (app/lib/response-cache.server.ts) and filling it. It runs first, so a stored answer skips every other
// middleware and loader, and what it stores is the answer every other middleware has shaped (the API's
// `Vary: Accept-Language`). One cache per server process, emptied whenever a public change to the server's
// database is committed by any server.
import type { MiddlewareFunction } from "react-router";
import { readConfig } from "../config.server";
import { getDatabase } from "../db/client.server";
import { allAnnouncements, onPublicChange, publicChangesListening } from "../db/public-changes.server";
import { type CachedAnswer, createResponseCache, type ResponseCache } from "../lib/response-cache.server";

let processCache: ResponseCache | null | undefined;
/** This process's announcements when the cache was last emptied: a new one empties it at once. */
let announcementsSeen = 0;

/** The process's cache, or null when PUBLIC_CACHE_SECONDS=0. */
function responseCache(): ResponseCache | null {
  if (processCache === undefined) {
    const seconds = readConfig().publicCacheSeconds;
    processCache = seconds > 0 ? createResponseCache({ ttlMs: seconds * 1000 }) : null;
  }
  return processCache;
}

/**
 * Resolves to whether the cache hears the database's public changes: until it does, it neither serves nor
 * stores. Null until asked; asked again after a failure (the database middleware answers for that one).
 */
let hearing: Promise<boolean> | null = null;

/** Empties `cache` on every public change to the server's database, once that database is open. */
function listenForChanges(cache: ResponseCache): Promise<boolean> {
  hearing ??= getDatabase().then(
    async ({ db }) => {
      onPublicChange(db, () => cache.invalidate());
      await publicChangesListening(db);
      return true;
    },
    () => {
      hearing = null;
      return false;
    },
  );
  return hearing;
}

/** Empties the cache if this process announced a change since it last looked (see announcePublicChange). */
function forgetAnnouncedChanges(cache: ResponseCache) {
  const announcements = allAnnouncements();
  if (announcementsSeen === announcements) return;
  announcementsSeen = announcements;
  cache.invalidate();
}

function send(request: Request, cache: ResponseCache, entry: CachedAnswer, hit: boolean): Response {
  const { body, encoding } = cache.bodyFor(entry, request.headers);
  const headers = new Headers(entry.headers);
  // As HTTP caches do: an answer served from the cache says how old it is.
  if (hit) headers.set("Age", String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))));
  headers.append("Vary", "Accept-Encoding");
  // Set before anything is written, so the compression middleware leaves the body alone.
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), {
    status: entry.status,
    headers,
  });
}

export const responseCacheMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const cache = responseCache();
  const key = cache?.keyFor(request.method.toUpperCase(), request.url, request.headers) ?? null;
  if (!cache || key === null) return next();
  if (!(await listenForChanges(cache))) return next();
  forgetAnnouncedChanges(cache);
  let stored = cache.get(key, request.headers);
  const running = stored ? undefined : cache.inFlight(key);
  if (running) {
    await running;
    stored = cache.get(key, request.headers);
  }
  if (stored) return send(request, cache, stored, true);
  // A HEAD that missed is answered as usual; only a GET can fill the cache.
  if (request.method.toUpperCase() !== "GET") return next();
  const fill = cache.begin(key);
  try {
    const response = await next();
    if (!cache.isStorable(response.status, response.headers)) return response;
    const body = Buffer.from(await response.arrayBuffer());
    // A change announced here while this rendered empties the cache, so the rendering is not stored.
    forgetAnnouncedChanges(cache);
    const entry = cache.put(
      key,
      request.headers,
      { status: response.status, headers: response.headers, body },
      fill,
    );
    return entry ? send(request, cache, entry, false) : new Response(new Uint8Array(body), response);
  } finally {
    fill.done();
  }
};

/** At server start: open the database and start hearing its changes, so the first visitors are cached. */
export function startResponseCache(): void {
  const cache = responseCache();
  if (cache) void listenForChanges(cache);
}

/** For tests and the bench: the process's cache, or null when it is off. */
export function processResponseCache(): ResponseCache | null {
  return responseCache();
}
