// Headers for a page opened by a secret in its address (a password reset, an unsubscribe, a newsletter
// confirmation, a consultation booking): never cached, and the address never sent to another site as a
// referrer. "same-origin", not "no-referrer": under "no-referrer" browsers send `Origin: null` with the
// page's own form POST (with or without JavaScript), which the same-origin guard (./same-origin.server.ts)
// rightly refuses, so the page's button would never work.
export const SECRET_LINK_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
} as const;
