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
