// The production HTTP server. React Router's `react-router-serve` gives loaders no client address, and
// per-IP rate limits need one, so this is the same Express setup with that one addition, plus what a server
// needs to live behind a load balancer: HOST, graceful shutdown and process-level guards (see
// docs/decisions/007-supervisor-shutdown-sweeper.md).
import compression from "compression";
import express from "express";
import { createAppHandler } from "./server/app-handler.mjs";
import { edgeRefusal } from "./server/edge.mjs";
import { createResponseCache, parseCacheSeconds } from "./server/response-cache.mjs";
import { assertSupportedNode } from "./server/runtime.mjs";
import { securityHeaders } from "./server/security-headers.mjs";

assertSupportedNode();

export const CLIENT_ADDRESS_HEADER = "x-manara-client-address";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || "0.0.0.0";
/** How long a SIGTERM/SIGINT waits for in-flight requests before closing their connections anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** After an uncaught exception the process state is suspect: a short grace period, then exit non-zero. */
const CRASH_DEADLINE_MS = 3_000;

const log = (message, ...rest) => console.error(`[manara ${new Date().toISOString()}] ${message}`, ...rest);

let shuttingDown = false;

const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy set TRUST_PROXY (e.g. 1 or "loopback") so req.ip is the visitor, not the proxy.
if (process.env.TRUST_PROXY)
  app.set(
    "trust proxy",
    /^\d+$/.test(process.env.TRUST_PROXY) ? Number(process.env.TRUST_PROXY) : process.env.TRUST_PROXY,
  );
app.use((_req, res, next) => {
  // While draining, tell keep-alive clients to reconnect elsewhere once this response is done.
  if (shuttingDown) res.setHeader("Connection", "close");
  next();
});
app.use(securityHeaders({ production: process.env.NODE_ENV === "production" }));
// Methods our routes do not answer, and paths no route can match (control characters, broken escapes).
app.use((req, res, next) => {
  const refusal = edgeRefusal(req.method, req.originalUrl);
  if (!refusal) return next();
  res.status(refusal.status).set(refusal.headers).send(refusal.body);
});
// React Router needs a URL, and a URL needs a host: a request without a usable Host header is malformed.
app.use((req, res, next) => {
  if (req.hostname && URL.canParse(`http://${req.hostname}`)) return next();
  res.set("Connection", "close").status(400).type("text/plain").send("Bad Request: invalid Host header");
});
app.use(compression());
// Fingerprinted build assets never change; everything else in public/ may.
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.use(express.static("build/client", { maxAge: "1h" }));
app.use((req, _res, next) => {
  // Overwrite whatever the client sent: only this server may say where a request came from.
  req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
});
// Pass the build itself, not a function: with a function React Router re-derives its route tables on every
// request (meant for development reloads), which cost about a tenth of each page's time.
const build = await import("./build/server/index.js");
// Anonymous GET answers are kept a few seconds (server/response-cache.mjs); PUBLIC_CACHE_SECONDS=0 turns
// it off. Any state-changing request this server answers successfully empties it once the answer is out
// (after its transaction committed), so a change made here is visible to the next visitor at once.
const cacheSeconds = parseCacheSeconds(process.env.PUBLIC_CACHE_SECONDS);
const cache = cacheSeconds > 0 ? createResponseCache({ ttlMs: cacheSeconds * 1000 }) : null;
if (cache) {
  const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
  app.use((req, res, next) => {
    // "close" also comes when the client left early; the change may still have been committed. Answers
    // marked as changing nothing public (server/response-cache.mjs, PUBLIC_UNCHANGED_HEADER) keep it.
    if (!SAFE_METHODS.has(req.method))
      res.on("close", () => {
        if (res.statusCode < 400 && !res.locals.publicUnchanged) cache.invalidate();
      });
    next();
  });
}
app.use(createAppHandler({ build, mode: "production", cache }));
// Errors React Router did not answer itself. A Host header that makes no URL is the client's fault (400);
// anything else is ours: logged, answered 500, and the server keeps serving.
app.use((error, req, res, _next) => {
  const clientError = error?.code === "ERR_INVALID_URL";
  if (!clientError) log(`${req.method} ${req.originalUrl} failed:`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res
    .set("Connection", "close")
    .status(clientError ? 400 : 500)
    .type("text/plain");
  res.send(clientError ? "Bad Request" : "Internal Server Error");
});

const server = app.listen(port, host, () => {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  console.log(`Manara is listening on http://${shown}:${port} (Node ${process.version})`);
});
server.on("error", (error) => {
  // EADDRINUSE, EACCES…: nothing to serve, so exit non-zero (the supervisor decides whether to retry).
  log("The server cannot listen:", error);
  process.exit(1);
});

/**
 * Stops accepting connections, lets in-flight requests finish, closes idle keep-alive connections as they
 * become idle, and exits with `code` when every connection is gone or when `deadlineMs` has passed.
 */
function shutdown(reason, code, deadlineMs) {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`${reason}: closing (in-flight requests get ${deadlineMs / 1000} s)…`);
  const deadline = setTimeout(() => {
    log(`Requests still open after ${deadlineMs / 1000} s: closing their connections.`);
    server.closeAllConnections();
    process.exit(code === 0 ? 1 : code);
  }, deadlineMs);
  deadline.unref();
  // Connections that finish their request become idle; close them as they do.
  const sweepIdle = setInterval(() => server.closeIdleConnections(), 100);
  sweepIdle.unref();
  server.close((error) => {
    if (error) log("Closing the server failed:", error);
    clearInterval(sweepIdle);
    clearTimeout(deadline);
    log("Closed.");
    process.exit(code);
  });
  server.closeIdleConnections();
}

for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => shutdown(signal, 0, SHUTDOWN_DEADLINE_MS));

// A promise rejected with nobody listening is a bug to fix, not a reason to drop every other visitor.
process.on("unhandledRejection", (reason) => {
  log("Unhandled promise rejection (the server keeps serving):", reason);
});

// An exception nothing caught may have left the process in any state: finish what can be finished quickly,
// then exit non-zero so the supervisor (`npm start`, or the container runtime) starts a fresh process.
process.on("uncaughtException", (error, origin) => {
  log(`Uncaught exception (${origin}); exiting so the supervisor restarts the server:`, error);
  if (shuttingDown) process.exit(1);
  shutdown("Uncaught exception", 1, CRASH_DEADLINE_MS);
});
