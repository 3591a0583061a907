// The anonymous response cache answers here, in Express, before compression, the static files and React
// Router (decision 060): a hit costs a lookup and a write, not a Fetch Request, route matching and the
// middleware chain. The store, and the one rule for what is anonymous and what may be kept, are
// app/lib/response-cache.server.ts; React Router's root middleware fills it (app/middleware/
// response-cache.server.ts) with the miss this layer hands it, so there is one cache with one hit-or-miss
// decision, made here.
//
// A hit is the stored answer as it was first sent: its status and headers (the document's own
// Content-Security-Policy with the nonce its bytes carry, `Vary`), `Age`, and the body compressed once per
// entry in the encoding the request accepts. The headers of the middleware before this one (helmet's, and
// `Connection: close` while draining) are already on the response.
import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import type { CachedAnswer, ResponseCache } from "../app/lib/response-cache.server";
import {
  type CacheFill,
  forgetAnnouncedChanges,
  hearsPublicChanges,
  processResponseCache,
} from "../app/middleware/response-cache.server";

const fills = new WeakMap<IncomingMessage, CacheFill>();

/** The fill for React Router's router context: set when this layer passed on a miss it may store. */
export function responseCacheFill(req: IncomingMessage): CacheFill | null {
  return fills.get(req) ?? null;
}

/** A port of a Host-like header that makes no URL (React Router's adapter would fail on it: a 400). */
function unusablePort(host: string | undefined): boolean {
  const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
  return Number.isSafeInteger(port) && (port < 0 || port > 65_535);
}

/**
 * Whether the request reaches React Router as it would without this layer: a request whose URL the adapter
 * cannot make is left to fail there, as before.
 */
function urlCanBeMade(req: Request): boolean {
  if (unusablePort(req.headers.host)) return false;
  const forwarded = req.headers["x-forwarded-host"];
  return forwarded === undefined || !req.app.enabled("trust proxy") || !unusablePort(String(forwarded));
}

function answer(req: Request, res: Response, cache: ResponseCache, entry: CachedAnswer): void {
  const { body, encoding } = cache.bodyFor(entry, req.headers);
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) {
    // Content-Type through Express, which adds the charset as it did when React Router's adapter sent it.
    if (name === "content-type") res.set(name, value);
    else if (!res.hasHeader(name)) res.setHeader(name, value);
    // Added to what earlier middleware set, as the adapter's `res.append` did: CORS's `Vary: Origin` on the
    // API stays, in one Vary header as the compression middleware used to leave it.
    else if (name === "vary") res.setHeader(name, `${[res.getHeader(name)].flat().join(", ")}, ${value}`);
    else res.append(name, value);
  }
  // As HTTP caches do: an answer served from the cache says how old it is.
  res.setHeader("age", String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))));
  if (encoding) res.setHeader("content-encoding", encoding);
  res.setHeader("content-length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/** The Express middleware: answers a hit, or passes the request on (a GET that may fill, with its fill). */
export function anonymousResponseCache(): RequestHandler {
  return (req, res, next) => {
    const cache = processResponseCache();
    const key = cache?.keyFor(req.method, req.originalUrl, req.headers) ?? null;
    if (!cache || key === null || !urlCanBeMade(req)) return next();
    const onward = () => {
      if (req.method === "GET") fills.set(req, { key, headers: req.headers });
      next();
    };
    // Until the cache hears every public change it serves nothing; the fill starts it listening.
    if (!hearsPublicChanges()) return onward();
    forgetAnnouncedChanges(cache);
    const stored = cache.get(key, req.headers);
    if (stored) return answer(req, res, cache, stored);
    const running = cache.inFlight(key);
    if (!running) return onward();
    // Concurrent misses of one URL wait for one rendering.
    running.then(() => {
      const filled = cache.get(key, req.headers);
      if (filled) answer(req, res, cache, filled);
      else onward();
    }, next);
  };
}
