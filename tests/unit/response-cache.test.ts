// The anonymous response cache (app/lib/response-cache.server.ts): which requests and answers it takes, freshness,
// invalidation (including a rendering that began before it), Vary, the byte limit and compressed bodies.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createResponseCache } from "../../app/lib/response-cache.server";

/** Request headers as React Router's request has them (the Express layer reads Node's; see below). */
const req = (init: Record<string, string> = {}) => new Headers(init);

const URL_A = "http://localhost/courses";
const TARGET_A = "/courses";
const html = (extra: Record<string, string> = {}) =>
  new Headers({ "content-type": "text/html; charset=utf-8", ...extra });

function answer(body: string | Buffer, headers = html(), status = 200) {
  return { status, headers, body: Buffer.isBuffer(body) ? body : Buffer.from(body) };
}

function clock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("which requests may use the cache", () => {
  const cache = createResponseCache();
  it("takes GET and HEAD without Cookie or Authorization, keyed by the target's path and query alone", () => {
    expect(cache.keyFor("GET", TARGET_A, req())).toBe("/courses");
    expect(cache.keyFor("HEAD", TARGET_A, req({ "accept-language": "ar" }))).toBe("/courses");
    expect(cache.keyFor("GET", "/courses?page=2&q=a", req())).toBe("/courses?page=2&q=a");
    expect(cache.keyFor("GET", "/", req())).toBe("/");
  });

  it("keys every Host alike: no answer depends on it, and made-up hosts must not fill the cache", () => {
    const keys = ["localhost", "evil.example", "[::1]:8443"].map((host) =>
      cache.keyFor("GET", TARGET_A, req({ host })),
    );
    expect(new Set(keys)).toEqual(new Set(["/courses"]));
    // A target in absolute form names a host of its own: not taken.
    expect(cache.keyFor("GET", "http://evil.example/courses", req())).toBeNull();
  });

  it("never takes a request that carries a cookie or credentials, or changes state", () => {
    expect(cache.keyFor("GET", TARGET_A, req({ cookie: "manara_session=x" }))).toBeNull();
    expect(cache.keyFor("GET", TARGET_A, req({ cookie: "" }))).toBeNull();
    expect(cache.keyFor("GET", TARGET_A, req({ authorization: "Bearer t" }))).toBeNull();
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(cache.keyFor(method, TARGET_A, req())).toBeNull();
  });

  it("reads Node's request headers (the Express layer's) by the same rule", () => {
    expect(cache.keyFor("GET", TARGET_A, { "accept-language": "ar" })).toBe("/courses");
    expect(cache.keyFor("GET", TARGET_A, { cookie: "manara_session=x" })).toBeNull();
    expect(cache.keyFor("GET", TARGET_A, { cookie: "" })).toBeNull();
    expect(cache.keyFor("HEAD", TARGET_A, { authorization: "Bearer t" })).toBeNull();
  });

  it("is off with a zero lifetime", () => {
    expect(createResponseCache({ ttlMs: 0 }).keyFor("GET", TARGET_A, req())).toBeNull();
  });
});

describe("which answers it stores", () => {
  const cache = createResponseCache();
  it("stores complete 200 HTML, data and JSON answers", () => {
    expect(cache.isStorable(200, html())).toBe(true);
    expect(cache.isStorable(200, new Headers({ "content-type": "text/x-script" }))).toBe(true);
    expect(cache.isStorable(200, new Headers({ "content-type": "application/json" }))).toBe(true);
  });

  it("refuses other statuses, cookies, private or uncacheable answers, Vary: * and other types", () => {
    for (const status of [201, 204, 301, 302, 304, 400, 404, 500])
      expect(cache.isStorable(status, html())).toBe(false);
    expect(cache.isStorable(200, html({ "set-cookie": "a=1" }))).toBe(false);
    for (const directive of ["private", "no-store", "no-cache", "public, no-cache", "private, max-age=300"])
      expect(cache.isStorable(200, html({ "cache-control": directive })), directive).toBe(false);
    expect(cache.isStorable(200, html({ "cache-control": "public, max-age=300" }))).toBe(true);
    expect(cache.isStorable(200, html({ vary: "*" }))).toBe(false);
    for (const type of ["application/pdf", "video/mp4", "image/png", "text/plain"])
      expect(cache.isStorable(200, new Headers({ "content-type": type }))).toBe(false);
  });
});

describe("freshness and invalidation", () => {
  it("serves a stored answer until its lifetime ends", () => {
    const time = clock();
    const cache = createResponseCache({ ttlMs: 5_000, now: time.now });
    const fill = cache.begin(URL_A);
    cache.put(URL_A, req(), answer("<p>one</p>"), fill);
    fill.done();
    expect(cache.get(URL_A, req())?.body.toString()).toBe("<p>one</p>");
    time.advance(4_999);
    expect(cache.get(URL_A, req())).toBeDefined();
    time.advance(1);
    expect(cache.get(URL_A, req())).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("drops everything on invalidate, and never stores a rendering that began before it", () => {
    const cache = createResponseCache();
    const early = cache.begin(URL_A);
    cache.put("http://localhost/terms", req(), answer("terms"), cache.begin("http://localhost/terms"));
    cache.invalidate();
    expect(cache.get("http://localhost/terms", req())).toBeUndefined();
    // Rendered from data read before the change: must not become the cached page.
    expect(cache.put(URL_A, req(), answer("stale"), early)).toBeUndefined();
    expect(cache.get(URL_A, req())).toBeUndefined();
    const late = cache.begin(URL_A);
    expect(cache.put(URL_A, req(), answer("fresh"), late)).toBeDefined();
    expect(cache.get(URL_A, req())?.body.toString()).toBe("fresh");
  });

  it("lets a miss wait for the rendering of the same URL already under way", async () => {
    const cache = createResponseCache();
    const fill = cache.begin(URL_A);
    const waiting = cache.inFlight(URL_A);
    expect(waiting).toBeDefined();
    // A second miss of the same URL does not take over the first one's place.
    const second = cache.begin(URL_A);
    second.done();
    expect(cache.inFlight(URL_A)).toBe(waiting);
    cache.put(URL_A, req(), answer("done"), fill);
    fill.done();
    await waiting;
    expect(cache.inFlight(URL_A)).toBeUndefined();
    expect(cache.get(URL_A, req())?.body.toString()).toBe("done");
  });
});

describe("variants and limits", () => {
  it("keeps one variant per value of the request headers the answer names in Vary", () => {
    const cache = createResponseCache();
    const json = () => new Headers({ "content-type": "application/json", vary: "Accept-Language" });
    cache.put("http://localhost/api/courses", req({ "accept-language": "ar" }), answer('{"ar":1}', json()), {
      generation: 0,
    });
    cache.put("http://localhost/api/courses", req({ "accept-language": "en" }), answer('{"en":1}', json()), {
      generation: 0,
    });
    expect(cache.get("http://localhost/api/courses", req({ "accept-language": "ar" }))?.body.toString()).toBe(
      '{"ar":1}',
    );
    expect(cache.get("http://localhost/api/courses", req({ "accept-language": "en" }))?.body.toString()).toBe(
      '{"en":1}',
    );
    expect(cache.get("http://localhost/api/courses", req())).toBeUndefined();
    // Filled from Fetch headers, found from Node's (the Express layer's) alike.
    const ar = cache.get("http://localhost/api/courses", { "accept-language": "ar" });
    expect(ar?.body.toString()).toBe('{"ar":1}');
    // Every stored answer may go out compressed or not: its Vary says so, once.
    expect(ar?.headers.filter(([name]) => name === "vary")).toEqual([
      ["vary", "Accept-Language, Accept-Encoding"],
    ]);
    const page = cache.put("http://localhost/terms", req(), answer("<p>terms</p>"), { generation: 0 });
    expect(page?.headers.filter(([name]) => name === "vary")).toEqual([["vary", "Accept-Encoding"]]);
    expect(cache.stats().entries).toBe(3);
  });

  it("evicts the least recently used answers beyond its byte limit, and skips answers too big to keep", () => {
    const cache = createResponseCache({ maxBytes: 2_500, maxEntryBytes: 1_500 });
    const put = (url: string, size: number) =>
      cache.put(url, req(), answer(Buffer.alloc(size, 97)), { generation: cache.stats().generation });
    expect(put("http://localhost/big", 1_501)).toBeUndefined();
    put("http://localhost/a", 1_000);
    put("http://localhost/b", 1_000);
    cache.get("http://localhost/a", req()); // a is now the most recently used
    put("http://localhost/c", 1_000);
    expect(cache.get("http://localhost/b", req())).toBeUndefined();
    expect(cache.get("http://localhost/a", req())).toBeDefined();
    expect(cache.get("http://localhost/c", req())).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(2_500);
  });

  it("sends the best encoding the request accepts, compressed once, and small bodies as they are", () => {
    const cache = createResponseCache();
    const text = "<p>Manara</p>".repeat(500);
    const entry = cache.put(URL_A, req(), answer(text), { generation: 0 });
    if (!entry) throw new Error("not stored");
    const br = cache.bodyFor(entry, req({ "accept-encoding": "gzip, deflate, br" }));
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    expect(cache.bodyFor(entry, req({ "accept-encoding": "gzip, deflate, br" })).body).toBe(br.body);
    const gzip = cache.bodyFor(entry, req({ "accept-encoding": "gzip" }));
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(text);
    expect(cache.bodyFor(entry, req())).toEqual({ body: entry.body, encoding: null });
    expect(cache.bodyFor(entry, req({ "accept-encoding": "identity" })).encoding).toBeNull();
    const small = cache.put("http://localhost/small", req(), answer("<p>hi</p>"), { generation: 0 });
    if (!small) throw new Error("not stored");
    expect(cache.bodyFor(small, req({ "accept-encoding": "br" })).encoding).toBeNull();
  });
});
