// The security headers of every response the production server sends (pages, API, assets), through helmet.
// The Content-Security-Policy is not helmet's: each HTML document carries its own, with the nonce it was
// rendered with (app/entry.server.tsx, app/security/csp.server.ts), and a cached document keeps the header
// that matches its bytes.
import type { RequestHandler } from "express";
import helmet, { strictTransportSecurity } from "helmet";

/** Browser features no page of ours uses; helmet leaves this header to the application. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * `production` decides HSTS together with `req.secure` (which honours TRUST_PROXY's X-Forwarded-Proto):
 * HSTS only means something over HTTPS, and only production should pin browsers to it.
 */
export function securityHeaders({ production }: { production: boolean }): RequestHandler[] {
  const hsts = strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });
  return [
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      xFrameOptions: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
    (req, res, next) => {
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      if (production && req.secure) hsts(req, res, next);
      else next();
    },
  ];
}

/**
 * A route's Response may carry a header helmet has already set on every response — a file's
 * `X-Content-Type-Options: nosniff` (captions, uploads, offline files; decision 044). @react-router/express
 * copies each of the Response's headers with `res.append`, which sent such a header twice
 * (`nosniff, nosniff`; issue 43, item 9). Mounted just before React Router's handler, this sends a value the
 * response already has once; different values are still appended (`Vary: Origin` and the route's
 * `Vary: Accept-Language`, several cookies).
 */
export const sameHeaderValueOnce: RequestHandler = (_req, res, next) => {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) => {
    const current = res.getHeader(field);
    const values = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
    if (typeof value === "string" && values.includes(value)) return res;
    return append(field, value);
  };
  next();
};
