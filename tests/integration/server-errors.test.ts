// Issue 43, item 8: an unexpected 500 is always logged, with the request id its answer carries. Through the
// production order around React Router (server/app.ts: the request id, then React Router's Express adapter
// with the app's own handleError and router context) over a small build of routes that fail, and through the
// API boundary for an answer a library built as a 500 (the tus server's, which logs nothing itself). The log
// lines are pino's JSON (app/lib/logger.server.ts), captured.
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import handleRequest, { handleError } from "../../app/entry.server";
import { captureLogs } from "../../app/lib/logger.server";
import { noteFailureLogged, requestIdContext } from "../../app/lib/request-id";
import { apiBoundaryMiddleware } from "../../app/middleware/api-boundary.server";
import { i18nextMiddleware } from "../../app/middleware/i18next.server";
import { requestContext } from "../../server/app";
import { requestIds } from "../../server/request-id";
import { sameHeaderValueOnce } from "../../server/security-headers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const servers: { close: () => void }[] = [];
let logs: ReturnType<typeof captureLogs>;

afterEach(() => logs?.restore());
afterAll(() => {
  for (const server of servers) server.close();
});

async function serve(trustProxy: boolean): Promise<string> {
  const resource = (id: string, path: string, loader: () => unknown) => ({
    id,
    parentId: "root",
    path,
    module: { loader },
  });
  const build = {
    entry: { module: { default: handleRequest, handleError } },
    routes: {
      root: { id: "root", path: "", module: {} },
      boom: resource("boom", "boom", () => {
        throw new Error("the store said NotImplemented: ListParts");
      }),
      fine: resource("fine", "fine", () => new Response("ok")),
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
  app.use(requestIds({ trustProxy }));
  app.use(sameHeaderValueOnce);
  app.use(
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (req, res) => requestContext(req.ip ?? "unknown", res.locals.requestId ?? null),
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let origin = "";
let proxied = "";
beforeAll(async () => {
  origin = await serve(false);
  proxied = await serve(true);
});

describe("an unexpected 500", () => {
  it("carries X-Request-Id, and its one log line names that id, the area and the error", async () => {
    logs = captureLogs();
    const response = await fetch(`${origin}/boom`, { headers: { Authorization: "Bearer do-not-log-me" } });
    expect(response.status).toBe(500);
    await response.arrayBuffer();
    const id = response.headers.get("X-Request-Id") ?? "";
    expect(id).toMatch(UUID);
    const errors = logs.lines.filter((line) => line.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      area: "http",
      requestId: id,
      method: "GET",
      path: "/boom",
      msg: "unexpected error",
      err: { type: "Error", message: "the store said NotImplemented: ListParts" },
    });
    expect(typeof errors[0]?.time).toBe("string");
    expect(JSON.stringify(logs.lines)).not.toContain("do-not-log-me");
  });

  it("gives each request its own id, also when all goes well", async () => {
    const ids = new Set<string>();
    for (const path of ["/fine", "/fine", "/boom"]) {
      logs = captureLogs();
      const response = await fetch(`${origin}${path}`);
      await response.arrayBuffer();
      logs.restore();
      ids.add(response.headers.get("X-Request-Id") ?? "");
    }
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).toMatch(UUID);
  });

  it("keeps the id a trusted proxy sent, and only then", async () => {
    logs = captureLogs();
    const sent = "nginx-0123456789abcdef";
    const behind = await fetch(`${proxied}/boom`, { headers: { "X-Request-Id": sent } });
    await behind.arrayBuffer();
    expect(behind.headers.get("X-Request-Id")).toBe(sent);
    expect(logs.lines.find((line) => line.level === "error")?.requestId).toBe(sent);
    // Not from anyone on a server without TRUST_PROXY, nor a value that is no id.
    const direct = await fetch(`${origin}/fine`, { headers: { "X-Request-Id": sent } });
    expect(direct.headers.get("X-Request-Id")).toMatch(UUID);
    const odd = await fetch(`${proxied}/fine`, { headers: { "X-Request-Id": "a b\tc" } });
    expect(odd.headers.get("X-Request-Id")).toMatch(UUID);
    await Promise.all([direct.arrayBuffer(), odd.arrayBuffer()]);
  });
});

describe("the API boundary", () => {
  /** Runs the root middleware that matters here around `next`, with a request id on the context. */
  async function throughBoundary(next: (context: RouterContextProvider) => Promise<Response>) {
    const context = new RouterContextProvider();
    context.set(requestIdContext, "req-0123456789");
    const request = new Request("http://localhost/api/videos/tus/x", { method: "PATCH" });
    const args = {
      request,
      url: new URL(request.url),
      context,
      params: {},
      pattern: "api/videos/tus/:videoId",
    } as unknown as Parameters<typeof apiBoundaryMiddleware>[0];
    return (await i18nextMiddleware(
      args,
      async () => (await apiBoundaryMiddleware(args, () => next(context))) as Response,
    )) as Response;
  }

  // What the tus server does when its store fails (an S3 without ListParts): a 500 of its own, logged by
  // nobody.
  it("logs a 5xx a route built itself (the tus server's), with the id", async () => {
    logs = captureLogs();
    const response = await throughBoundary(
      async () => new Response("Something went wrong with that request\n", { status: 500 }),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: "internal_error" } });
    expect(logs.lines).toEqual([
      expect.objectContaining({
        level: "error",
        area: "http",
        requestId: "req-0123456789",
        status: 500,
        path: "/api/videos/tus/x",
      }),
    ]);
  });

  it("logs a thrown error once, with the id, and a failure already logged not again", async () => {
    logs = captureLogs();
    const thrown = await throughBoundary(async () => {
      throw new Error("kaput");
    });
    expect(thrown.status).toBe(500);
    expect(logs.lines).toEqual([
      expect.objectContaining({
        requestId: "req-0123456789",
        err: expect.objectContaining({ message: "kaput" }),
      }),
    ]);
    logs.restore();
    logs = captureLogs();
    const logged = await throughBoundary(async (context) => {
      noteFailureLogged(context);
      return new Response("tus: failed", { status: 500 });
    });
    expect(logged.status).toBe(500);
    expect(logs.lines).toEqual([]);
  });
});
