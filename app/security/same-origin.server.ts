// Whether a state-changing request came from this site (CSRF): the rule the same-origin middleware
// (app/middleware/same-origin.server.ts) applies to every page action, and the tus upload route to its PATCH.
/**
 * Whether a state-changing request may proceed: its Origin (when sent) is this host; without an Origin,
 * the browser's Fetch Metadata must not say it came from another site. Clients that send neither (curl,
 * old browsers) carry no ambient cookie of a victim, so they pass.
 */
export function isSameOriginRequest(request: Request): boolean {
  const origin = request.headers.get("origin");
  const host = new URL(request.url).host;
  if (origin !== null) {
    try {
      return new URL(origin).host === host;
    } catch {
      return false; // "null" (sandboxed or privacy-stripped) and malformed origins
    }
  }
  return request.headers.get("sec-fetch-site") !== "cross-site";
}
