// The production HTTP server. React Router's `react-router-serve` gives loaders no client address, and
// per-IP rate limits need one, so this is the same Express setup with that one addition.
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

export const CLIENT_ADDRESS_HEADER = "x-manara-client-address";

const port = Number(process.env.PORT ?? 3000);
const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy set TRUST_PROXY (e.g. 1 or "loopback") so req.ip is the visitor, not the proxy.
if (process.env.TRUST_PROXY)
  app.set(
    "trust proxy",
    /^\d+$/.test(process.env.TRUST_PROXY) ? Number(process.env.TRUST_PROXY) : process.env.TRUST_PROXY,
  );
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
app.use(createRequestHandler({ build, mode: "production" }));

const server = app.listen(port, () => console.log(`Manara is listening on http://localhost:${port}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
