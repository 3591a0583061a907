// Security headers for every response the production server sends (pages, API, assets). The
// Content-Security-Policy is not here: it carries a per-request nonce, so app/entry.server.tsx sets it
// on each HTML document.

/** @type {Record<string, string>} */
export const SECURITY_HEADERS = {
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** HSTS only means something over HTTPS, and only production should pin browsers to it. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Express middleware. `production` decides HSTS together with `req.secure` (which honours TRUST_PROXY's
 * X-Forwarded-Proto).
 * @param {{ production: boolean }} options
 * @returns {(req: import("express").Request, res: import("express").Response, next: () => void) => void}
 */
export function securityHeaders({ production }) {
  return (req, res, next) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (production && req.secure) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}
