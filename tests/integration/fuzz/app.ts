// The whole app as one request handler, the way the production server runs it: React Router's own
// `createRequestHandler` over the server build of the route modules (routing with its decoding and case
// rules, root and route middleware, error handling, rendering), started with the router context the
// Express app gives every request (server/app.ts), loaded through Vite in middleware mode so no prior
// `react-router build` is needed. The database is the app's own `getDatabase()` handle, opened
// from DATA_DIR (PGlite on a temp directory) or, with TEST_DATABASE_URL, a throwaway PostgreSQL database.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type { Database, DatabaseHandle } from "../../../app/db/client.server";
import { edgeRefusal } from "../../../server/edge.mjs";
import type * as AuthHelpers from "../auth-helpers";
import { databaseUrl } from "../template-database";
import { adminConnection, createDatabaseFromTemplate } from "../test-database";

export const ORIGIN = "http://localhost";

export type FuzzApp = {
  /** Sends a request for `target` (path + query, raw: it is appended to the origin as the server does). */
  fetch: (target: string, init?: RequestInit & { clientAddress?: string }) => Promise<Response>;
  db: Database;
  helpers: typeof AuthHelpers;
  vite: ViteDevServer;
  /**
   * Plays the job worker's part (no Express app, so no worker, runs here): works every due job with the
   * app's own module instances, database handle and mailer. Returns how many it worked.
   */
  workJobs: () => Promise<number>;
  close: () => Promise<void>;
};

let addressCounter = 0;

export async function startFuzzApp(): Promise<FuzzApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "manara-fuzz-"));
  process.env.DATA_DIR = dataDir;
  let dropDatabase: (() => Promise<void>) | undefined;
  const testUrl = process.env.TEST_DATABASE_URL;
  if (testUrl) {
    const admin = await adminConnection(testUrl);
    const name = await createDatabaseFromTemplate(admin, "manara_fuzz");
    process.env.DATABASE_URL = databaseUrl(testUrl, name);
    dropDatabase = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    delete process.env.DATABASE_URL;
  }

  const root = fileURLToPath(new URL("../../..", import.meta.url));
  const vite = await createServer({
    root,
    configFile: path.join(root, "vite.config.ts"),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  const { allowedMethodsFor } = (await vite.ssrLoadModule(
    "/server/allowed-methods.ts",
  )) as typeof import("../../../server/allowed-methods");
  const allowedMethods = allowedMethodsFor(build);
  // The Express app's context, from the same module instances as the build.
  const serverApp = (await vite.ssrLoadModule("/server/app.ts")) as typeof import("../../../server/app");
  // The same module instances the build uses, so the test and the app share one database handle.
  const client = (await vite.ssrLoadModule(
    "/app/db/client.server.ts",
  )) as typeof import("../../../app/db/client.server");
  const handle: DatabaseHandle = await client.getDatabase();
  const helpers = (await vite.ssrLoadModule("/tests/integration/auth-helpers.ts")) as typeof AuthHelpers;

  return {
    db: handle.db,
    helpers,
    vite,
    workJobs: async () => {
      const worker = (await vite.ssrLoadModule(
        "/app/jobs/worker.server.ts",
      )) as typeof import("../../../app/jobs/worker.server");
      const mail = (await vite.ssrLoadModule(
        "/app/mail/context.server.ts",
      )) as typeof import("../../../app/mail/context.server");
      return worker.drainJobs({ db: handle.db, mailer: mail.configuredMailer() });
    },
    fetch: async (target, init = {}) => {
      const { clientAddress, ...rest } = init;
      // What server.mjs refuses before React Router: the same function, so this is the production stack.
      const refusal = edgeRefusal(rest.method ?? "GET", target, allowedMethods);
      if (refusal)
        return new Response(refusal.status === 204 ? null : refusal.body, {
          status: refusal.status,
          headers: refusal.headers,
        });
      const headers = new Headers(rest.headers);
      // The Express app takes the address from the socket; a fresh one per request keeps the per-IP rate
      // limits from turning the rest of a run into 429s.
      addressCounter += 1;
      const address =
        clientAddress ??
        `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
      const request = new Request(`${ORIGIN}${target}`, {
        ...rest,
        headers,
        ...(rest.body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit);
      // Each request's id, on the context and in X-Request-Id, as the Express app gives it (server/request-id.ts).
      const requestId = randomUUID();
      const response = await handler(request, serverApp.requestContext(address, requestId));
      if (!response.headers.has("X-Request-Id")) {
        try {
          response.headers.set("X-Request-Id", requestId);
        } catch {
          // An immutable response (a redirect made by Response.redirect): React Router's own, not ours.
        }
      }
      return response;
    },
    close: async () => {
      const jobs = (await vite.ssrLoadModule("/app/jobs/worker.server.ts")) as {
        stopProcessJobWorker?: () => Promise<void>;
      };
      await jobs.stopProcessJobWorker?.();
      await handle.close();
      await vite.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
