// The request id of every answer (decision 059): a fresh UUID, or the X-Request-Id of a proxy we trust
// (TRUST_PROXY) when it looks like an id, so the proxy's log and ours name the request alike. It is sent
// back in X-Request-Id and kept in `res.locals.requestId` for the router context and the error handler.
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

const ACCEPTED = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIds({ trustProxy }: { trustProxy: boolean }): RequestHandler {
  return (req, res, next) => {
    const given = trustProxy ? req.get("x-request-id") : undefined;
    const id = given && ACCEPTED.test(given) ? given : randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    next();
  };
}
