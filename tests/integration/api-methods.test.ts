// Issue 31: `OPTIONS /api/courses` answered 405 with an `Allow` listing methods the resource lacks, so no
// browser could preflight; a page's OPTIONS or PROPFIND logged a whole stack. Now every resource's methods
// come from one list (the API registry, a page's module), OPTIONS on the API is a 204, every other missing
// method a 405 with exactly those methods, CORS answers the CORS_ORIGINS allowlist through the real
// Express app, and React Router's own 4xx answers log one line.
import type { AddressInfo } from "node:net";
import path from "node:path";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENDPOINTS } from "../../app/api-docs/endpoints";
import { apiMethods } from "../../app/api-docs/methods";
import { handleError } from "../../app/entry.server";
import { captureLogs } from "../../app/lib/logger.server";
import { type FuzzApp, startFuzzApp } from "./fuzz/app";

let app: FuzzApp;

beforeAll(async () => {
  app = await startFuzzApp();
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await app?.close();
});

/** A target for a route pattern: ids 1, other parameters a plausible text. */
function sampleTarget(route: string): string {
  return `/${route
    .replace(/\/:resourceType\?/, "")
    .replace(/:videoId/, "0b7f1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b")
    .replace(/:decision/, "approve")
    .replace(/:\w+/g, "1")}`;
}

describe("methods", () => {
  const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "TRACE"];

  it("answer OPTIONS 204 and every other missing method 405, with exactly the resource's methods", async () => {
    const wrong: string[] = [];
    for (const route of new Set(ENDPOINTS.map((endpoint) => endpoint.route))) {
      const allow = apiMethods(route)?.join(", ");
      const target = sampleTarget(route);
      for (const method of METHODS) {
        if (apiMethods(route)?.includes(method) && method !== "OPTIONS") continue;
        if (method === "OPTIONS" && route === "api/videos/tus/:videoId") continue;
        const response = await app.fetch(target, { method });
        const expected = method === "OPTIONS" ? 204 : 405;
        if (response.status !== expected || response.headers.get("Allow") !== allow)
          wrong.push(`${method} ${target}: ${response.status} Allow: ${response.headers.get("Allow")}`);
        await response.body?.cancel();
      }
    }
    expect(wrong).toEqual([]);
    expect(apiMethods("api/courses")).toEqual(["GET", "HEAD", "OPTIONS"]);
  });

  it("answer a page's OPTIONS and odd methods 405 with its methods, and log nothing", async () => {
    const error = vi.spyOn(console, "error");
    const warn = vi.spyOn(console, "warn");
    const log = vi.spyOn(console, "log");
    const logs = captureLogs();
    const cases: [string, string, string][] = [
      ["OPTIONS", "/courses", "GET, HEAD"],
      ["PROPFIND", "/", "GET, HEAD"],
      ["TRACE", "/ar/courses", "GET, HEAD"],
      ["OPTIONS", "/contact", "GET, HEAD, POST"],
      ["PUT", "/contact", "GET, HEAD, POST"],
      ["POST", "/faq", "GET, HEAD"],
    ];
    for (const [method, target, allow] of cases) {
      const response = await app.fetch(target, { method });
      expect(response.status, `${method} ${target}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${target}`).toBe(allow);
    }
    logs.restore();
    expect([...error.mock.calls, ...warn.mock.calls, ...log.mock.calls]).toEqual([]);
    expect(logs.lines).toEqual([]);
    error.mockRestore();
    warn.mockRestore();
    log.mockRestore();
  });

  it("give a page's single-fetch data URL (/x.data, /_root.data) the page's methods", async () => {
    // With JavaScript, React Router posts a page's forms to `/x.data`: the cart's checkout was refused 405.
    const cases: [string, string, string][] = [
      ["PUT", "/cart.data", "GET, HEAD, POST"],
      ["PUT", "/ar/cart.data", "GET, HEAD, POST"],
      ["DELETE", "/courses/1.data", "GET, HEAD, POST"],
      ["POST", "/faq.data", "GET, HEAD"],
      ["POST", "/_root.data", "GET, HEAD"],
    ];
    for (const [method, target, allow] of cases) {
      const response = await app.fetch(target, { method });
      expect(response.status, `${method} ${target}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${target}`).toBe(allow);
    }
    for (const target of ["/cart.data", "/ar/cart.data", "/contact.data"]) {
      const response = await app.fetch(target, {
        method: "POST",
        body: new URLSearchParams({ intent: "x" }),
      });
      expect(response.status, `POST ${target}`).not.toBe(405);
      await response.body?.cancel();
    }
  });

  it("log a client's mistake React Router answers itself as one line, without a stack", () => {
    const logs = captureLogs();
    const request = new Request("http://localhost/courses", { method: "OPTIONS" });
    handleError(
      new ErrorResponse(405, "Method Not Allowed", new Error('Invalid request method "OPTIONS"'), true),
      {
        request,
        params: {},
        context: undefined as never,
      } as never,
    );
    logs.restore();
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]).toMatchObject({
      level: "warn",
      area: "http",
      status: 405,
      method: "OPTIONS",
      path: "/courses",
      msg: "client error",
    });
    expect(logs.lines[0]).not.toHaveProperty("err");
  });
});

describe("CORS through the Express app", () => {
  let base = "";
  let close = () => {};

  beforeAll(async () => {
    const serverApp = (await app.vite.ssrLoadModule("/server/app.ts")) as typeof import("../../server/app");
    const express = await serverApp.createApp({
      clientDirectory: path.resolve(import.meta.dirname, "../../public"),
      isDraining: () => false,
      env: { ...process.env, CORS_ORIGINS: "https://app.example.com, http://localhost:5173" },
    });
    const server = express.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  }, 60_000);
  afterAll(() => close());

  it("answers a preflight from an allowed origin with the resource's methods", async () => {
    const response = await fetch(`${base}/api/courses`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://app.example.com",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET,HEAD,OPTIONS");
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("vary")).toMatch(/Origin/);
  });

  it("lets an allowed origin read an answer, and tells no other origin anything", async () => {
    const allowed = await fetch(`${base}/api/courses?limit=1`, {
      headers: { Origin: "http://localhost:5173" },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    const other = await fetch(`${base}/api/courses`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    expect(other.status).toBe(204);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const page = await fetch(`${base}/courses`, { headers: { Origin: "https://app.example.com" } });
    expect(page.headers.get("access-control-allow-origin")).toBeNull();
    await Promise.all([allowed, other, page].map((response) => response.body?.cancel()));
  });

  it("has no CORS at all without CORS_ORIGINS", async () => {
    const serverApp = (await app.vite.ssrLoadModule("/server/app.ts")) as typeof import("../../server/app");
    const express = await serverApp.createApp({
      clientDirectory: path.resolve(import.meta.dirname, "../../public"),
      isDraining: () => false,
      env: { ...process.env, CORS_ORIGINS: "" },
    });
    const server = express.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/api/courses`, {
      method: "OPTIONS",
      headers: { Origin: "https://app.example.com", "Access-Control-Request-Method": "GET" },
    });
    server.close();
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});
