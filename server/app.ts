// The production HTTP application: Express with React Router's own adapter (@react-router/express), built by
// Vite together with the app (vite.config.ts makes this file the server build's entry, as React Router's
// node-custom-server template does), so the route modules and this file share one set of module instances.
// server.mjs owns the process around it: listening, draining on shutdown, crash guards.
//
// Before React Router: security headers (helmet), refusals of what no route can answer, the anonymous
// response cache's answers, compression and the static files. React Router gets the client's address, and a
// miss the cache may store, through the router context (app/lib/client-address.ts,
// server/response-cache.ts).
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import cors from "cors";
import express, { type ErrorRequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { type Environment, environment, readConfig } from "../app/config.server";
import { getDatabase } from "../app/db/client.server";
import { readTaxConfig } from "../app/invoices/config.server";
import { ensureJobWorkerStarted, stopProcessJobWorker } from "../app/jobs/worker.server";
import { clientAddressContext } from "../app/lib/client-address";
import { logger } from "../app/lib/logger.server";
import { requestIdContext } from "../app/lib/request-id";
import { configuredMailer } from "../app/mail/context.server";
import {
  type CacheFill,
  cacheFillContext,
  startResponseCache,
} from "../app/middleware/response-cache.server";
import { cardProviders } from "../app/payments/providers/registry.server";
import { allowedMethodsFor } from "./allowed-methods";
import { edgeRefusal, isTusUploadPath, looksLikeApi } from "./edge.mjs";
import { requestIds } from "./request-id";
import { anonymousResponseCache, responseCacheFill } from "./response-cache";
import { sameHeaderValueOnce, securityHeaders } from "./security-headers";

export type AppOptions = {
  /** The directory of the browser build (build/client). */
  clientDirectory: string;
  /** True once the server is shutting down: keep-alive clients are told to reconnect elsewhere. */
  isDraining: () => boolean;
  env?: Environment;
};

/** For server.mjs, which runs outside the build: the same logger (app/lib/logger.server.ts). */
export { logger };

/** The router context React Router starts each request with: what only the server knows about it. */
export function requestContext(
  clientAddress: string,
  requestId: string | null = null,
  cacheFill: CacheFill | null = null,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress);
  context.set(requestIdContext, requestId);
  if (cacheFill) context.set(cacheFillContext, cacheFill);
  return context;
}

/** TRUST_PROXY: a hop count (`1`) or Express's names and addresses (`loopback`, `10.0.0.0/8`). */
function trustProxySetting(value: string): number | string {
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * For server.mjs's shutdown, once requests are drained: the worker stops taking jobs and finishes those in
 * hand (pg-boss's graceful stop), so a deploy does not leave them to expire and run again elsewhere.
 */
export function stopBackgroundWork(): Promise<void> {
  return stopProcessJobWorker();
}

export async function createApp({ clientDirectory, isDraining, env = environment() }: AppOptions) {
  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  const production = env.NODE_ENV === "production";
  // The card providers' variables are read now, so that a half-configured provider stops the start rather
  // than the first checkout (a ConfigError names what is missing).
  cardProviders(env);
  // The tax and the seller (issue 47): a wrong rate or VAT number stops the start, not the first sale.
  readTaxConfig(env);
  // Work the server does beside answering requests: the job queue's jobs (mail, scheduled publication, the
  // sweep) unless JOBS_WORKER=0 leaves them to `npm run worker`, and hearing the public changes other
  // servers make. Both wait for the database without holding up the first request.
  if (readConfig(env).jobsWorker)
    ensureJobWorkerStarted(async () => ({ db: (await getDatabase()).db, mailer: configuredMailer() }));
  startResponseCache();
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy set TRUST_PROXY so req.ip is the visitor, not the proxy.
  if (env.TRUST_PROXY) app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));

  app.use(requestIds({ trustProxy: Boolean(env.TRUST_PROXY) }));
  app.use((_req, res, next) => {
    if (isDraining()) res.setHeader("Connection", "close");
    next();
  });

  app.use(securityHeaders({ production }));

  const allowedMethods = allowedMethodsFor(build);
  // Browsers on the CORS_ORIGINS origins may call /api (with a Bearer token: no cookie is read there, so
  // no credentials are allowed). `cors` adds its headers and lets the request go on: the edge answers a
  // preflight 204 with `Allow`, and a preflight from another origin gets no CORS headers, which the
  // browser takes as a refusal. The tus endpoint is the studio's, same-origin only (decision 045).
  const corsOrigins = readConfig(env).corsOrigins;
  if (corsOrigins.length > 0) {
    app.use(
      cors((req, callback) => {
        const path = req.originalUrl.split("?")[0] ?? "/";
        if (!looksLikeApi(path) || isTusUploadPath(path)) return callback(null, { origin: false });
        callback(null, {
          origin: corsOrigins,
          methods: allowedMethods(path) ?? [],
          allowedHeaders: ["Authorization", "Content-Type", "Accept-Language"],
          exposedHeaders: ["Retry-After", "Allow"],
          maxAge: 600,
          preflightContinue: true,
        });
      }),
    );
  }

  // Methods a resource does not have, OPTIONS, and paths no route can match (control characters, broken
  // escapes).
  app.use((req, res, next) => {
    const refusal = edgeRefusal(req.method, req.originalUrl, allowedMethods);
    if (!refusal) return next();
    res.status(refusal.status).set(refusal.headers).send(refusal.body);
  });
  // React Router needs a URL, and a URL needs a host: a request without a usable Host header is malformed.
  app.use((req, res, next) => {
    if (req.hostname && URL.canParse(`http://${req.hostname}`)) return next();
    res.set("Connection", "close").status(400).type("text/plain").send("Bad Request: invalid Host header");
  });

  // Anonymous answers kept for a few seconds (decision 060), before anything else costs the request time.
  app.use(anonymousResponseCache());
  app.use(compression());
  // Fingerprinted build assets never change; everything else in public/ may.
  app.use("/assets", express.static(`${clientDirectory}/assets`, { immutable: true, maxAge: "1y" }));
  app.use(express.static(clientDirectory, { maxAge: "1h" }));

  app.use(sameHeaderValueOnce);
  const handleWithReactRouter = createRequestHandler({
    build,
    mode: production ? "production" : "development",
    getLoadContext: (req, res) =>
      requestContext(
        req.ip ?? req.socket.remoteAddress ?? "unknown",
        res.locals.requestId ?? null,
        responseCacheFill(req),
      ),
  });
  // Named, so a test can tell the layer that enters React Router (tests/integration/response-cache-layer.test.ts).
  app.use(function reactRouter(req, res, next) {
    return handleWithReactRouter(req, res, next);
  });

  // Errors React Router did not answer itself. A Host header that makes no URL is the client's fault (400);
  // anything else is ours: logged with the request id its answer carries, answered 500, and the server keeps
  // serving.
  const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
    const clientError = (error as { code?: string } | null)?.code === "ERR_INVALID_URL";
    if (!clientError)
      logger("http").error(
        { requestId: res.locals.requestId, method: req.method, path: req.path, err: error },
        "unexpected error outside React Router",
      );
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res
      .set("Connection", "close")
      .status(clientError ? 400 : 500)
      .type("text/plain")
      .send(clientError ? "Bad Request" : "Internal Server Error");
  };
  app.use(lastResort);
  return app;
}
