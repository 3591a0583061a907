// The anonymous response cache answers in Express, before React Router (server/response-cache.ts, decision
// 060): the real Express app of server/app.ts, in process (Vite loads it as the fuzz app does), with a
// counter on the layer that enters React Router. A hit never reaches that layer; a miss does, once, and
// fills the cache; the variants a page names in Vary (Save-Data) and the encodings stay apart; a public
// change empties it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FuzzApp, startFuzzApp } from "./fuzz/app";
import { ensureServerBuild } from "./server-build";

let app: FuzzApp;
let server: http.Server;
/** The same app with CORS_ORIGINS set: CORS's headers come before the cache's answer. */
let corsServer: http.Server;
let corsPort = 0;
let port = 0;
/** Requests that entered React Router's request handler. */
let routerEntries = 0;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function send(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  to = port,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: to, method, path: target, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** How many of `run`'s requests entered React Router. */
async function entries(run: () => Promise<unknown>): Promise<number> {
  const before = routerEntries;
  await run();
  return routerEntries - before;
}

type Layer = { name: string; handle: (...args: unknown[]) => unknown };

beforeAll(async () => {
  // Long enough that nothing expires during the test (read once, when the configuration is first read).
  process.env.PUBLIC_CACHE_SECONDS = "120";
  // The static files' directory (the layer before React Router); the server build is not used here.
  await ensureServerBuild();
  app = await startFuzzApp();
  const seed = (await app.vite.ssrLoadModule(
    "/app/seed/seed.server.ts",
  )) as typeof import("../../app/seed/seed.server");
  await seed.seedDemoContent(app.db);
  const serverApp = (await app.vite.ssrLoadModule("/server/app.ts")) as typeof import("../../server/app");
  const express: Express = await serverApp.createApp({
    clientDirectory: "build/client",
    isDraining: () => false,
    env: { ...process.env, JOBS_WORKER: "0" },
  });
  const stack = (express as unknown as { router: { stack: Layer[] } }).router.stack;
  const layer = stack.find((each) => each.name === "reactRouter");
  if (!layer) throw new Error("no reactRouter layer in the Express app");
  const handle = layer.handle;
  layer.handle = (...args: unknown[]) => {
    routerEntries += 1;
    return handle(...args);
  };
  server = await listen(express);
  port = (server.address() as AddressInfo).port;
  corsServer = await listen(
    await serverApp.createApp({
      clientDirectory: "build/client",
      isDraining: () => false,
      env: { ...process.env, JOBS_WORKER: "0", CORS_ORIGINS: "https://app.example" },
    }),
  );
  corsPort = (corsServer.address() as AddressInfo).port;
}, 240_000);

async function listen(express: Express): Promise<http.Server> {
  const listening = http.createServer(express);
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  return listening;
}

afterAll(async () => {
  for (const each of [server, corsServer]) {
    each?.closeAllConnections();
    await new Promise((resolve) => each?.close(resolve));
  }
  await app?.close();
});

describe("the anonymous cache in front of React Router", () => {
  it("answers a repeated anonymous GET, HEAD and a page's data without entering React Router", async () => {
    expect(await entries(() => send("GET", "/courses?layer=1"))).toBe(1);
    let hit: Answer | undefined;
    expect(
      await entries(async () => {
        hit = await send("GET", "/courses?layer=1");
      }),
    ).toBe(0);
    expect(hit?.status).toBe(200);
    expect(hit?.headers.age).toBeDefined();
    // Helmet's headers are on a hit too: they are set before the cache answers.
    expect(hit?.headers["x-content-type-options"]).toBe("nosniff");
    expect(hit?.headers["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    expect(await entries(() => send("HEAD", "/courses?layer=1"))).toBe(0);

    expect(await entries(() => send("GET", "/courses.data?layer=1"))).toBe(1);
    let data: Answer | undefined;
    expect(
      await entries(async () => {
        data = await send("GET", "/courses.data?layer=1");
      }),
    ).toBe(0);
    expect(data?.headers.age).toBeDefined();
    expect(data?.headers["content-type"]).toBe("text/x-script; charset=utf-8");
  });

  it("sends every request with a cookie or credentials, and every HEAD that misses, to React Router", async () => {
    await send("GET", "/courses?layer=2");
    expect(await entries(() => send("GET", "/courses?layer=2", { Cookie: "unrelated=1" }))).toBe(1);
    expect(await entries(() => send("GET", "/api/courses?layer=2", { Authorization: "Bearer nope" }))).toBe(
      1,
    );
    // A HEAD is answered from a stored GET, never stored itself.
    expect(await entries(() => send("HEAD", "/terms?layer=2"))).toBe(1);
    expect(await entries(() => send("HEAD", "/terms?layer=2"))).toBe(1);
  });

  it("keeps the Save-Data variant of a page apart, each answered from the cache once stored", async () => {
    const plain = await send("GET", "/?layer=3");
    const saving = await send("GET", "/?layer=3", { "Save-Data": "on" });
    expect(saving.headers.age).toBeUndefined();
    expect(String(saving.headers.vary)).toBe("Save-Data, Accept-Encoding");
    expect(saving.body.toString()).not.toContain("@font-face");
    expect(plain.body.toString()).toContain("@font-face");
    let again: Answer[] = [];
    expect(
      await entries(async () => {
        again = [await send("GET", "/?layer=3", { "Save-Data": "on" }), await send("GET", "/?layer=3")];
      }),
    ).toBe(0);
    expect(again[0]?.body.equals(saving.body)).toBe(true);
    expect(again[1]?.body.equals(plain.body)).toBe(true);
    expect(String(again[0]?.headers.vary)).toBe("Save-Data, Accept-Encoding");
  });

  it("sends a hit compressed as the request accepts, the same compressed bytes every time", async () => {
    const plain = await send("GET", "/courses?layer=4");
    const [br, brAgain, gzip] = [
      await send("GET", "/courses?layer=4", { "Accept-Encoding": "gzip, deflate, br" }),
      await send("GET", "/courses?layer=4", { "Accept-Encoding": "gzip, deflate, br" }),
      await send("GET", "/courses?layer=4", { "Accept-Encoding": "gzip" }),
    ];
    expect(br?.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br?.body ?? Buffer.alloc(0)).equals(plain.body)).toBe(true);
    expect(brAgain?.body.equals(br?.body ?? Buffer.alloc(0))).toBe(true);
    expect(Number(br?.headers["content-length"])).toBe(br?.body.length);
    expect(gzip?.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip?.body ?? Buffer.alloc(0)).equals(plain.body)).toBe(true);
    const head = await send("HEAD", "/courses?layer=4", { "Accept-Encoding": "br" });
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(br?.body.length);
    expect(String(head.headers.vary)).toBe("Save-Data, Accept-Encoding");
  });

  it("is emptied by a public change: the next request enters React Router again", async () => {
    await send("GET", "/courses?layer=5");
    expect(await entries(() => send("GET", "/courses?layer=5"))).toBe(0);
    const changes = (await app.vite.ssrLoadModule(
      "/app/db/public-changes.server.ts",
    )) as typeof import("../../app/db/public-changes.server");
    // On PostgreSQL the notification arrives a moment after the commit and empties the cache once more (this
    // process forgot at once, on its own announcement): wait for it, or it may empty the refilled entry.
    const notified = new Promise<void>((resolve) => {
      const stop = changes.onPublicChange(app.db, (topic) => {
        if (topic !== "catalog") return;
        stop();
        resolve();
      });
    });
    await app.db.transaction(async (tx) => changes.announcePublicChange(tx, "catalog"));
    await notified;
    expect(await entries(() => send("GET", "/courses?layer=5"))).toBe(1);
    expect(await entries(() => send("GET", "/courses?layer=5"))).toBe(0);
  });

  it("adds to the headers earlier middleware set: CORS's on an API hit, per request", async () => {
    const origin = { Origin: "https://app.example", "Accept-Language": "ar" };
    const first = await send("GET", "/api/courses?layer=7", origin, corsPort);
    const hit = await send("GET", "/api/courses?layer=7", origin, corsPort);
    expect(hit.headers.age).toBeDefined();
    expect(hit.headers.vary).toBe(first.headers.vary);
    expect(String(hit.headers.vary)).toBe("Origin, Accept-Language, Accept-Encoding");
    expect(hit.headers["access-control-allow-origin"]).toBe("https://app.example");
    const otherOrigin = await send(
      "GET",
      "/api/courses?layer=7",
      { Origin: "https://elsewhere.example", "Accept-Language": "ar" },
      corsPort,
    );
    expect(otherOrigin.headers.age).toBeDefined();
    expect(otherOrigin.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("leaves a request whose URL React Router's adapter cannot make to fail there, as before", async () => {
    await send("GET", "/courses?layer=6");
    const badPort = await send("GET", "/courses?layer=6", { Host: "localhost:99999" });
    expect(badPort.status).toBe(400);
  });
});
