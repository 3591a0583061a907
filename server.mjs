// The production server process: it listens, drains on shutdown and guards against crashes, around the
// Express application that Vite builds with the app (server/app.ts, build/server/index.js). See
// docs/decisions/007-supervisor-shutdown-sweeper.md.
import { assertSupportedNode } from "./server/runtime.mjs";

assertSupportedNode();

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || "0.0.0.0";
/** How long a SIGTERM/SIGINT waits for in-flight requests before closing their connections anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** After an uncaught exception the process state is suspect: a short grace period, then exit non-zero. */
const CRASH_DEADLINE_MS = 3_000;

let shuttingDown = false;

const { createApp, stopBackgroundWork, logger } = await import("./build/server/index.js");
/** The process's events, as JSON lines (app/lib/logger.server.ts, decision 059); an error goes in `err`. */
const processLog = logger("process");
const log = (message, error) =>
  error === undefined ? processLog.info(message) : processLog.error({ err: error }, message);
const app = await createApp({
  clientDirectory: "build/client",
  isDraining: () => shuttingDown,
});

const server = app.listen(port, host, () => {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  processLog.info(`Manara is listening on http://${shown}:${port} (Node ${process.version})`);
});
server.on("error", (error) => {
  // EADDRINUSE, EACCES…: nothing to serve, so exit non-zero (the supervisor decides whether to retry).
  log("The server cannot listen", error);
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
  server.close(async (error) => {
    if (error) log("Closing the server failed", error);
    clearInterval(sweepIdle);
    // The job worker finishes the jobs in hand, still within the deadline (decision 048).
    await stopBackgroundWork().catch((stopError) => log("Stopping the job worker failed", stopError));
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
  log("Unhandled promise rejection (the server keeps serving)", reason);
});

// An exception nothing caught may have left the process in any state: finish what can be finished quickly,
// then exit non-zero so the supervisor (`npm start`, or the container runtime) starts a fresh process.
process.on("uncaughtException", (error, origin) => {
  log(`Uncaught exception (${origin}); exiting so the supervisor restarts the server`, error);
  if (shuttingDown) process.exit(1);
  shutdown("Uncaught exception", 1, CRASH_DEADLINE_MS);
});
