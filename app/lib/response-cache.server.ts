// A shared cache for anonymous responses, kept for a few seconds in the server process: what a reverse proxy
// such as Varnish does with its default rules, built into the server so `npm start` has it
// (docs/decisions/024-server-render-cost.md, 060-anonymous-cache-before-the-framework.md). The Express app
// answers from it before compression, the static files and React Router (server/response-cache.ts), and
// the root middleware `responseCacheMiddleware` fills it with what React Router rendered; this part decides
// what may be kept and keeps it.
//
// What it may serve and store, and why that keeps every visitor's own data out of it:
//  - only GET and HEAD requests that carry no Cookie and no Authorization header: such a request renders
//    nothing that belongs to anyone (no session, no cart, no toast), so its answer is the same for every
//    visitor who sends the same URL;
//  - only complete 200 answers to GET, of the app's own kinds (HTML documents, React Router's data
//    answers, JSON), that set no cookie and do not say `Cache-Control: private`, `no-store` or `no-cache`;
//  - the key is the request's target (path and query, as the client sent it) plus the request headers the
//    answer names in `Vary` (pages vary on Save-Data, the API on Accept-Language); `Vary: *` is never stored.
//    Not the origin: no answer depends on the Host header (absolute links use the configured public origin,
//    docs/decisions/042-one-public-origin.md), and a key holding it would let a client fill the cache with
//    one entry per Host it makes up.
// Freshness: an entry lives `ttlMs`; `invalidate()` drops everything at once (a committed public change,
// app/db/public-changes.server.ts, calls it on every server), and an answer whose rendering began before an
// invalidation is not stored.
//
// A stored HTML document keeps the CSP nonce it was rendered with for its few seconds: the document is
// served byte for byte as rendered, so the nonce can only ever vouch for markup that was in it when the
// nonce was drawn — the property a nonce exists to give. Keeping the body exact is also what lets the
// compressed variants be made once per entry instead of once per request.
import type { IncomingHttpHeaders } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import Negotiator from "negotiator";

const STORABLE_TYPES = /^(?:text\/html|text\/x-script|application\/json)\b/i;
const UNCACHEABLE_DIRECTIVES = /(?:^|,)\s*(?:private|no-store|no-cache)\b/i;
/** Below this many bytes compression is not worth a header (the compression middleware's own threshold). */
const COMPRESSION_THRESHOLD = 1024;
/** The encodings offered for stored bodies, in the compression middleware's order of preference. */
const ENCODINGS = ["br", "gzip", "identity"];
const PREFERRED_ENCODINGS = ["br", "gzip"];

/** The longest lifetime PUBLIC_CACHE_SECONDS may ask for: the cache is for bursts, not for hours. */
export const MAX_CACHE_SECONDS = 300;

/** PUBLIC_CACHE_SECONDS: how long anonymous answers are kept (default 5; 0 turns the cache off). */
export function parseCacheSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 5;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_CACHE_SECONDS)
    throw new RangeError(
      `PUBLIC_CACHE_SECONDS must be a whole number of seconds from 0 to ${MAX_CACHE_SECONDS}; got "${value}".`,
    );
  return seconds;
}

/**
 * The request headers the cache reads: Fetch's `Headers` (React Router's request) or Node's (Express's
 * `req.headers`, lower-case names). Both layers of one request must read the same values, so the fill is
 * handed the Node headers the lookup read (server/response-cache.ts).
 */
export type RequestHeaders = Headers | IncomingHttpHeaders;

/** One request header's value, repeated fields joined with ", " (as both Node and Fetch join them). */
export function requestHeader(headers: RequestHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

export type CachedAnswer = {
  status: number;
  /**
   * The answer's headers as stored: without Content-Length and Content-Encoding (set per answer, for the
   * encoding sent), with `Accept-Encoding` in `Vary`.
   */
  headers: [string, string][];
  body: Buffer;
  storedAt: number;
  expiresAt: number;
  encoded: Map<string, Buffer>;
  bytes: number;
};

type Variants = { vary: string[]; entries: Map<string, CachedAnswer> };

export type ResponseCache = ReturnType<typeof createResponseCache>;

export function createResponseCache({
  ttlMs = 5_000,
  maxBytes = 32 * 1024 * 1024,
  maxEntryBytes = 2 * 1024 * 1024,
  now = () => Date.now(),
}: {
  ttlMs?: number;
  maxBytes?: number;
  maxEntryBytes?: number;
  now?: () => number;
} = {}) {
  /** URL → the variants stored for it; Map order is least recently used first. */
  const store = new Map<string, Variants>();
  /** Fills in progress by URL, so concurrent misses of one URL wait for one rendering. */
  const pending = new Map<string, Promise<void>>();
  let totalBytes = 0;
  let generation = 0;

  const varyKey = (vary: string[], headers: RequestHeaders) =>
    vary.map((name) => requestHeader(headers, name) ?? "").join("\u0000");
  /** Accept-Encoding values seen lately → the encoding chosen for them (a few distinct values in practice). */
  const negotiated = new Map<string, string | null>();

  function drop(key: string) {
    const variants = store.get(key);
    if (!variants) return;
    for (const entry of variants.entries.values()) totalBytes -= entry.bytes;
    store.delete(key);
  }

  function evict() {
    for (const key of store.keys()) {
      if (totalBytes <= maxBytes) return;
      drop(key);
    }
  }

  return {
    /**
     * The one rule for what is anonymous and shared: the cache key of a request that may be answered from the
     * cache (its target, path and query as sent), or null. Only origin-form targets ("/…"), the form every
     * browser sends.
     */
    keyFor(method: string, target: string, headers: RequestHeaders): string | null {
      if (ttlMs <= 0 || (method !== "GET" && method !== "HEAD")) return null;
      if (requestHeader(headers, "cookie") !== undefined) return null;
      if (requestHeader(headers, "authorization") !== undefined) return null;
      return target.startsWith("/") ? target : null;
    },

    /** A fresh stored answer for this request, or undefined. */
    get(key: string, headers: RequestHeaders): CachedAnswer | undefined {
      const variants = store.get(key);
      if (!variants) return undefined;
      const entry = variants.entries.get(varyKey(variants.vary, headers));
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        drop(key);
        return undefined;
      }
      // Most recently used goes last.
      store.delete(key);
      store.set(key, variants);
      return entry;
    },

    /**
     * Marks the start of a rendering for `key`: while it runs, other misses of the same key can wait for it
     * (`inFlight`). Returns what `put` and `done` need.
     */
    begin(key: string) {
      let finish = () => {};
      const settled = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const first = !pending.has(key);
      if (first) pending.set(key, settled);
      return {
        generation,
        done() {
          if (first && pending.get(key) === settled) pending.delete(key);
          finish();
        },
      };
    },

    /** The rendering another request started for `key`, if one is running. */
    inFlight(key: string): Promise<void> | undefined {
      return pending.get(key);
    },

    /** Whether an answer may be stored (before its body is read). */
    isStorable(status: number, responseHeaders: Headers): boolean {
      if (status !== 200 || responseHeaders.has("set-cookie")) return false;
      if (UNCACHEABLE_DIRECTIVES.test(responseHeaders.get("cache-control") ?? "")) return false;
      if ((responseHeaders.get("vary") ?? "").includes("*")) return false;
      return STORABLE_TYPES.test(responseHeaders.get("content-type") ?? "");
    },

    /**
     * Stores an answer read in full, unless an invalidation happened since its rendering began or it is too
     * big. Returns the entry, or undefined when not stored.
     */
    put(
      key: string,
      requestHeaders: RequestHeaders,
      answer: { status: number; headers: Headers; body: Buffer },
      fill: { generation: number },
    ): CachedAnswer | undefined {
      if (fill.generation !== generation || answer.body.length > maxEntryBytes) return undefined;
      const vary = (answer.headers.get("vary") ?? "")
        .split(",")
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name !== "" && name !== "accept-encoding")
        .sort();
      const headers: [string, string][] = [];
      let varyNamed = false;
      for (const [name, value] of answer.headers) {
        if (name === "content-length" || name === "content-encoding") continue;
        if (name === "vary") {
          varyNamed = true;
          headers.push([name, /\baccept-encoding\b/i.test(value) ? value : `${value}, Accept-Encoding`]);
        } else headers.push([name, value]);
      }
      // Every stored answer may be sent compressed or not, as the request accepts.
      if (!varyNamed) headers.push(["vary", "Accept-Encoding"]);
      const storedAt = now();
      const entry: CachedAnswer = {
        status: answer.status,
        headers,
        body: answer.body,
        storedAt,
        expiresAt: storedAt + ttlMs,
        encoded: new Map(),
        bytes: answer.body.length,
      };
      let variants = store.get(key);
      if (!variants || variants.vary.join() !== vary.join()) {
        drop(key);
        variants = { vary, entries: new Map() };
      }
      const slot = varyKey(vary, requestHeaders);
      const previous = variants.entries.get(slot);
      if (previous) totalBytes -= previous.bytes;
      variants.entries.set(slot, entry);
      store.delete(key);
      store.set(key, variants);
      totalBytes += entry.bytes;
      evict();
      return entry;
    },

    /**
     * The body to send for `entry` and its Content-Encoding (null for identity), compressed once per entry
     * in the best encoding the request accepts.
     */
    bodyFor(entry: CachedAnswer, requestHeaders: RequestHeaders): { body: Buffer; encoding: string | null } {
      if (entry.body.length < COMPRESSION_THRESHOLD) return { body: entry.body, encoding: null };
      const acceptEncoding = requestHeader(requestHeaders, "accept-encoding");
      // No Accept-Encoding: identity (the compression middleware's answer too).
      if (!acceptEncoding) return { body: entry.body, encoding: null };
      let encoding = negotiated.get(acceptEncoding);
      if (encoding === undefined) {
        const chosen = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encoding(
          ENCODINGS,
          {
            preferred: PREFERRED_ENCODINGS,
          },
        );
        encoding = chosen === "br" || chosen === "gzip" ? chosen : null;
        if (negotiated.size >= 100) negotiated.clear();
        negotiated.set(acceptEncoding, encoding);
      }
      if (encoding === null) return { body: entry.body, encoding: null };
      let body = entry.encoded.get(encoding);
      if (!body) {
        body =
          encoding === "br"
            ? // The quality compression uses for live responses: fast enough to do on the request's time.
              brotliCompressSync(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
            : gzipSync(entry.body);
        entry.encoded.set(encoding, body);
        entry.bytes += body.length;
        totalBytes += body.length;
        evict();
      }
      return { body, encoding };
    },

    /** Drops every entry; renderings that began before this are not stored. */
    invalidate() {
      generation += 1;
      store.clear();
      totalBytes = 0;
    },

    /** For tests and the bench: how much is stored. */
    stats() {
      let entries = 0;
      for (const variants of store.values()) entries += variants.entries.size;
      return { entries, bytes: totalBytes, generation };
    },
  };
}
