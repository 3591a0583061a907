// The headers every production response carries (helmet, server/security-headers.ts), over real HTTP, and
// HSTS only over HTTPS in production; the documents' Content-Security-Policy with its nonce.
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vttResponse } from "../../app/captions/answers.server";
import { UPLOADED_FILE_HEADERS } from "../../app/media/delivery";
import { contentSecurityPolicy } from "../../app/security/csp.server";
import { sameHeaderValueOnce, securityHeaders } from "../../server/security-headers";

const servers: { close: () => void }[] = [];

/** An Express app with the headers and one route, behind a trusting proxy so a test can claim HTTPS. */
async function serve(production: boolean): Promise<string> {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(securityHeaders({ production }));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

let production = "";
let development = "";
beforeAll(async () => {
  production = await serve(true);
  development = await serve(false);
});
afterAll(() => {
  for (const server of servers) server.close();
});

describe("securityHeaders", () => {
  it("forbids framing and sniffing, limits the referrer, features and opener", async () => {
    const { headers } = await fetch(production);
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Permissions-Policy")).toContain("camera=()");
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    // The policy is each document's own (app/entry.server.tsx), never helmet's default.
    expect(headers.has("Content-Security-Policy")).toBe(false);
    expect(headers.has("Strict-Transport-Security")).toBe(false);
  });

  it("sends HSTS only over HTTPS in production", async () => {
    const https = { headers: { "X-Forwarded-Proto": "https" } };
    expect((await fetch(production, https)).headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d+/);
    expect((await fetch(development, https)).headers.has("Strict-Transport-Security")).toBe(false);
  });
});

/**
 * The production order around React Router (server/app.ts): helmet's headers, then React Router's Express
 * adapter over a build of resource routes — the captions' answer (vttResponse, as app/routes/lesson-captions.ts
 * and app/routes/api/lesson-captions.ts return it) and an uploaded file's — each setting nosniff itself.
 */
async function serveRoutes(): Promise<string> {
  const resource = (id: string, path: string, loader: (args: { request: Request }) => Response) => ({
    id,
    parentId: "root",
    path,
    module: { loader },
  });
  const build = {
    entry: { module: { default: () => new Response("no documents here", { status: 500 }) } },
    routes: {
      root: { id: "root", path: "", module: {} },
      captions: resource("captions", "captions.vtt", ({ request }) =>
        vttResponse(request, { vtt: "WEBVTT\n", updatedAt: new Date(0) }),
      ),
      file: resource(
        "file",
        "file.pdf",
        () => new Response("%PDF-", { headers: { ...UPLOADED_FILE_HEADERS } }),
      ),
      varied: resource(
        "varied",
        "varied",
        () => new Response("ok", { headers: { Vary: "Accept-Language" } }),
      ),
    },
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const app = express();
  app.use(securityHeaders({ production: true }));
  app.use((_req, res, next) => {
    // As the cors package does for /api.
    res.setHeader("Vary", "Origin");
    next();
  });
  app.use(sameHeaderValueOnce);
  app.use(createRequestHandler({ build, mode: "production" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// Issue 43, item 9: helmet set nosniff, the route's Response set it again, and React Router's adapter
// appended the second: `X-Content-Type-Options: nosniff, nosniff`.
describe("a route's own headers behind helmet", () => {
  it("send X-Content-Type-Options exactly once, as nosniff (captions, uploaded files)", async () => {
    const origin = await serveRoutes();
    for (const path of ["/captions.vtt", "/file.pdf"]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Content-Security-Policy"), path).toBe("sandbox");
      await response.arrayBuffer();
    }
    const captions = await fetch(`${origin}/captions.vtt`);
    expect(captions.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    // Different values of one header are all still sent.
    const varied = await fetch(`${origin}/varied`);
    expect(varied.headers.get("Vary")).toBe("Origin, Accept-Language");
  });
});

describe("contentSecurityPolicy", () => {
  it("is enforced with the nonce, no inline scripts otherwise, and no framing", () => {
    const policy = contentSecurityPolicy("abc123");
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toContain("'unsafe-inline' 'nonce");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });
});
