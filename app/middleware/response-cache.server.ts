// The process's anonymous response cache (app/lib/response-cache.server.ts) and the root middleware that fills
// it. Answering from it is the Express app's job, before compression, the static files and React Router
// (server/response-cache.ts, decision 060): it decides hit or miss, and hands a miss that may be stored to
// React Router as a fill on the router context. This middleware runs first among the root middleware, so
// what it stores is the answer every other middleware has shaped (`Vary: Save-Data` on pages, the API's
// `Vary: Accept-Language`). One cache per server process, emptied whenever a public change to the server's
// database is committed by any server.
import { createContext, type MiddlewareFunction } from "react-router";
import { readConfig } from "../config.server";
import { getDatabase } from "../db/client.server";
import { allAnnouncements, onPublicChange, publicChangesListening } from "../db/public-changes.server";
import {
  type CachedAnswer,
  createResponseCache,
  type RequestHeaders,
  type ResponseCache,
} from "../lib/response-cache.server";

/**
 * A miss the Express app found storable: the key it looked up and the request headers it read, so the
 * answer is stored exactly where the next lookup will look. Absent (null) where no Express app runs in front
 * (the Vite development server, tests that call React Router directly): nothing is stored there.
 */
export type CacheFill = { key: string; headers: RequestHeaders };

export const cacheFillContext = createContext<CacheFill | null>(null);

let processCache: ResponseCache | null | undefined;
/** This process's announcements when the cache was last emptied: a new one empties it at once. */
let announcementsSeen = 0;

/** The process's cache, or null when PUBLIC_CACHE_SECONDS=0. */
export function processResponseCache(): ResponseCache | null {
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
/** The same, known without waiting: true once `hearing` resolved to true. */
let heard = false;

/** Empties `cache` on every public change to the server's database, once that database is open. */
function listenForChanges(cache: ResponseCache): Promise<boolean> {
  hearing ??= getDatabase().then(
    async ({ db }) => {
      onPublicChange(db, () => cache.invalidate());
      await publicChangesListening(db);
      heard = true;
      return true;
    },
    () => {
      hearing = null;
      return false;
    },
  );
  return hearing;
}

/** Whether the cache may serve: it hears every public change (otherwise a miss renders, and listens). */
export function hearsPublicChanges(): boolean {
  return heard;
}

/** Empties the cache if this process announced a change since it last looked (see announcePublicChange). */
export function forgetAnnouncedChanges(cache: ResponseCache): void {
  const announcements = allAnnouncements();
  if (announcementsSeen === announcements) return;
  announcementsSeen = announcements;
  cache.invalidate();
}

/** The answer to the request that filled `entry`, as stored (the encoding it accepts, no `Age`). */
function send(request: Request, cache: ResponseCache, entry: CachedAnswer): Response {
  const { body, encoding } = cache.bodyFor(entry, request.headers);
  const headers = new Headers(entry.headers);
  // Set before anything is written, so the compression middleware leaves the body alone.
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), { status: entry.status, headers });
}

export const responseCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const fill = context.get(cacheFillContext);
  const cache = processResponseCache();
  if (!fill || !cache || request.method.toUpperCase() !== "GET") return next();
  if (!(await listenForChanges(cache))) return next();
  forgetAnnouncedChanges(cache);
  const rendering = cache.begin(fill.key);
  try {
    const response = await next();
    if (!cache.isStorable(response.status, response.headers)) return response;
    const body = Buffer.from(await response.arrayBuffer());
    // A change announced here while this rendered empties the cache, so the rendering is not stored.
    forgetAnnouncedChanges(cache);
    const entry = cache.put(
      fill.key,
      fill.headers,
      { status: response.status, headers: response.headers, body },
      rendering,
    );
    return entry ? send(request, cache, entry) : new Response(new Uint8Array(body), response);
  } finally {
    rendering.done();
  }
};

/** At server start: open the database and start hearing its changes, so the first visitors are cached. */
export function startResponseCache(): void {
  const cache = processResponseCache();
  if (cache) void listenForChanges(cache);
}
