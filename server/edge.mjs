// Requests refused before React Router sees them: ones it cannot route or represent. Shared by server.mjs
// and the fuzz suite, so the tests drive the same stack that production runs.
//  - methods outside the ones our routes answer (React Router would answer 405 in its own shape, and the
//    Fetch API cannot even represent CONNECT/TRACE/TRACK);
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
 * @returns {{ status: number, headers: Record<string, string>, body: string } | null} the refusal, or null
 */
export function edgeRefusal(method, rawUrl) {
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

  // React Router answers OPTIONS itself with a 405 page before any middleware runs; under /api give the
  // same answer in the API's shape — except on the tus upload endpoint, whose resource route answers it.
  if (!allowed.has(method) || (api && method === "OPTIONS" && !isTusUploadPath(rawPath)))
    return refuse(405, "method_not_allowed", "This method is not allowed here.", {
      Allow: ALLOWED_METHODS.join(", "),
    });
  if (CONTROL.test(rawPath) || decodedPath(rawPath) === null)
    return refuse(400, "bad_request", "The request path is malformed.");
  // Single-fetch data URLs (`/x.data`) exist only for pages; under /api they are just unknown paths.
  if (api && /\.data$/i.test(rawPath)) return refuse(404, "not_found", "There is no such API endpoint.");
  return null;
}
