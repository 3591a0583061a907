// Requests answered before React Router sees them: ones it cannot route or represent. Shared by
// server/app.ts and the fuzz suite, so the tests drive the same stack that production runs.
//  - methods the resource does not have (server/allowed-methods.ts says which it has), answered 405 with
//    exactly those in `Allow` — React Router would answer a page's OPTIONS or PROPFIND 405 itself, without
//    `Allow` and with an error logged, and the Fetch API cannot even represent CONNECT/TRACE/TRACK;
//  - OPTIONS on an API resource: 204 with its methods in `Allow` (CORS headers come before, server/app.ts);
//  - paths with control characters (no route can match one: React Router's patterns stop at a newline)
//    or with broken percent-encoding (routing cannot decode them).
// Under /api the answer is the API's JSON error shape; elsewhere plain text.

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const allowed = new Set(ALLOWED_METHODS);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we refuse.
const CONTROL = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001f\u007f]/i;

function decodedPath(rawPath) {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

/** Whether a path is under /api as routing sees it (decoded, any case, dot segments resolved). */
export function looksLikeApi(rawPath) {
  let resolved;
  try {
    resolved = new URL(rawPath, "http://x").pathname;
  } catch {
    resolved = rawPath;
  }
  // Lenient decoding (each valid escape alone), so a broken escape later in the path still counts.
  const decoded = resolved
    .replace(/%([0-9a-f]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
    .toLowerCase();
  return decoded === "/api" || decoded.startsWith("/api/") || decoded.startsWith("/api.");
}

/**
 * Whether a path is the embedded tus upload endpoint (/api/videos/tus/:id), the one place under /api that
 * speaks OPTIONS (tus clients may send it; the route answers its capabilities).
 */
export function isTusUploadPath(rawPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(new URL(rawPath, "http://x").pathname);
  } catch {
    return false;
  }
  return /^\/api\/videos\/tus\/[0-9a-f-]{36}$/i.test(decoded);
}

/**
 * @param {string} method
 * @param {string} rawUrl the request target as sent (path and query), or an absolute URL
 * @param {(path: string) => string[] | null} [allowedMethods] the methods the resource at a path answers
 *   (server/allowed-methods.ts), or null where only a catch-all answers
 * @returns {{ status: number, headers: Record<string, string>, body: string } | null} the answer, or null
 */
export function edgeRefusal(method, rawUrl, allowedMethods = () => null) {
  const target = /^[a-z][a-z0-9+.-]*:\/\//i.test(rawUrl) ? rawUrl.replace(/^[^/]*\/\/[^/]*/, "") : rawUrl;
  const rawPath = target.split("?")[0] || "/";
  const api = looksLikeApi(rawPath);
  const refuse = (status, code, message, extra = {}) =>
    api
      ? {
          status,
          headers: { "Content-Type": "application/json; charset=utf-8", ...extra },
          body: JSON.stringify({ error: { code, message } }),
        }
      : { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...extra }, body: message };

  if (CONTROL.test(rawPath) || decodedPath(rawPath) === null)
    return refuse(400, "bad_request", "The request path is malformed.");
  // Single-fetch data URLs (`/x.data`) exist only for pages; under /api they are just unknown paths.
  if (api && /\.data$/i.test(rawPath)) return refuse(404, "not_found", "There is no such API endpoint.");

  const allow = allowedMethods(rawPath);
  // The tus endpoint's resource route answers OPTIONS itself (its capabilities); React Router passes
  // OPTIONS to resource routes, while on pages it would answer 405 itself and log an error.
  if (method === "OPTIONS" && api && isTusUploadPath(rawPath)) return null;
  if (method === "OPTIONS" && allow?.includes("OPTIONS"))
    return { status: 204, headers: { Allow: allow.join(", ") }, body: "" };
  if (allow && !allow.includes(method))
    return refuse(405, "method_not_allowed", "This method is not allowed here.", { Allow: allow.join(", ") });
  // No route but a catch-all: React Router's 404 takes the methods it can represent.
  if (!allowed.has(method) || method === "OPTIONS")
    return refuse(
      api ? 404 : 405,
      api ? "not_found" : "method_not_allowed",
      api ? "There is no such API endpoint." : "This method is not allowed here.",
      api ? {} : { Allow: "GET, HEAD" },
    );
  return null;
}
